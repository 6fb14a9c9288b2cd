import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parlor, runCaptured, scratchDir } from '../cli.ts';

const scratch = scratchDir();

describe('parlor tournament', () => {
  test('plays every seating of every table and sums each strategy over them', async () => {
    const dir = join(scratch, 'rotated');
    const run = await runCaptured([
      'tournament',
      '--strategies',
      'random,cautious,counter',
      '--players',
      '3',
      '--seatings',
      'rotated',
      '--games',
      '90',
      '--workers',
      '2',
      '--out',
      dir,
      '--json',
    ]);
    assert.equal(run.code, 0);
    const summary = JSON.parse(run.out[0]);
    assert.deepEqual(summary.strategyNames, ['random', 'cautious', 'counter']);
    assert.deepEqual(
      summary.matchups.map((m: { seats: string[] }) => m.seats.join(' ')),
      ['random cautious counter', 'cautious counter random', 'counter random cautious'],
    );
    assert.equal(summary.games, 90);
    for (const name of summary.strategyNames) assert.equal(summary.strategies[name].games, 90, `${name} sat at every game`);
    assert.ok(summary.seats.every((seat: { strategy: string }) => seat.strategy === 'mixed'));
    assert.equal(summary.headToHead.length, 6);
    const pair = (a: string, b: string) =>
      summary.headToHead.find((row: { strategy: string; opponent: string }) => row.strategy === a && row.opponent === b);
    assert.ok(Math.abs(pair('random', 'counter').score + pair('counter', 'random').score - 1) < 1e-6, 'scores of a pair add to one');
    const wins = summary.matchups.reduce((sum: number, m: { wins: number[] }) => sum + m.wins.reduce((a, b) => a + b, 0), 0);
    assert.ok(Math.abs(wins - 90) < 1e-6);
    assert.deepEqual(
      readdirSync(dir)
        .filter((name) => name.endsWith('.csv'))
        .sort(),
      ['first-cards.csv', 'forfeits.csv', 'head-to-head.csv', 'matchups.csv', 'outs.csv', 'ratings.csv', 'seats.csv', 'strategies.csv'],
    );
    const job = JSON.parse(readFileSync(join(dir, 'job.json'), 'utf8'));
    assert.equal(job.command, 'tournament');
    assert.equal(job.seatings, 'rotated');
    assert.match(job.parlor.version, /^\d+\.\d+\.\d+/);
  });

  test('seats a field smaller than the table with repeats, in every distinct order', async () => {
    const run = await runCaptured([
      'tournament',
      '--strategies',
      'random,cautious',
      '--players',
      '3',
      '--games',
      '60',
      '--workers',
      '1',
      '--out',
      join(scratch, 'small'),
      '--json',
    ]);
    assert.equal(run.code, 0);
    const summary = JSON.parse(run.out[0]);
    // Tables {r, r, c} and {r, c, c}, three distinct orders each.
    assert.equal(summary.matchups.length, 6);
    assert.equal(summary.games, 60);
  });

  test('rates the field with intervals and draws its rating ladder and head-to-head matrix', async () => {
    const dir = join(scratch, 'ratings');
    const run = await parlor([
      'tournament',
      '--strategies',
      'random,counter',
      '--players',
      '2',
      '--games',
      '200',
      '--workers',
      '1',
      '--quiet',
      '--out',
      dir,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    assert.deepEqual(
      summary.ratings.map((row: { strategy: string }) => row.strategy),
      ['counter', 'random'],
    );
    for (const row of summary.ratings) assert.ok(row.low <= row.elo && row.elo <= row.high);
    for (const chart of ['rating-ladder', 'head-to-head']) assert.ok(existsSync(join(dir, 'charts', `${chart}.svg`)), chart);
    assert.match(readFileSync(join(dir, 'ratings.csv'), 'utf8'), /^strategy,elo,ci95Low,ci95High\ncounter,/);
  });

  test('runs the built-in field by default, one table of four', async () => {
    const run = await runCaptured([
      'tournament',
      '--seatings',
      'rotated',
      '--games',
      '8',
      '--workers',
      '1',
      '--out',
      join(scratch, 'default'),
      '--json',
    ]);
    assert.equal(run.code, 0);
    const summary = JSON.parse(run.out[0]);
    assert.equal(summary.players, 4);
    assert.ok(summary.strategyNames.includes('random'));
    assert.equal(summary.matchups.length, 4);
  });
});

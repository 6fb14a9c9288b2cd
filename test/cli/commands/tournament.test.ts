import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtinRegistry } from '../../../src/app.ts';
import { formatRunSummary } from '../../../src/cli/format.ts';
import { parlor, ROOT, runCaptured, startParlor } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

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
    assert.equal(summary.resultsDir, dir, 'the JSON says where the results went');
    assert.ok(!('resultsDir' in JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'))), 'the folder may move: not in its own files');
    assert.deepEqual(summary.strategyNames, ['random', 'cautious', 'counter']);
    // One match-up for the table, its seats rotated within each deal and reordered between deals.
    assert.deepEqual(
      summary.matchups.map((m: { seats: string[] }) => m.seats.join(' ')),
      ['random cautious counter'],
    );
    assert.equal(summary.design, 'duplicate');
    assert.equal(summary.games, 90);
    for (const name of summary.strategyNames) assert.equal(summary.strategies[name].games, 90, `${name} sat at every game`);
    assert.ok(summary.seats.every((seat: { strategy: string }) => seat.strategy === 'mixed'));
    assert.equal(summary.headToHead.length, 6);
    const pair = (a: string, b: string) =>
      summary.headToHead.find((row: { strategy: string; opponent: string }) => row.strategy === a && row.opponent === b);
    assert.ok(Math.abs(pair('random', 'counter').score + pair('counter', 'random').score - 1) < 1e-6, 'scores of a pair add to one');
    // Counted in pairs of seats held in one game (here one a game), and named so: not games.
    assert.equal(pair('random', 'counter').meetings, 90);
    assert.match(readFileSync(join(dir, 'head-to-head.csv'), 'utf8'), /^strategy,opponent,score,meetings\n/);
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
    assert.match(readFileSync(join(dir, 'ratings.csv'), 'utf8'), /^strategy,elo,ci95Low,ci95High,ci95Unit,unrated\ncounter,/);

    const [counter, random] = summary.ratings;
    const ratingRow = (row: { strategy: string; elo: number; low: number; high: number }) =>
      new RegExp(`^${row.strategy} +${row.elo.toFixed(0)} +${row.low.toFixed(0)} - ${row.high.toFixed(0)}$`, 'm');
    assert.match(run.stdout, /^strategy +rating +95% interval$/m, 'the terminal summary shows the ratings');
    assert.match(run.stdout, ratingRow(counter));
    assert.match(run.stdout, ratingRow(random));
    const score = (a: string, b: string) =>
      summary.headToHead.find((row: { strategy: string; opponent: string }) => row.strategy === a && row.opponent === b).score;
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    assert.match(run.stdout, /^ +1 +2$/m, 'and the head-to-head matrix, its columns numbered like its rows');
    assert.match(run.stdout, new RegExp(`^1 random +- +${percent(score('random', 'counter'))}$`, 'm'));
    assert.match(run.stdout, new RegExp(`^2 counter +${percent(score('counter', 'random'))} +-$`, 'm'));
    assert.doesNotMatch(run.stdout, /PARTIAL/);
    assert.ok(!readFileSync(join(dir, 'index.html'), 'utf8').includes('class="partial"'));
    assert.match(
      formatRunSummary({ ...summary, complete: false, gamesPlanned: 800 }),
      /^PARTIAL RESULTS: the run stopped after 200 of 800 games\n/,
    );
  });

  test('shows a strategy that never won with an open interval and why, in print, summary.json, CSV and chart', async () => {
    const dir = join(scratch, 'winless');
    const args = ['tournament', '--game', 'dominion', '--strategies', 'big-money,smithy-bm,random', '--players', '3', '--games', '300'];
    const run = await parlor([...args, '--seed', 'dm2', '--workers', '1', '--quiet', '--out', dir]);
    assert.equal(run.code, 0, run.stderr);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    const [smithy, bigMoney, random] = summary.ratings;
    assert.deepEqual([smithy.strategy, bigMoney.strategy, random.strategy], ['smithy-bm', 'big-money', 'random']);
    assert.deepEqual([random.elo, random.low, random.unrated], [null, null, 'below']);
    // Its finite end is its win rate's interval mapped through the fit: there, against the rated
    // two at their estimates, its expected share is the top of that interval over the deal groups.
    const strength = (elo: number) => 10 ** (elo / 400);
    const share = strength(random.high) / (strength(random.high) + strength(smithy.elo) + strength(bigMoney.elo));
    assert.equal(summary.strategies.random.ci95Unit, 'deal group');
    assert.ok(Math.abs(share - summary.strategies.random.ci95[1]) < 1e-4, `${share} against ${summary.strategies.random.ci95}`);
    assert.ok(random.high < smithy.low);
    assert.match(run.stdout, /^ratings on the Elo scale \(0: the rated strategies' average\)/m);
    assert.match(run.stdout, new RegExp(`^random +-∞ +below ${random.high.toFixed(0)}$`, 'm'));
    assert.match(run.stdout, /^random: it never won a game where a rated strategy sat, so no finite rating fits; /m);
    assert.match(
      readFileSync(join(dir, 'ratings.csv'), 'utf8'),
      new RegExp(`\nrandom,-Infinity,-Infinity,${random.high},deal group,below\n`),
    );
    assert.ok(existsSync(join(dir, 'charts', 'rating-ladder.svg')));
    // Read back from summary.json, where null stands for the infinities, it prints the same.
    assert.match(formatRunSummary(summary), new RegExp(`^random +-∞ +below ${random.high.toFixed(0)}$`, 'm'));
  });

  test('runs the built-in field by default, every four of it at a table', async () => {
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
    const field = builtinRegistry().strategiesOf('love-letter').length;
    assert.deepEqual(
      [...summary.strategyNames].sort(),
      builtinRegistry()
        .strategiesOf('love-letter')
        .map((s) => s.name)
        .sort(),
    );
    // Every four of the field, each table one match-up whose seats the duplicate design moves.
    const tables = (field * (field - 1) * (field - 2) * (field - 3)) / 24;
    assert.equal(summary.matchups.length, tables);
  });

  test('says when its intervals and ratings rest on few deal groups, and how many games make enough', async () => {
    // One worker: the deal groups and the note follow the games, never the workers, and each
    // worker thread of a run in this process loads parlor's sources afresh.
    const args = ['tournament', '--strategies', 'random,cautious,counter', '-p', '2', '--seed', 'few', '--workers', '1'];
    // Six match-ups (every order of every pair) replay the same deals: 5 games each are 5 deal groups.
    const few = await runCaptured([...args, '--games', '30', '--out', join(scratch, 'few-groups')]);
    assert.equal(few.code, 0);
    assert.equal(JSON.parse(readFileSync(join(scratch, 'few-groups', 'summary.json'), 'utf8')).dealGroups, 5);
    assert.match(
      few.out.join('\n'),
      /note: the intervals and ratings above rest on 5 deal groups.*--games 120 or more gives every match-up 20 deals/,
    );
    const enough = await runCaptured([...args, '--games', '120', '--out', join(scratch, 'enough-groups')]);
    assert.equal(JSON.parse(readFileSync(join(scratch, 'enough-groups', 'summary.json'), 'utf8')).dealGroups, 20);
    assert.doesNotMatch(enough.out.join('\n'), /deal groups/);
    // With the duplicate design a deal is a block of rotations, two games at two seats: twice the games.
    const dealt = await runCaptured([...args, '--design', 'duplicate', '--games', '120', '--out', join(scratch, 'duplicate-groups')]);
    assert.equal(JSON.parse(readFileSync(join(scratch, 'duplicate-groups', 'summary.json'), 'utf8')).dealGroups, 10);
    assert.match(dealt.out.join('\n'), /rest on 10 deal groups.*--games 240 or more gives every match-up 20 deals/);
  });

  test('under the duplicate design, names the deal groups its intervals count, not the blocks that replay them', async () => {
    const dir = join(scratch, 'duplicate-units');
    const args = ['tournament', '--strategies', 'random,cautious,counter', '-p', '2', '--design', 'duplicate', '--seed', 'units'];
    const run = await runCaptured([...args, '--games', '120', '--workers', '1', '--out', dir]);
    assert.equal(run.code, 0);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    // Six seatings of 10 blocks each replay the same 10 deals: each strategy plays 40 blocks, 10 deal groups.
    assert.equal(summary.dealGroups, 10);
    assert.equal(summary.strategies.random.blocks.blocks, 40);
    assert.equal(summary.strategies.random.ci95Unit, 'deal group');
    const printed = run.out.join('\n');
    assert.match(printed, /^duplicate deals: the interval to trust is the one over groups of deals \(10 deal groups: /m);
    assert.match(printed, /^strategy +deal-group mean +95% interval$/m);
    assert.doesNotMatch(printed, /40 blocks|block mean/);
  });

  test('stopped part way, it has played every seating alike: a copy of a strategy is no leader', async () => {
    const dir = join(scratch, 'stopped');
    const copy = join(ROOT, 'test/fixtures/strategies/copies/big-money.json');
    const args = ['tournament', '--game', 'dominion', '--strategies', `big-money,${copy}`, '--players', '2'];
    // Small batches: the four it waits for are soon played, and a stop still finds some in flight.
    const batch = 100;
    const { child, finished } = startParlor([...args, '--games', '2000000', '--batch', String(batch), '--workers', '2', '--out', dir]);
    let exited = false;
    void finished.then(() => (exited = true));
    const kept = () => {
      try {
        const checkpoint = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8'));
        return checkpoint.merged + checkpoint.pending.length;
      } catch {
        return 0;
      }
    };
    while (!exited && kept() < 4) await sleep(20);
    child.kill('SIGINT');
    const stopped = await finished;
    assert.equal(stopped.code, 130, stopped.stderr);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    assert.equal(summary.complete, false);
    const [games, reversed] = summary.matchups.map((matchup: { games: number }) => matchup.games);
    assert.ok(games > 0 && games === reversed, `the two seatings played ${games} and ${reversed} games`);
    assert.match(
      stopped.stderr,
      new RegExp(`stopped after ${summary.games.toLocaleString('en-US')} of `),
      'the games kept are those counted',
    );
    // Batches of a round half played are left out of those figures but kept, and the line says so.
    const ahead = kept() * batch - summary.games;
    if (ahead > 0)
      assert.match(
        stopped.stderr,
        new RegExp(`the resume keeps ${ahead.toLocaleString('en-US')} more games? played in a round not yet finished`),
      );
    else assert.doesNotMatch(stopped.stderr, /the resume keeps/);
    // The copy decides as its original on the same deals: whole rounds split every deal evenly.
    for (const rating of summary.ratings) assert.ok(rating.low < 0 && rating.elo === 0 && rating.high > 0, JSON.stringify(rating));
  });

  test('says on stderr when it plays more games than --games, and why', async () => {
    const played = async (...args: string[]) => {
      const run = await runCaptured([...args, '--workers', '1', '--out', join(scratchDir(), 'run'), '--json']);
      assert.equal(run.code, 0, run.warnings.join('\n'));
      return { games: JSON.parse(run.out[0]).games, notes: run.warnings.filter((line) => line.startsWith('note: --games')) };
    };
    const field = ['tournament', '--strategies', 'random,cautious,counter', '--players', '3'];
    assert.deepEqual(await played(...field, '--games', '5'), {
      games: 6,
      notes: ['note: --games 5 plays 6 games: each of the 6 seatings plays the same number of games (1)'],
    });
    assert.deepEqual(await played(...field, '--games', '6'), { games: 6, notes: [] });
    assert.deepEqual(await played(...field, '--games', '14', '--design', 'duplicate'), {
      games: 18,
      notes: [
        'note: --games 14 plays 18 games: each of the 6 seatings plays the same number of whole blocks of 3 games ' +
          '(3 games each; the duplicate design deals each deal once from every seat)',
      ],
    });
    assert.deepEqual(await played('sim', '--players', '3', '--design', 'duplicate', '--games', '10'), {
      games: 12,
      notes: ['note: --games 10 plays 12 games: whole blocks of 3 games (the duplicate design deals each deal once from every seat)'],
    });
  });

  test('says on stderr when its --batch is not whole blocks, and what it plays instead', async () => {
    const notes = async (batch: string) => {
      const args = ['sim', '--players', '2', '--design', 'duplicate', '--games', '8', '--batch', batch, '--workers', '1'];
      const run = await runCaptured([...args, '--out', join(scratchDir(), 'run'), '--json']);
      assert.equal(run.code, 0, run.warnings.join('\n'));
      return run.warnings.filter((line) => line.startsWith('note: --batch'));
    };
    assert.deepEqual(await notes('3'), [
      'note: --batch 3 plays batches of 4 games: whole blocks of 2 games (the duplicate design deals each deal once from every seat)',
    ]);
    assert.deepEqual(await notes('4'), []);
  });
});

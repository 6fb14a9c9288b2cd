import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MatchPlayer } from '../../src/runner/batch.ts';
import { Counters } from '../../src/runner/counters.ts';
import type { DesignName } from '../../src/runner/design.ts';
import { prepareMatch } from '../../src/runner/match.ts';
import { summarizeRun, type SummaryMatchup } from '../../src/runner/summary.ts';
import { Z95 } from '../../src/stats/normal.ts';
import { wilson } from '../../src/stats/wilson.ts';
import { builtinRegistry } from '../../src/app.ts';

/** Plays each seating's games 0..games-1 (its own game indices from `offset`, the same deals), as a tournament does. */
async function summaryOf(seatings: string[][], games: number, seed: string, design: DesignName = 'independent', gameId = 'love-letter') {
  const strategies = [...new Set(seatings.flat())];
  const matchups: SummaryMatchup[] = [];
  for (const [index, seats] of seatings.entries()) {
    const match = await prepareMatch(builtinRegistry(), { game: gameId, seats, rules: {}, seed });
    const counters = new Counters(match.layout);
    const offset = index * games;
    new MatchPlayer(match, design).play({ offset, from: 0, to: games }, counters);
    matchups.push({ seats, offset, slotNames: match.slots.map((slot) => slot.spec.text), counters });
  }
  const game = builtinRegistry().game(gameId);
  return summarizeRun({ game, design, seed, gamesPlanned: games * seatings.length, strategies, matchups });
}

function sd(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
}

describe('win-rate intervals count independent units', () => {
  test('one seat of independent games: the Wilson interval over games', async () => {
    const summary = await summaryOf([['counter', 'random', 'random']], 300, 'units');
    const counter = summary.strategies.counter;
    assert.equal(counter.ci95Unit, 'game');
    const expected = wilson(counter.wins, counter.games);
    assert.ok(Math.abs(counter.ci95[0] - expected.low) < 1e-6 && Math.abs(counter.ci95[1] - expected.high) < 1e-6);
  });

  test('four copies in four seats take exactly a quarter of every game: no spread at all', async () => {
    const summary = await summaryOf([['random', 'random', 'random', 'random']], 200, 'units');
    const random = summary.strategies.random;
    assert.equal(random.ci95Unit, 'block');
    assert.equal(random.winRate, 0.25);
    // Counted per seat-game, 800 games at a quarter would give a Wilson interval 0.06 wide.
    assert.deepEqual(random.ci95, [0.25, 0.25]);
  });

  test('the interval matches the spread across seeds: a strategy in two seats, and match-ups sharing deals', async () => {
    // Per seed: counter in two seats of a 3-player table, and in a two-seating tournament whose
    // match-ups replay the same deals. The printed half-width over z is the standard error the
    // rates really have from seed to seed. Only one of counter's seats can win a game, so its
    // seat-games are far from independent: intervals per seat-game were 4.8 and 1.6 times too wide.
    const seeds = Array.from({ length: 60 }, (_, i) => `spread-${i}`);
    const cases = [
      { seatings: [['counter', 'counter', 'random']], games: 200, unit: 'block' },
      {
        seatings: [
          ['counter', 'counter', 'random'],
          ['random', 'counter', 'cautious'],
        ],
        games: 128,
        unit: 'deal group',
      },
    ];
    for (const { seatings, games, unit } of cases) {
      const rates: number[] = [];
      const ses: number[] = [];
      for (const seed of seeds) {
        const counter = (await summaryOf(seatings, games, seed)).strategies.counter;
        assert.equal(counter.ci95Unit, unit);
        rates.push(counter.winRate);
        ses.push((counter.ci95[1] - counter.ci95[0]) / (2 * Z95));
      }
      const printed = ses.reduce((sum, se) => sum + se, 0) / ses.length;
      const ratio = printed / sd(rates);
      // 60 seeds measure the spread within about 9%.
      assert.ok(ratio > 0.8 && ratio < 1.25, `${unit}: printed se ${printed}, spread across seeds ${sd(rates)}`);
    }
  });

  test('a seat on rotated deals: the interval between blocks matches the spread across seeds', async () => {
    // In the duplicate design a seat plays each deal once per rotation, with a different strategy
    // each time; those games share the deal, so the block is the seat's sample.
    const rates: number[] = [];
    const ses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const seat = (await summaryOf([['counter', 'cautious', 'random']], 150, `seat-${i}`, 'duplicate')).seats[0];
      assert.equal(seat.ci95Unit, 'block');
      rates.push(seat.winRate);
      ses.push((seat.ci95[1] - seat.ci95[0]) / (2 * Z95));
    }
    const ratio = ses.reduce((sum, se) => sum + se, 0) / ses.length / sd(rates);
    assert.ok(ratio > 0.8 && ratio < 1.25, `printed se over the spread across seeds: ${ratio}`);
  });
});

describe("a game's declared means", () => {
  const pointsOf = (summary: Awaited<ReturnType<typeof summaryOf>>, strategy: string) => {
    const points = summary.metrics.find((metric) => metric.name === 'points');
    assert.ok(points && points.kind === 'moments');
    return points.rows.find((row) => row.strategy === strategy)!;
  };

  test('record one value per seat and hand', async () => {
    const summary = await summaryOf([['ducking', 'random', 'random', 'random']], 50, 'records', 'independent', 'hearts');
    assert.equal(pointsOf(summary, 'ducking').records, summary.rounds);
    assert.equal(pointsOf(summary, 'random').records, 3 * summary.rounds);
    // Every hand hands out 26 points (a moon shot 78, three players taking 26 each).
    const total = ['ducking', 'random'].reduce((sum, name) => sum + pointsOf(summary, name).mean * pointsOf(summary, name).records, 0);
    assert.ok(total >= 26 * summary.rounds - 1e-3, `${total} points in ${summary.rounds} hands`);
  });

  test('have intervals that match the spread across seeds, with hands of one game and seats of one table counted together', async () => {
    // Hands of one game share nothing but the players, yet a strategy in two seats takes points
    // the other seat does not: per-hand values are not independent samples, the games are.
    for (const seating of [
      ['ducking', 'random', 'random', 'random'],
      ['ducking', 'ducking', 'random', 'random'],
    ]) {
      const means: number[] = [];
      const ses: number[] = [];
      for (let i = 0; i < 50; i++) {
        const row = pointsOf(await summaryOf([seating], 60, `points-${i}`, 'independent', 'hearts'), 'ducking');
        means.push(row.mean);
        ses.push((row.ci95[1] - row.ci95[0]) / (2 * Z95));
      }
      const ratio = ses.reduce((sum, se) => sum + se, 0) / ses.length / sd(means);
      // 50 seeds measure the spread within about 10%.
      assert.ok(ratio > 0.75 && ratio < 1.3, `${seating.join(',')}: printed se over the spread across seeds: ${ratio}`);
    }
  });

  test('keep a rate inside what a share can be, however rare the event', async () => {
    const summary = await summaryOf([['random', 'random', 'random', 'random']], 10, 'rare', 'independent', 'hearts');
    const moonShots = summary.metrics.find((metric) => metric.name === 'moonShots');
    assert.ok(moonShots && moonShots.kind === 'moments' && moonShots.format === 'rate');
    const [row] = moonShots.rows;
    assert.ok(row.mean > 0 && row.mean < 0.05, `a rare event: ${row.mean}`);
    assert.ok(row.ci95[0] >= 0 && row.ci95[0] <= row.mean && row.ci95[1] <= 1, `${row.ci95}`);
  });
});

describe('a sequence metric (Dominion by turn)', () => {
  test('carries its flag into the summary, and each point counts the games that reached it', async () => {
    const games = 40;
    const summary = await summaryOf([['big-money', 'smithy-bm']], games, 'curves', 'independent', 'dominion');
    const curve = summary.metrics.find((metric) => metric.name === 'vpByTurn');
    assert.ok(curve && curve.kind === 'moments' && curve.sequence === true);
    const rows = curve.rows.filter((row) => row.strategy === 'big-money');
    assert.equal(rows[0].label, '1');
    assert.equal(rows[0].records, games, 'every game reaches turn 1');
    assert.equal(rows[0].mean, 3, 'three estates');
    for (let turn = 1; turn < rows.length; turn++) assert.ok(rows[turn].records <= rows[turn - 1].records, 'fewer games reach later turns');
    const length = summary.metrics.find((metric) => metric.name === 'turns');
    assert.ok(length && length.kind === 'moments' && length.neutral === true && length.sequence === undefined);
  });
});

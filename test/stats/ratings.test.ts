import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrapRatings, fitRatings, fitRatingsFromGames, mergeTables, rankability, tablesFromGames } from '../../src/stats/ratings.ts';
import type { GameOutcome, TableResults } from '../../src/stats/ratings.ts';
import { assertClose } from '../helpers/numbers.ts';
import { wilson } from '../../src/stats/wilson.ts';

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('two players: the strength ratio is the win ratio', () => {
  const ratings = fitRatings([{ players: [0, 1], games: 40, wins: [30, 10] }], { priorWins: 0 });
  assert.ok(ratings.converged);
  assertClose(ratings.gamma[0] / ratings.gamma[1], 3, 1e-9);
  assertClose(ratings.gamma[0] * ratings.gamma[1], 1, 1e-12);
  // 400 log10 3 = 190.8485, split evenly around the field's average.
  assertClose(ratings.elo[0] - ratings.elo[1], 190.8485, 1e-4);
  assertClose(ratings.elo[0], 95.42425, 1e-5);
});

test('the prior adds one drawn game against the field', () => {
  // Two strategies: one virtual game, half a win each, so the ratio becomes 30.5 / 10.5.
  const ratings = fitRatings([{ players: [0, 1], games: 40, wins: [30, 10] }]);
  assertClose(ratings.gamma[0] / ratings.gamma[1], 30.5 / 10.5, 1e-9);
});

test('one three-player table: strengths proportional to wins', () => {
  // Every game has the same denominator, so the MLE is gamma proportional to (5, 3, 2).
  const ratings = fitRatings([{ players: [0, 1, 2], games: 10, wins: [5, 3, 2] }], { priorWins: 0 });
  assertClose(ratings.gamma[0] / ratings.gamma[2], 2.5, 1e-9);
  assertClose(ratings.gamma[1] / ratings.gamma[2], 1.5, 1e-9);
});

const MIXED: TableResults[] = [
  { players: [0, 1, 2], games: 10, wins: [5, 3, 2] },
  { players: [1, 0], games: 4, wins: [3, 1] },
  { players: [1, 2], games: 6, wins: [2, 4] },
  // Strategy 2 in two seats of the same game.
  { players: [2, 0, 2], games: 5, wins: [1, 2, 2] },
];

function logLikelihood(tables: readonly TableResults[], gamma: readonly number[]): number {
  let total = 0;
  for (const table of tables) {
    const strength = table.players.reduce((sum, player) => sum + gamma[player], 0);
    table.players.forEach((player, seat) => (total += table.wins[seat] * Math.log(gamma[player])));
    total -= table.games * Math.log(strength);
  }
  return total;
}

test('mixed tables: the fit solves the Plackett-Luce fixed-point equation', () => {
  const ratings = fitRatings(MIXED, { priorWins: 0 });
  assert.ok(ratings.converged);
  const { gamma } = ratings;
  // W_j = gamma_j * sum over games of (seats of j) / (table strength), computed here from scratch.
  const wins = [0, 0, 0];
  const exposure = [0, 0, 0];
  for (const table of MIXED) {
    const strength = table.players.reduce((sum, player) => sum + gamma[player], 0);
    table.players.forEach((player, seat) => {
      wins[player] += table.wins[seat];
      exposure[player] += table.games / strength;
    });
  }
  for (let j = 0; j < 3; j++) assertClose(gamma[j] * exposure[j], wins[j], 1e-8);
  assertClose(
    gamma.reduce((product, g) => product * g, 1),
    1,
    1e-12,
  );
  // And it is a maximum: nudging any strength lowers the likelihood.
  const best = logLikelihood(MIXED, gamma);
  for (let j = 0; j < 3; j++) {
    for (const factor of [0.99, 1.01]) {
      const nudged = gamma.map((g, k) => (k === j ? g * factor : g));
      assert.ok(logLikelihood(MIXED, nudged) < best);
    }
  }
});

test('seat order does not matter and games compress to tables', () => {
  const merged = mergeTables([
    { players: [0, 1], games: 3, wins: [2, 1] },
    { players: [1, 0], games: 2, wins: [2, 0] },
  ]);
  assert.deepEqual(merged, [{ players: [0, 1], games: 5, wins: [2, 3] }]);

  const games: GameOutcome[] = [
    { players: [0, 1, 2], shares: [1, 0, 0] },
    { players: [2, 0, 1], shares: [0.5, 0.5, 0] },
    { players: [1, 2], shares: [0, 1] },
  ];
  assert.deepEqual(tablesFromGames(games), [
    { players: [0, 1, 2], games: 2, wins: [1.5, 0, 0.5] },
    { players: [1, 2], games: 1, wins: [0, 1] },
  ]);
  assert.deepEqual(fitRatingsFromGames(games), fitRatings(tablesFromGames(games)));
});

test('a strategy that never wins gets a finite, lowest rating from the prior', () => {
  const tables: TableResults[] = [
    { players: [0, 1, 2], games: 30, wins: [14, 10, 6] },
    { players: [0, 3], games: 20, wins: [20, 0] },
    { players: [1, 2, 3], games: 10, wins: [5, 5, 0] },
  ];
  const ratings = fitRatings(tables);
  assert.ok(ratings.converged);
  assert.ok(ratings.elo.every(Number.isFinite));
  assert.equal(Math.min(...ratings.elo), ratings.elo[3]);
  assert.throws(() => fitRatings(tables, { priorWins: 0 }), RangeError);
});

test('strategies that appear nowhere sit at the average', () => {
  const ratings = fitRatings([{ players: [0, 1], games: 10, wins: [6, 4] }], { strategies: 3 });
  assert.equal(ratings.elo.length, 3);
  assert.ok(ratings.elo[0] > ratings.elo[2] && ratings.elo[2] > ratings.elo[1]);
  assert.throws(() => fitRatings([{ players: [0, 5], games: 1, wins: [1, 0] }], { strategies: 3 }), RangeError);
});

/** Blocks of one deal each, played with three seat rotations; strategy 0 is the strongest. */
function simulatedBlocks(count: number): TableResults[][] {
  const random = seeded(12345);
  const strengths = [3, 2, 1];
  return Array.from({ length: count }, () => {
    const wins = [0, 0, 0];
    for (let rotation = 0; rotation < 3; rotation++) {
      let pick = random() * 6;
      let winner = 0;
      while (pick >= strengths[winner]) pick -= strengths[winner++];
      wins[winner] += 1;
    }
    return [{ players: [0, 1, 2], games: 3, wins }];
  });
}

test('bootstrap intervals are reproducible and bracket the estimate', () => {
  const blocks = simulatedBlocks(60);
  const first = bootstrapRatings(blocks, seeded(7), { resamples: 200 });
  const again = bootstrapRatings(blocks, seeded(7), { resamples: 200 });
  assert.deepEqual(again, first);
  assert.equal(first.unconverged, 0);
  assert.deepEqual(first.elo, fitRatings(blocks.flat()).elo);
  for (let j = 0; j < 3; j++) assert.ok(first.low[j] < first.elo[j] && first.elo[j] < first.high[j]);
  assert.ok(first.low[0] > first.high[2], 'the strongest and weakest strategies are told apart');
  const other = bootstrapRatings(blocks, seeded(8), { resamples: 200 });
  assert.notDeepEqual(other.low, first.low);
});

test('blocks that all came out alike leave an interval, not a point: a win share without spread', () => {
  // A deterministic copy in both seatings of every deal (Dominion's big-money lists): each deal
  // group is won exactly half by each, so every resample fits the same ratings. The ratings then
  // hold the Wilson interval of the share at the number of groups, as the win rate beside them does.
  const blocks = Array.from({ length: 64 }, () => [
    { players: [0, 1], games: 30, wins: [12, 18] },
    { players: [1, 0], games: 30, wins: [12, 18] },
  ]);
  const fit = bootstrapRatings(blocks, seeded(3), { resamples: 200 });
  const share = wilson(32, 64);
  // Two strategies: each holds half of the difference E(share), the other's rating the negative.
  const half = 200 * Math.log10(share.high / (1 - share.high));
  for (let j = 0; j < 2; j++) {
    assertClose(fit.elo[j], 0, 1e-9);
    assertClose(fit.low[j], -half, 1e-6);
    assertClose(fit.high[j], half, 1e-6);
  }
});

test('intervals from a handful of blocks still cover: deals that favour one strategy are few', () => {
  // Six deals of 20 games each; each deal tilts the strengths its own way, so games of a deal are
  // correlated and only six independent units inform the fit, as in a tournament of many short match-ups.
  const random = seeded(99);
  const replications = 300;
  const fits = Array.from({ length: replications }, () => {
    const blocks = Array.from({ length: 6 }, () => {
      const strengths = [3, 2, 1].map((gamma) => gamma * Math.exp(random() - 0.5));
      const total = strengths.reduce((sum, gamma) => sum + gamma, 0);
      const wins = [0, 0, 0];
      for (let game = 0; game < 20; game++) {
        let pick = random() * total;
        let winner = 0;
        while (winner < 2 && pick >= strengths[winner]) pick -= strengths[winner++];
        wins[winner] += 1;
      }
      return [{ players: [0, 1, 2], games: 20, wins }];
    });
    return bootstrapRatings(blocks, random, { resamples: 200 });
  });
  for (let j = 0; j < 3; j++) {
    const centre = fits.reduce((sum, fit) => sum + fit.elo[j], 0) / replications;
    const covered = fits.filter((fit) => fit.low[j] <= centre && centre <= fit.high[j]).length / replications;
    assert.ok(covered >= 0.9 && covered <= 0.995, `strategy ${j}: ${covered}`);
  }
});

describe('strategies no finite rating fits', () => {
  test("rankability: who beat whom, by any share of a table's wins, and only the winner counts", () => {
    // 3 won nothing; 0 and 1 beat each other; 2 only tied with 1, which still makes them beat each other.
    const tables: TableResults[] = [
      { players: [0, 1, 3], games: 10, wins: [6, 4, 0] },
      { players: [1, 2], games: 4, wins: [3.5, 0.5] },
    ];
    assert.deepEqual(rankability(tables, 4), { standing: ['rated', 'rated', 'rated', 'below'], rated: [0, 1, 2] });
    // Winning every game it played, at a three-seat table and beside its own second seat: above.
    const sweeps: TableResults[] = [
      { players: [0, 1], games: 8, wins: [5, 3] },
      { players: [2, 0, 1], games: 6, wins: [6, 0, 0] },
      { players: [2, 2, 1], games: 4, wins: [1, 3, 0] },
      // A table of its own seats alone says nothing.
      { players: [2, 2], games: 5, wins: [2, 3] },
    ];
    assert.deepEqual(rankability(sweeps, 3).standing, ['rated', 'rated', 'above']);
    // Two strategies, one always ahead: neither group is larger, so the one listed first is rated.
    assert.deepEqual(rankability([{ players: [1, 0], games: 5, wins: [5, 0] }], 2).standing, ['below', 'rated']);
    // Two groups of two: the one topping more games is rated; the other, beaten by it, below.
    const pairs: TableResults[] = [
      { players: [0, 1], games: 2, wins: [1, 1] },
      { players: [2, 3], games: 10, wins: [5, 5] },
      { players: [2, 0], games: 4, wins: [4, 0] },
    ];
    assert.deepEqual(rankability(pairs, 4).standing, ['below', 'below', 'rated', 'rated']);
    // 3 sat with the rated 0 only where 4 won, so neither side ever beat the other: apart; so is 2,
    // which never played.
    const apart: TableResults[] = [
      { players: [0, 1], games: 6, wins: [3, 3] },
      { players: [4, 0, 3], games: 6, wins: [6, 0, 0] },
      { players: [1, 4], games: 6, wins: [0, 6] },
    ];
    assert.deepEqual(rankability(apart, 5).standing, ['rated', 'rated', 'apart', 'apart', 'above']);
  });

  /** Deal blocks of one three-seat table: 0 wins 3 in 4, 1 the rest, 2 never; `scale` multiplies every count. */
  function winlessBlocks(scale: number): TableResults[][] {
    return Array.from({ length: 30 }, (_, b) => [
      { players: [2, 0, 1], games: 8 * scale, wins: [0, (b % 3 === 0 ? 5 : 6) * scale, (b % 3 === 0 ? 3 : 2) * scale] },
    ]);
  }

  test("a winless strategy gets an open interval, bounded where its expected share reaches its win rate's interval", () => {
    const blocks = winlessBlocks(1);
    const intervals = bootstrapRatings(blocks, seeded(3), { resamples: 200 });
    assert.deepEqual(intervals.standing, ['rated', 'rated', 'below']);
    assert.deepEqual([intervals.elo[2], intervals.low[2]], [-Infinity, -Infinity]);
    assert.ok(Number.isFinite(intervals.high[2]) && intervals.high[2] < intervals.low[1], JSON.stringify(intervals));
    assert.equal(intervals.boundGames[2], 240);
    assert.equal(intervals.boundUnits[2], 30);
    // The bound is where its expected share, gamma / (gamma + the rated pair's), reaches the top of
    // the Wilson interval of its share (none) at the 30 blocks, as its win rate's interval does.
    const gamma = intervals.elo.slice(0, 2).map((elo) => 10 ** (elo / 400));
    const strength = 10 ** (intervals.high[2] / 400);
    assertClose(strength / (strength + gamma[0] + gamma[1]), wilson(0, 30).high, 1e-9);
    // The rated pair's average is 0 and their difference the win ratio's, as if 2 had never played.
    assertClose(intervals.elo[0] + intervals.elo[1], 0, 1e-9);
    const wins = blocks.flat().reduce((sum, table) => [sum[0] + table.wins[1], sum[1] + table.wins[2]], [0, 0]);
    assertClose(intervals.elo[0] - intervals.elo[1], 400 * Math.log10((wins[0] + 0.5) / (wins[1] + 0.5)), 1e-6);
    for (const j of [0, 1]) assert.ok(intervals.low[j] < intervals.elo[j] && intervals.elo[j] < intervals.high[j]);
  });

  test('more games, or a smaller prior, do not move the others: the winless strategy is out of their average', () => {
    const few = bootstrapRatings(winlessBlocks(1), seeded(4), { resamples: 200 });
    const many = bootstrapRatings(winlessBlocks(16), seeded(4), { resamples: 200 });
    const thin = bootstrapRatings(winlessBlocks(1), seeded(4), { resamples: 200, priorWins: 0.1 });
    const exact = bootstrapRatings(winlessBlocks(1), seeded(4), { resamples: 200, priorWins: 0 });
    for (const other of [many, thin, exact]) {
      for (const j of [0, 1]) {
        assert.ok(Math.abs(other.elo[j] - few.elo[j]) < 1, `${other.elo[j]} against ${few.elo[j]}`);
        assert.ok(other.low[j] <= few.high[j] && few.low[j] <= other.high[j]);
      }
    }
    // The bound rests on the blocks, not the games: 16 times the games replaying the same 30 blocks'
    // deals say no more (it moves only as the rated pair's estimates do, by the prior's weight),
    // while twice the blocks tighten it.
    assert.ok(Math.abs(many.high[2] - few.high[2]) < 1, `${many.high[2]} against ${few.high[2]}`);
    const more = bootstrapRatings([...winlessBlocks(1), ...winlessBlocks(1)], seeded(4), { resamples: 200 });
    assert.ok(more.high[2] < few.high[2] - 50, `${more.high[2]} against ${few.high[2]}`);
  });

  test('the bound does not count as independent the games that replay one deal in every seating', () => {
    // Each block: one deal played in the six seatings of a three-seat table, 2 winless in all of them.
    const seatings = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    const blocks: TableResults[][] = Array.from({ length: 40 }, (_, b) =>
      seatings.map((players) => ({ players, games: 1, wins: players.map((player) => (player === 2 ? 0 : player === b % 4 ? 1 : 0)) })),
    );
    const intervals = bootstrapRatings(blocks, seeded(6), { resamples: 100 });
    assert.deepEqual(intervals.standing, ['rated', 'rated', 'below']);
    assert.deepEqual([intervals.boundGames[2], intervals.boundUnits[2]], [240, 40]);
    // Its win rate, 0 of 40 deals, could be as high as Wilson's top at 40; the rating's end maps there,
    // not to where 240 independent games would put it.
    const gamma = intervals.elo.slice(0, 2).map((elo) => 10 ** (elo / 400));
    const share = (elo: number) => 10 ** (elo / 400) / (10 ** (elo / 400) + gamma[0] + gamma[1]);
    assertClose(share(intervals.high[2]), wilson(0, 40).high, 1e-9);
    assert.ok(share(intervals.high[2]) > 4 * (1 - 0.025 ** (1 / 240)));
  });

  test('a strategy that won every game it played is open above', () => {
    const blocks: TableResults[][] = Array.from({ length: 20 }, (_, b) => [
      { players: [0, 1], games: 6, wins: [b % 2 === 0 ? 4 : 3, b % 2 === 0 ? 2 : 3] },
      { players: [2, 0, 1], games: 3, wins: [3, 0, 0] },
    ]);
    const intervals = bootstrapRatings(blocks, seeded(5), { resamples: 100 });
    assert.deepEqual(intervals.standing, ['rated', 'rated', 'above']);
    assert.deepEqual([intervals.elo[2], intervals.high[2]], [Infinity, Infinity]);
    assert.ok(intervals.low[2] > intervals.high[0], JSON.stringify(intervals));
    assert.equal(intervals.boundGames[2], 60);
    // Its wins told nothing about 0 against 1: their ratings come from their own table alone.
    assert.deepEqual(intervals.elo.slice(0, 2), fitRatings(blocks.map((tables) => tables[0])).elo);
  });

  test('an ordinary field is rated whole, every interval closed', () => {
    const intervals = bootstrapRatings(simulatedBlocks(60), seeded(7), { resamples: 50 });
    assert.deepEqual(intervals.standing, ['rated', 'rated', 'rated']);
    assert.deepEqual(intervals.boundGames, [0, 0, 0]);
  });
});

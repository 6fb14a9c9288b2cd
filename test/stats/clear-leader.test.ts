import { test } from 'node:test';
import assert from 'node:assert/strict';
import { masterKey, Rng } from '../../src/core/random.ts';
import { lookForClearLeader, mixtureRadius, winRateRecord, type ContenderRecord } from '../../src/stats/clear-leader.ts';
import { normalQuantile } from '../../src/stats/normal.ts';

const REPLICATIONS = 2000;
const LOOK_GAMES = 100;
const CAP_GAMES = 10_000;
const CONFIDENCE = 0.95;

/**
 * Replays `REPLICATIONS` synthetic runs of a game where every one of `strategies` single-seat
 * players wins with probability `winChance[i]` (one winner a game), looking after every batch
 * with `stops`, and returns the share of runs it stopped before the cap.
 */
function stopRate(
  winChance: readonly number[],
  stops: (records: ContenderRecord[], games: number) => boolean,
  seed = 'clear-leader',
): number {
  const rng = new Rng();
  const key = masterKey(seed);
  const wins = new Float64Array(winChance.length);
  const cumulative = winChance.map((_, i) => winChance.slice(0, i + 1).reduce((a, b) => a + b, 0));
  let stopped = 0;
  for (let run = 0; run < REPLICATIONS; run++) {
    rng.seed(key, run, 0, 0);
    wins.fill(0);
    for (let games = LOOK_GAMES; games <= CAP_GAMES; games += LOOK_GAMES) {
      for (let game = 0; game < LOOK_GAMES; game++) {
        const draw = rng.float();
        let winner = 0;
        while (winner < cumulative.length - 1 && draw >= cumulative[winner]) winner++;
        wins[winner]++;
      }
      const records = winChance.map((_, i) => winRateRecord(`s${i}`, wins[i] / games, 1));
      if (stops(records, games)) {
        stopped++;
        break;
      }
    }
  }
  return stopped / REPLICATIONS;
}

const sequentialRule = (records: ContenderRecord[], games: number) => lookForClearLeader(records, games, CONFIDENCE).clear;

test('two equal strategies: the rule names a leader in at most 1 - confidence of the runs, looking every batch', () => {
  const rate = stopRate([0.5, 0.5], sequentialRule);
  assert.ok(rate <= 1 - CONFIDENCE, `false stops ${rate}`);
});

test('three equal strategies: the leader chosen from the data is still wrongly clear at most 1 - confidence of the time', () => {
  const rate = stopRate([1 / 3, 1 / 3, 1 / 3], sequentialRule);
  assert.ok(rate <= 1 - CONFIDENCE, `false stops ${rate}`);
});

test('the same looks with a fixed-sample one-sided z-test stop far more often than that: why the rule exists', () => {
  const z = normalQuantile(CONFIDENCE);
  const naive = stopRate([0.5, 0.5], (records, games) => {
    const [a, b] = records;
    return Math.abs(a.value - b.value) > z * Math.sqrt(1 / games);
  });
  assert.ok(naive > 3 * (1 - CONFIDENCE), `fixed-sample test stopped ${naive} of the runs`);
});

test('a clearly stronger strategy is found well before the cap', () => {
  assert.ok(stopRate([0.6, 0.4], sequentialRule) > 0.99);
  assert.ok(stopRate([0.45, 0.3, 0.25], sequentialRule) > 0.9);
});

test('the radius is the normal-mixture boundary in closed form', () => {
  // sigma sqrt((n + r) ln((n + r) / (r alpha^2))) / n with n = 700, r = 300, alpha = 0.05, sigma = 1.
  const expected = Math.sqrt(1000 * Math.log(1000 / (300 * 0.0025))) / 700;
  assert.ok(Math.abs(mixtureRadius(700, 1, 0.05, 300) - expected) < 1e-15);
  assert.equal(mixtureRadius(0, 1, 0.05), Infinity);
  // Half the range, half the radius; a smaller alpha, a wider one.
  assert.ok(Math.abs(mixtureRadius(5000, 0.5, 0.05) - mixtureRadius(5000, 1, 0.05) / 2) < 1e-15);
  assert.ok(mixtureRadius(5000, 1, 0.01) > mixtureRadius(5000, 1, 0.05));
});

test('the leader is the best win rate, margins are closest first, and an exact tie is never clear', () => {
  const look = lookForClearLeader([winRateRecord('a', 0.2, 1), winRateRecord('b', 0.5, 1), winRateRecord('c', 0.3, 1)], 100_000, 0.95);
  assert.equal(look.leader, 'b');
  assert.deepEqual(
    look.margins.map((margin) => margin.strategy),
    ['c', 'a'],
  );
  assert.ok(look.clear);
  const tie = lookForClearLeader([winRateRecord('a', 0.25, 2), winRateRecord('b', 0.25, 2)], 1e9, 0.95);
  assert.equal(tie.leader, 'a');
  assert.equal(tie.clear, false);
});

test('a strategy in two seats has half the range per seat-game: its margin needs half the width', () => {
  const single = lookForClearLeader([winRateRecord('a', 0.6, 1), winRateRecord('b', 0.4, 1)], 400, 0.95);
  const double = lookForClearLeader([winRateRecord('a', 0.3, 2), winRateRecord('b', 0.2, 2)], 400, 0.95);
  assert.ok(
    Math.abs(single.margins[0].difference - single.margins[0].lower - 2 * (double.margins[0].difference - double.margins[0].lower)) < 1e-12,
  );
});

test('refuses a single strategy and a confidence outside (0, 1)', () => {
  assert.throws(() => lookForClearLeader([winRateRecord('a', 1, 2)], 10, 0.95), RangeError);
  const two = [winRateRecord('a', 0.5, 1), winRateRecord('b', 0.5, 1)];
  assert.throws(() => lookForClearLeader(two, 10, 1), RangeError);
  assert.throws(() => lookForClearLeader(two, 10, 0), RangeError);
});

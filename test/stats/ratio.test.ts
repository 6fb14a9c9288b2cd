import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { summarizeBlocks } from '../../src/stats/blocks.ts';
import { ratioEstimate, ratioSumsOf } from '../../src/stats/ratio.ts';

function close(actual: number, expected: number, tolerance: number): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
}

test('ratio estimate by hand', () => {
  // Wins 1 of 2, 4 of 5, 0 of 4 rounds in three games: R = 5/11. Deviations x - R n: 1 - 10/11 = 1/11,
  // 4 - 25/11 = 19/11, -20/11; squares (1 + 361 + 400) / 121 = 6.297521; times 3/2 = 9.446281;
  // sqrt = 3.073480, over 11 rounds: se 0.279407.
  const estimate = ratioEstimate(ratioSumsOf([1, 4, 0], [2, 5, 4]));
  assert.equal(estimate.units, 3);
  close(estimate.rate, 5 / 11, 1e-15);
  close(estimate.se, 0.279407, 1e-6);
});

test('a unit that counted nothing still counts as sampled', () => {
  const without = ratioEstimate(ratioSumsOf([1, 4, 0], [2, 5, 4]));
  const withEmpty = ratioEstimate(ratioSumsOf([1, 4, 0, 0], [2, 5, 4, 0]));
  assert.equal(withEmpty.units, 4);
  assert.equal(withEmpty.rate, without.rate);
  // Same deviations, U / (U - 1) of 4/3 instead of 3/2.
  close(withEmpty.se, without.se * Math.sqrt(4 / 3 / (3 / 2)), 1e-15);
});

test('fewer than two units, or nothing counted: no spread to measure', () => {
  assert.ok(Number.isNaN(ratioEstimate(ratioSumsOf([3], [5])).se));
  assert.ok(Number.isNaN(ratioEstimate(ratioSumsOf([0, 0], [0, 0])).se));
});

test('units of one count each: the mean of the values and its standard error', () => {
  const values = fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 2, maxLength: 100 });
  fc.assert(
    fc.property(values, (xs) => {
      const estimate = ratioEstimate(
        ratioSumsOf(
          xs,
          xs.map(() => 1),
        ),
      );
      const blocks = summarizeBlocks(xs);
      close(estimate.rate, blocks.mean, 1e-9);
      close(estimate.se, blocks.se, 1e-7);
    }),
  );
});

test('the kept sums give the deviations of a two-pass computation', () => {
  const unit = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 40 }));
  fc.assert(
    fc.property(fc.array(unit, { minLength: 2, maxLength: 80 }), (units) => {
      const x = units.map(([wins, rounds]) => Math.min(wins, rounds));
      const n = units.map(([, rounds]) => rounds);
      const total = n.reduce((sum, count) => sum + count, 0);
      const rate = x.reduce((sum, wins) => sum + wins, 0) / total;
      const squares = x.reduce((sum, wins, u) => sum + (wins - rate * n[u]) ** 2, 0);
      const se = Math.sqrt((units.length / (units.length - 1)) * squares) / total;
      const estimate = ratioEstimate(ratioSumsOf(x, n));
      close(estimate.rate, rate, 1e-12);
      close(estimate.se, se, 1e-9);
    }),
  );
});

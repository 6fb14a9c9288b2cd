import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { wilson } from '../../src/stats/wilson.ts';
import { assertClose } from '../helpers/numbers.ts';

test('50 of 100: symmetric around 1/2', () => {
  // z^2 = 3.841459; centre = (0.5 + 0.019207) / 1.038415 = 0.5;
  // half = 1.959964 * sqrt(0.0025 + 0.000096036) / 1.038415 = 0.099863 / 1.038415 = 0.096168.
  const { p, low, high } = wilson(50, 100);
  assert.equal(p, 0.5);
  assertClose(low, 0.403832, 1e-6);
  assertClose(high, 0.596168, 1e-6);
});

test('0 of 10: lower bound 0, upper bound 2 * centre', () => {
  // centre = (3.841459 / 20) / 1.384146 = 0.138766; half = 1.959964 * sqrt(3.841459 / 400) / 1.384146
  // = 0.192073 / 1.384146 = 0.138766, so [0, 0.277533].
  const { p, low, high } = wilson(0, 10);
  assert.equal(p, 0);
  assert.equal(low, 0);
  assertClose(high, 0.277533, 1e-6);
});

test('8 of 10 and its mirror 2 of 10', () => {
  // centre = (0.8 + 0.192073) / 1.384146 = 0.716740;
  // half = 1.959964 * sqrt(0.016 + 0.0096036) / 1.384146 = 0.313617 / 1.384146 = 0.226578.
  const eight = wilson(8, 10);
  assertClose(eight.low, 0.490162, 1e-6);
  assertClose(eight.high, 0.943318, 1e-6);
  const two = wilson(2, 10);
  assertClose(two.low, 1 - eight.high, 1e-12);
  assertClose(two.high, 1 - eight.low, 1e-12);
});

test('fractional wins from shared games', () => {
  const shared = wilson(2.5, 5);
  assert.equal(shared.p, 0.5);
  assertClose(shared.low + shared.high, 1, 1e-12);
});

test('no games gives the whole range', () => {
  assert.deepEqual(wilson(0, 0), { p: 0, low: 0, high: 1 });
});

test('rejects impossible counts', () => {
  assert.throws(() => wilson(11, 10), RangeError);
  assert.throws(() => wilson(-1, 10), RangeError);
  assert.throws(() => wilson(1, -1), RangeError);
});

test('interval lies in [0, 1] and contains the observed rate', () => {
  const counts = fc
    .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([n, fraction]) => ({ n, wins: n * fraction }));
  fc.assert(
    fc.property(counts, ({ n, wins }) => {
      const { p, low, high } = wilson(wins, n);
      assert.ok(0 <= low && low <= p && p <= high && high <= 1, `${low} <= ${p} <= ${high}`);
    }),
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Z95 } from '../../src/stats/critical-value.ts';
import { normalCdf, normalQuantile } from '../../src/stats/normal.ts';
import { assertClose } from '../helpers/numbers.ts';

test('normal quantile matches published values', () => {
  assertClose(normalQuantile(0.975), 1.959963984540054, 1e-15);
  assertClose(normalQuantile(0.025), -1.959963984540054, 1e-15);
  assertClose(normalQuantile(0.995), 2.5758293035489004, 1e-14);
  assert.equal(normalQuantile(0.5), 0);
  // Phi(1) = 0.8413447460685429, so the quantile of the rounded 0.841344746 is 1 to about 1e-9.
  assertClose(normalQuantile(0.841344746), 1, 1e-9);
});

test('the critical value written out is the quantile at 0.975, to the last bit', () => {
  assert.equal(Z95, normalQuantile(0.975));
});

test('normal cdf matches published values', () => {
  assert.equal(normalCdf(0), 0.5);
  assertClose(normalCdf(1), 0.8413447460685429, 1e-15);
  assertClose(normalCdf(-1), 0.15865525393145707, 1e-15);
  assertClose(normalCdf(1.959963984540054), 0.975, 1e-15);
  assertClose(normalCdf(3), 0.9986501019683699, 1e-15);
  assertClose(normalCdf(-6), 9.865876450376946e-10, 1e-22);
});

test('quantile inverts the cdf', () => {
  fc.assert(
    fc.property(fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), (p) => {
      assertClose(normalCdf(normalQuantile(p)), p, 1e-14);
    }),
  );
});

import assert from 'node:assert/strict';
import { normalQuantile } from '../../src/stats/normal.ts';

/** Asserts that two floating-point numbers agree within an absolute tolerance. */
export function assertClose(actual: number, expected: number, tolerance: number): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
}

// The chi-squared checks below fail by chance 0.5% of the time for a given seed, and the seeds
// are fixed, so a pass is a pass for good.
const Z_995 = normalQuantile(0.995);

/**
 * Asserts that `observed` counts fit the probabilities `expected` (same order) by Pearson's
 * chi-squared test at the 0.5% level. The critical value comes from the Wilson-Hilferty
 * approximation, close enough for the tens of degrees of freedom these tests use.
 */
export function assertFits(observed: readonly number[], expected: readonly number[], label: string): void {
  const draws = observed.reduce((sum, count) => sum + count, 0);
  const total = expected.reduce((sum, probability) => sum + probability, 0);
  assert.ok(Math.abs(total - 1) < 1e-9, `${label}: the expected probabilities sum to ${total}`);
  let statistic = 0;
  for (let i = 0; i < observed.length; i++) {
    const mean = draws * expected[i];
    statistic += (observed[i] - mean) ** 2 / mean;
  }
  const degrees = observed.length - 1;
  const critical = degrees * (1 - 2 / (9 * degrees) + Z_995 * Math.sqrt(2 / (9 * degrees))) ** 3;
  assert.ok(
    statistic < critical,
    `${label}: chi-squared ${statistic.toFixed(1)} over ${degrees} degrees of freedom exceeds ${critical.toFixed(1)}`,
  );
}

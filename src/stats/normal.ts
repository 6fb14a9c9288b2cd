/**
 * The standard normal distribution, taken from @stdlib rather than simple-statistics: the latter's
 * probit and table-based CDF are a few thousandths off, which is enough to move SPRT bounds and
 * p-values visibly.
 */
import cdf from '@stdlib/stats-base-dists-normal-cdf';
import quantile from '@stdlib/stats-base-dists-normal-quantile';

const standardCdf = cdf.factory(0, 1);
const standardQuantile = quantile.factory(0, 1);

/** P(Z <= x) for a standard normal Z. */
export function normalCdf(x: number): number {
  return standardCdf(x);
}

/** The x with P(Z <= x) = p for a standard normal Z (-Infinity at 0, Infinity at 1, NaN outside). */
export function normalQuantile(p: number): number {
  return standardQuantile(p);
}

/**
 * Intervals for a mean that stay honest with few independent units. The normal interval
 * mean +- 1.96 se is too narrow when se itself comes from a handful of units, and collapses to a
 * point when the units happen to agree (a rate of 0 in every block, one record in all): a mean of
 * 0/1 values then goes to the Wilson interval, and any other mean to Student's t with a floor on
 * the spread.
 */
import { Z95 } from './critical-value.ts';
import { normalQuantile } from './normal.ts';
import { wilson } from './wilson.ts';

/**
 * Student's t distribution function for a whole number of degrees of freedom, from its closed form
 * in theta = atan(t / sqrt(df)) (Abramowitz and Stegun 26.7.3 and 26.7.4).
 */
export function studentCdf(t: number, df: number): number {
  const theta = Math.atan(t / Math.sqrt(df));
  const c2 = Math.cos(theta) ** 2;
  const s = Math.sin(theta);
  let term = 1;
  let sum = 1;
  if (df % 2 === 1) {
    for (let k = 3; k <= df - 2; k += 2) {
      term *= (c2 * (k - 1)) / k;
      sum += term;
    }
    const series = df > 1 ? s * Math.cos(theta) * sum : 0;
    return 0.5 + (theta + series) / Math.PI;
  }
  for (let k = 2; k <= df - 2; k += 2) {
    term *= (c2 * (k - 1)) / k;
    sum += term;
  }
  return 0.5 + (s * sum) / 2;
}

/** Above this many degrees of freedom the quantile comes from a series, the exact sum being long. */
const SERIES_DEGREES = 100;

/**
 * Student's t quantile for a whole number of degrees of freedom (one at least): by bisection of
 * studentCdf, or past SERIES_DEGREES from Hill's (1970) Cornish-Fisher series in 1 / df about the
 * normal quantile, within 1e-7 there.
 */
export function studentQuantile(p: number, df: number): number {
  if (!(df >= 1) || !Number.isInteger(df)) throw new RangeError(`studentQuantile: need a whole number of degrees of freedom, got ${df}`);
  if (df === 1) return Math.tan(Math.PI * (p - 0.5));
  if (df > SERIES_DEGREES) {
    const z = normalQuantile(p);
    const z2 = z * z;
    const g1 = (z * (z2 + 1)) / 4;
    const g2 = (z * ((5 * z2 + 16) * z2 + 3)) / 96;
    const g3 = (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / 384;
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3;
  }
  // Every t quantile lies within the Cauchy's, that of one degree of freedom.
  let high = Math.abs(Math.tan(Math.PI * (p - 0.5))) + 1;
  let low = -high;
  for (let step = 0; step < 200 && high - low > 1e-12; step++) {
    const middle = (low + high) / 2;
    if (studentCdf(middle, df) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * A 95% interval for a share of 0/1 values from its units: the Wilson interval at the effective
 * number of values the units' spread implies, p (1 - p) / se^2, with Student's t at units - 1
 * degrees of freedom for z, as a spread measured over few units is itself uncertain (a rate over
 * two deal groups is known far less well than the normal quantile says); or at the units
 * themselves where that spread is none or unmeasured (every unit alike, p at 0 or 1, a single
 * unit): a clustered rate is never more certain than that many independent values, and never a
 * point.
 */
export function rateInterval(p: number, se: number, units: number): readonly [number, number] {
  const measured = Number.isFinite(se) && se > 0 && p > 0 && p < 1;
  const effective = measured ? Math.max(1, (p * (1 - p)) / (se * se)) : Math.max(1, units);
  const z = measured ? studentQuantile(0.975, Math.max(1, Math.round(units) - 1)) : Z95;
  const interval = wilson(Math.min(1, Math.max(0, p)) * effective, effective, z);
  return [interval.low, interval.high];
}

/**
 * Variance a whole-number value is taken to have at least: that of a value known only to the
 * nearest whole number (uniform over a unit interval). It keeps an interval from being a point
 * where every unit so far happened to agree.
 */
export const WHOLE_NUMBER_VARIANCE = 1 / 12;

/**
 * A 95% interval for a mean of whole numbers over `records` values in `units` independent units,
 * with standard error `se` between the units (NaN where unmeasured): Student's t at units - 1
 * degrees of freedom (one at least), the standard error kept at least that of values of variance
 * WHOLE_NUMBER_VARIANCE.
 */
export function meanInterval(mean: number, se: number, units: number, records: number): readonly [number, number] {
  const floor = Math.sqrt(WHOLE_NUMBER_VARIANCE / Math.max(1, records));
  const spread = Number.isFinite(se) ? Math.max(se, floor) : floor;
  const margin = studentQuantile(0.975, Math.max(1, units - 1)) * spread;
  return [mean - margin, mean + margin];
}

import { Z95 } from './critical-value.ts';

/** A proportion with its 95% interval, as wilson gives it. */
export interface ProportionInterval {
  /** The observed proportion wins / n. */
  readonly p: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Wilson score interval for a win rate. Unlike p +- z*sqrt(p(1-p)/n) it stays inside [0, 1] and does
 * not collapse to a point at 0 or n wins, which matters for lopsided match-ups and short runs.
 * `wins` may be fractional because a win shared by k players counts 1/k.
 */
export function wilson(wins: number, n: number, z: number = Z95): ProportionInterval {
  // Summed 1/k shares can overshoot n by a rounding error; only a real excess is a caller's bug.
  if (!(n >= 0) || !(wins >= 0) || wins > n * (1 + 1e-9)) {
    throw new RangeError(`wilson: need 0 <= wins <= n, got wins=${wins}, n=${n}`);
  }
  // No games says nothing: the whole range is plausible.
  if (n === 0) return { p: 0, low: 0, high: 1 };
  const p = Math.min(1, wins / n);
  const zz = z * z;
  const shrink = 1 + zz / n;
  const centre = (p + zz / (2 * n)) / shrink;
  const halfWidth = (z * Math.sqrt((p * (1 - p)) / n + zz / (4 * n * n))) / shrink;
  // Exactly, 0 <= low <= p <= high <= 1, with equality at p = 0 or 1; rounding can break that by an ulp.
  return { p, low: clamp(centre - halfWidth, 0, p), high: clamp(centre + halfWidth, p, 1) };
}

function clamp(x: number, least: number, most: number): number {
  return Math.min(most, Math.max(least, x));
}

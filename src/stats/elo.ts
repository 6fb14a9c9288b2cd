/**
 * Elo views of a mean score. Scores here are on the head-to-head scale where 1/2 means "equally
 * strong" (a paired difference d in [-1, 1] maps to (1 + d) / 2).
 */
import { normalCdf, Z95 } from './normal.ts';

/** Normalized Elo per unit of (mean - 1/2) / sigma: 800 / ln 10, about 347.4. */
export const NORMALIZED_ELO_SCALE = 800 / Math.LN10;

/**
 * How close to 0 or 1 a score may get before it is treated as that bound. A perfect score only says
 * the gap is too large for the sample to measure; mapping it to about +-2400 Elo instead of
 * +-Infinity keeps error-bar arithmetic finite and survives JSON (which turns Infinity into null).
 */
const SCORE_CLAMP = 1e-6;

/** Expected score of a player `elo` points stronger than its opponent: L(E) = 1 / (1 + 10^(-E/400)). */
export function eloToScore(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** Inverse of eloToScore, E(s) = -400 log10(1/s - 1), with s clamped into [1e-6, 1 - 1e-6]. */
export function scoreToElo(score: number): number {
  const s = Math.min(1 - SCORE_CLAMP, Math.max(SCORE_CLAMP, score));
  return -400 * Math.log10(1 / s - 1);
}

export interface EloEstimate {
  readonly elo: number;
  /** Half the width of the interval, (high - low) / 2: the usual "+-" figure. */
  readonly margin: number;
  readonly low: number;
  readonly high: number;
}

/** Elo difference for a mean score with standard error `se`, and its z-interval mapped through E(s). */
export function eloFromScore(mean: number, se: number, z: number = Z95): EloEstimate {
  // E(s) is not linear, so the interval is mapped end by end and is asymmetric around the estimate.
  const low = scoreToElo(mean - z * se);
  const high = scoreToElo(mean + z * se);
  return { elo: scoreToElo(mean), margin: (high - low) / 2, low, high };
}

/** Probability that the true mean exceeds 1/2, i.e. that the first player really is the stronger one. */
export function likelihoodOfSuperiority(mean: number, se: number): number {
  // With no uncertainty at exactly 1/2 the ratio is 0/0; neither side is favoured.
  if (mean === 0.5) return 0.5;
  return normalCdf((mean - 0.5) / se);
}

export interface NormalizedEloEstimate {
  readonly nelo: number;
  readonly margin: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Normalized Elo: the score excess measured in per-block standard deviations, (mean - 1/2) / sigma,
 * scaled to look like Elo. Dividing by sigma makes the number of blocks a test needs depend on it
 * alone, whatever the draw rate or the variance reduction of the design.
 */
export function normalizedElo(mean: number, sigma: number, se: number, z: number = Z95): NormalizedEloEstimate {
  const perScore = NORMALIZED_ELO_SCALE / sigma;
  const margin = z * se * perScore;
  const nelo = (mean - 0.5) * perScore;
  return { nelo, margin, low: nelo - margin, high: nelo + margin };
}

/** The mean score a normalized Elo stands for, given the per-block standard deviation. */
export function normalizedEloToScore(nelo: number, sigma: number): number {
  return 0.5 + (nelo * sigma) / NORMALIZED_ELO_SCALE;
}

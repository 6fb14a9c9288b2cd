/**
 * Elo views of win shares. Logistic Elo is the log-odds scale of a head-to-head score,
 * E(s) = 400 log10(s / (1 - s)), on which the Plackett-Luce ratings of a tournament live too.
 */
import { Z95 } from './critical-value.ts';
import { normalCdf } from './normal.ts';
import { rateInterval } from './small-sample.ts';

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

/** An Elo difference with its interval, as scoreToElo and pairedElo give it. */
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

/** Per-block moments of a paired comparison's two arms (win shares of the compared seat, in [0, 1]). */
export interface PairedMoments {
  readonly blocks: number;
  readonly candidate: number;
  readonly baseline: number;
  /** Sample variances of the arms' block scores and their covariance across the paired blocks. */
  readonly candidateVariance: number;
  readonly baselineVariance: number;
  readonly covariance: number;
  /**
   * The sample variance of the paired differences C - B, where it is counted on its own: exactly 0
   * where every block came out alike in both arms. Without it, Var(C) + Var(B) - 2 Cov(C, B), which
   * is the same in exact arithmetic but there cancels to rounding noise rather than to 0.
   */
  readonly differenceVariance?: number;
}

/** dE/ds = (400 / ln 10) / (s (1 - s)), at the same clamp as scoreToElo. */
function eloSlope(score: number): number {
  const s = Math.min(1 - SCORE_CLAMP, Math.max(SCORE_CLAMP, score));
  return 400 / Math.LN10 / (s * (1 - s));
}

/**
 * The Elo difference of two strategies that each played the same field: E(w_C) - E(w_B) of their
 * win shares. Under Plackett-Luce (a seat wins with probability gamma / sum of the table's gammas)
 * w / (1 - w) is gamma over the field's total, so the field cancels and the difference is
 * 400 log10(gamma_C / gamma_B), the tournament ratings' scale; in two-player play against the
 * baseline it is E of the candidate's head-to-head score.
 *
 * With `baselineShare` known by symmetry (every seat of the baseline's arm is the baseline), the
 * candidate's share is estimated as baselineShare + mean(C - B), which keeps the pairing's variance
 * reduction, and the interval is mapped end by end. Otherwise both shares are estimated and the
 * interval comes from the delta method with the arms' covariance, widened to hold the interval of
 * the difference in shares mapped at the baseline's share. Where a share sits at 0 or 1, or
 * the blocks show no spread to go by (every block alike), the shares take the Wilson interval at
 * the number of blocks instead, as a rate does, and the difference its unclamped image: an end of
 * it the data leave open is infinite, and so is the estimate of a share at 0 or 1 (NaN where both
 * arms sit at the same bound), never the clamp's +-2400 as if it were measured.
 */
export function pairedElo(moments: PairedMoments, baselineShare?: number, z: number = Z95): EloEstimate {
  const { blocks, candidate, baseline, candidateVariance, baselineVariance, covariance } = moments;
  const differenceVariance = moments.differenceVariance ?? candidateVariance + baselineVariance - 2 * covariance;
  const differenceSe = Math.sqrt(Math.max(0, differenceVariance) / blocks);
  if (baselineShare !== undefined) return mappedElo(baselineShare + candidate - baseline, differenceSe, blocks, baselineShare, z);
  if (!(candidateVariance > 0 && baselineVariance > 0)) {
    // An arm without spread (it won every block, or none): each arm's share on its own interval.
    const [candidateLow, candidateHigh] = shareInterval(candidate, Math.sqrt(candidateVariance / blocks), blocks);
    const [baselineLow, baselineHigh] = shareInterval(baseline, Math.sqrt(baselineVariance / blocks), blocks);
    return openElo(
      logOdds(candidate) - logOdds(baseline),
      logOdds(candidateLow) - logOdds(baselineHigh),
      logOdds(candidateHigh) - logOdds(baselineLow),
    );
  }
  const slopeC = eloSlope(candidate);
  const slopeB = eloSlope(baseline);
  const variance = (slopeC ** 2 * candidateVariance + slopeB ** 2 * baselineVariance - 2 * slopeC * slopeB * covariance) / blocks;
  const elo = scoreToElo(candidate) - scoreToElo(baseline);
  const margin = z * Math.sqrt(Math.max(0, variance));
  // Where the arms' wins fall in the same few blocks, the two slopes' terms cancel and the delta
  // method's interval shrinks towards a point (no block told the arms apart, or one did): the
  // interval is widened to hold the difference in shares' own, mapped at the baseline's share.
  const difference = mappedElo(candidate, differenceSe, blocks, baseline, z);
  return openElo(elo, Math.min(elo - margin, difference.low), Math.max(elo + margin, difference.high));
}

/**
 * The Elo of `share` over `reference`, its interval `share` -+ z se mapped end by end; where that
 * reaches 0 or 1, or se is 0, the share's Wilson interval at the number of blocks (shareInterval)
 * mapped unclamped.
 */
function mappedElo(share: number, se: number, blocks: number, reference: number, z: number): EloEstimate {
  const referenceElo = scoreToElo(reference);
  if (se > 0 && share - z * se > 0 && share + z * se < 1) {
    const low = scoreToElo(share - z * se) - referenceElo;
    const high = scoreToElo(share + z * se) - referenceElo;
    return { elo: scoreToElo(share) - referenceElo, margin: (high - low) / 2, low, high };
  }
  const [low, high] = shareInterval(share, se, blocks);
  return openElo(logOdds(share) - referenceElo, logOdds(low) - referenceElo, logOdds(high) - referenceElo);
}

/**
 * A share's interval where the normal one would reach 0 or 1, or has no spread to go by: the
 * Wilson interval, as a rate of the blocks (rateInterval), never a point.
 */
function shareInterval(share: number, se: number, blocks: number): readonly [number, number] {
  return rateInterval(Math.min(1, Math.max(0, share)), se, blocks);
}

/** E(s) without the clamp: -Infinity at 0 and Infinity at 1, an interval's open end where a share is there. */
function logOdds(share: number): number {
  const s = Math.min(1, Math.max(0, share));
  return 400 * Math.log10(s / (1 - s));
}

/** An estimate whose ends may be open (infinite), and whose point may be undefined (NaN: both shares at one bound). */
function openElo(elo: number, low: number, high: number): EloEstimate {
  return { elo, margin: (high - low) / 2, low, high };
}

/**
 * The mean block score (1 + d) / 2 of a paired comparison, d the candidate's minus the baseline's
 * share, at which the candidate is `elo` stronger than a baseline of share `baselineShare`:
 * d = L(E(baselineShare) + elo) - baselineShare.
 */
export function pairedEloToBlockScore(elo: number, baselineShare: number): number {
  return (1 + eloToScore(scoreToElo(baselineShare) + elo) - baselineShare) / 2;
}

/** A normalized Elo with its interval, as normalizedElo gives it. */
export interface NormalizedEloEstimate {
  readonly nelo: number;
  readonly margin: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Normalized Elo: the score excess measured in standard deviations of one game's score,
 * (mean - 1/2) / sigma, scaled to look like Elo. Dividing by sigma makes the number of games a test
 * needs depend on it alone, whatever the draw rate or the variance reduction of the design. A block
 * of k games spreads sqrt(k) times less than a game, so its sigma is the block's times sqrt(k).
 * The excess may be on any scale linear in the score: the ratio does not change.
 */
export function normalizedElo(mean: number, sigma: number, se: number, z: number = Z95): NormalizedEloEstimate {
  const perScore = NORMALIZED_ELO_SCALE / sigma;
  const margin = z * se * perScore;
  const nelo = (mean - 0.5) * perScore;
  return { nelo, margin, low: nelo - margin, high: nelo + margin };
}

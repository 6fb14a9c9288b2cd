/**
 * Generalized sequential probability ratio test on block scores with a finite support (0, 1/2, 1
 * for a single game; more values for a block of rotations). A logistic-Elo hypothesis fixes the mean
 * score, a normalized-Elo hypothesis the t-value (mean - 1/2) / sigma; the rest of the distribution
 * is the one closest to the data under that constraint, which keeps the test honest whatever the
 * draw rate or the design's variance.
 *
 * Block scores must be on a scale where 1/2 means equal strength.
 */
import { eloToScore, NORMALIZED_ELO_SCALE } from './elo.ts';
import { rootOfDecreasing } from './roots.ts';

/** Stands in for an empty support value so that the MLE can still put weight there and logs stay finite. */
const ZERO_COUNT = 1e-3;

/** Hypotheses as logistic Elo (a mean block score) or as normalized Elo (a t-value per game). */
export interface SprtHypotheses {
  readonly model: 'elo' | 'normalized';
  readonly elo0: number;
  readonly elo1: number;
}

/** An SPRT's hypotheses and error rates: what a sequential comparison tests. */
export interface SprtConfig extends SprtHypotheses {
  /** Probability of accepting H1 when H0 holds. */
  readonly alpha: number;
  /** Probability of accepting H0 when H1 holds. */
  readonly beta: number;
}

/** The bounds chess-engine testing settled on. */
export const SPRT_PRESETS = {
  /** Does the change gain strength? */
  gainer: { model: 'normalized', elo0: 0, elo1: 2, alpha: 0.05, beta: 0.05 },
  /** Is the change at least not clearly weaker? */
  nonRegression: { model: 'normalized', elo0: -1.75, elo1: 0.25, alpha: 0.05, beta: 0.05 },
} as const satisfies Record<string, SprtConfig>;

/** Whether an SPRT has accepted H0 or H1, or must go on. */
export type SprtStatus = 'H0' | 'H1' | 'continue';

/** How the hypotheses' Elo translates into statements about block scores. */
export interface SprtScale {
  /**
   * Games one block stands for. Normalized Elo is per game, so a block of k games, whose score
   * spreads sqrt(k) times less than a game's, has the t-value sqrt(k) times the per-game one.
   */
  readonly blockGames: number;
  /** The mean block score a logistic Elo difference stands for. */
  readonly eloToBlockScore: (elo: number) => number;
}

/** Block scores that are single head-to-head games: score L(elo), t-value per game. */
export const HEAD_TO_HEAD_SCALE: SprtScale = { blockGames: 1, eloToBlockScore: eloToScore };

/** An SPRT's state after some blocks: the log-likelihood ratio against its bounds, and whether to stop. */
export interface SprtResult {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly status: SprtStatus;
  /** Blocks observed (the raw counts' total). */
  readonly blocks: number;
  /** Mean block scores of the distributions closest to the data under each hypothesis. */
  readonly s0: number;
  readonly s1: number;
}

/** An SPRT's stopping bounds on the log-likelihood ratio. */
export interface LogBounds {
  /** ln(beta / (1 - alpha)): at or below it, accept H0. */
  readonly lower: number;
  /** ln((1 - beta) / alpha): at or above it, accept H1. */
  readonly upper: number;
}

/** Wald's stopping bounds for the given error rates. */
export function waldBounds(alpha: number, beta: number): LogBounds {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** Where a log-likelihood ratio stands against an SPRT's bounds. */
export function sprtStatus(llr: number, bounds: LogBounds): SprtStatus {
  if (llr >= bounds.upper) return 'H1';
  if (llr <= bounds.lower) return 'H0';
  return 'continue';
}

/** Observed distribution of block scores, with empty support values given a token count. */
export interface EmpiricalPdf {
  readonly support: readonly number[];
  readonly probabilities: readonly number[];
  /** Total of the regularized counts. */
  readonly total: number;
}

/** The observed distribution of block scores the generalized SPRT weighs, from counts per score. */
export function empiricalPdf(supportValues: readonly number[], counts: readonly number[]): EmpiricalPdf {
  if (supportValues.length !== counts.length || supportValues.length < 2) {
    throw new RangeError('sprt: need at least two support values and one count per value');
  }
  const regularized = counts.map((count) => Math.max(count, ZERO_COUNT));
  const total = regularized.reduce((sum, count) => sum + count, 0);
  return { support: supportValues, probabilities: regularized.map((count) => count / total), total };
}

/** Mean of the support under the weights q (one per support value, summing to 1). */
function meanUnder(support: readonly number[], q: readonly number[]): number {
  return support.reduce((sum, a, i) => sum + a * q[i], 0);
}

/**
 * The root theta of the secular equation sum_i p_i d_i / (1 + theta d_i) = 0, the Lagrange
 * multiplier of a maximum-likelihood distribution q_i = p_i / (1 + theta d_i) under a constraint
 * sum_i q_i d_i = 0. The left side falls strictly from +Inf to -Inf across the interval where every
 * denominator is positive, so it has exactly one root there when the offsets straddle zero.
 */
function secularRoot(probabilities: readonly number[], offsets: readonly number[], what: string): number {
  const most = Math.max(...offsets);
  const least = Math.min(...offsets);
  if (!(least < 0 && most > 0)) throw new RangeError(`sprt: ${what} must lie strictly inside the support`);
  const constraint = (theta: number) => offsets.reduce((sum, d, i) => sum + (probabilities[i] * d) / (1 + theta * d), 0);
  return rootOfDecreasing(constraint, -1 / most, -1 / least);
}

/** The multiplier of the maximum-likelihood distribution with mean `score`: q_i = p_i / (1 + theta (a_i - score)). */
function meanConstraintMultiplier(pdf: EmpiricalPdf, score: number): number {
  return secularRoot(
    pdf.probabilities,
    pdf.support.map((a) => a - score),
    `hypothesised score ${score}`,
  );
}

/** The distribution on the same support, closest to the data in likelihood, whose mean is `score`. */
export function mleWithMean(pdf: EmpiricalPdf, score: number): number[] {
  const theta = meanConstraintMultiplier(pdf, score);
  return pdf.support.map((a, i) => pdf.probabilities[i] / (1 + theta * (a - score)));
}

/** Log-likelihood ratio of mean s1 against mean s0, N * sum p_i ln(q_i(s1) / q_i(s0)). */
export function generalizedLlr(pdf: EmpiricalPdf, s0: number, s1: number): number {
  const theta0 = meanConstraintMultiplier(pdf, s0);
  const theta1 = meanConstraintMultiplier(pdf, s1);
  // ln q1 - ln q0 cancels p_i and leaves the two denominators; log1p keeps them accurate near 1.
  const perBlock = pdf.support.reduce(
    (sum, a, i) => sum + pdf.probabilities[i] * (Math.log1p(theta0 * (a - s0)) - Math.log1p(theta1 * (a - s1))),
    0,
  );
  return pdf.total * perBlock;
}

/** How many MLE updates the t-value constraint gets: the fixed point settles in a handful. */
const T_VALUE_ITERATIONS = 10;
const T_VALUE_TOLERANCE = 1e-9;

/**
 * The distribution on the same support, closest to the data in likelihood, whose t-value
 * (mean - ref) / sigma is `t`. The constraint is not linear in q, so it is linearized around the
 * current estimate and the mean-constrained MLE solved again, from the uniform distribution on,
 * until the estimate stops moving: fishtest's method for normalized Elo (Van den Bergh,
 * "Normalized Elo, practical considerations", section 4.1).
 */
export function mleWithTValue(pdf: EmpiricalPdf, ref: number, t: number): number[] {
  const { support, probabilities } = pdf;
  let estimate = support.map(() => 1 / support.length);
  for (let step = 0; step < T_VALUE_ITERATIONS; step++) {
    const mu = meanUnder(support, estimate);
    const sigma = Math.sqrt(support.reduce((sum, a, i) => sum + estimate[i] * (a - mu) ** 2, 0));
    const offsets = support.map((a) => a - ref - (t * sigma * (1 + ((mu - a) / sigma) ** 2)) / 2);
    const theta = secularRoot(probabilities, offsets, `hypothesised t-value ${t}`);
    const next = probabilities.map((p, i) => p / (1 + theta * offsets[i]));
    const moved = Math.max(...next.map((q, i) => Math.abs(q - estimate[i])));
    estimate = next;
    if (moved < T_VALUE_TOLERANCE) break;
  }
  return estimate;
}

/** Log-likelihood ratio of the t-value t1 against t0 around `ref`, N * sum p_i ln(q_i(t1) / q_i(t0)). */
export function tValueLlr(pdf: EmpiricalPdf, ref: number, t0: number, t1: number): number {
  const q0 = mleWithTValue(pdf, ref, t0);
  const q1 = mleWithTValue(pdf, ref, t1);
  return pdf.total * pdf.probabilities.reduce((sum, p, i) => sum + p * (Math.log(q1[i]) - Math.log(q0[i])), 0);
}

/** The t-values per block, (mean - 1/2) / sigma, that normalized-Elo hypotheses stand for. */
export function hypothesisTValues(hypotheses: SprtHypotheses, scale: SprtScale): [number, number] {
  const perBlock = Math.sqrt(scale.blockGames) / NORMALIZED_ELO_SCALE;
  return [hypotheses.elo0 * perBlock, hypotheses.elo1 * perBlock];
}

/** One SPRT evaluation on cumulative counts; stateless, so it gives the current crossing only. */
export function evaluateSprt(
  config: SprtConfig,
  supportValues: readonly number[],
  counts: readonly number[],
  scale: SprtScale = HEAD_TO_HEAD_SCALE,
): SprtResult {
  const bounds = waldBounds(config.alpha, config.beta);
  const blocks = counts.reduce((sum, count) => sum + count, 0);
  const pdf = empiricalPdf(supportValues, counts);
  let llr: number;
  let s0: number;
  let s1: number;
  if (config.model === 'elo') {
    s0 = scale.eloToBlockScore(config.elo0);
    s1 = scale.eloToBlockScore(config.elo1);
    llr = generalizedLlr(pdf, s0, s1);
  } else {
    const [t0, t1] = hypothesisTValues(config, scale);
    s0 = meanUnder(pdf.support, mleWithTValue(pdf, 0.5, t0));
    s1 = meanUnder(pdf.support, mleWithTValue(pdf, 0.5, t1));
    llr = tValueLlr(pdf, 0.5, t0, t1);
  }
  // Without data the token counts alone would make up a likelihood; report "no evidence" instead.
  if (blocks === 0) llr = 0;
  return { llr, ...bounds, status: sprtStatus(llr, bounds), blocks, s0, s1 };
}

/**
 * Expected number of blocks at the midpoint between the hypotheses (normal approximation), to show
 * before a run: (ln A ln B) / w^2 with w the hypotheses' distance in per-block t-values. For
 * normalized Elo that distance is fixed by the hypotheses and the block size alone, and `sigma` is
 * not read; for logistic Elo it is the per-block standard deviation expected from the design.
 */
export function expectedBlocks(config: SprtConfig, scale: SprtScale, sigma?: number): number {
  const { lower, upper } = waldBounds(config.alpha, config.beta);
  let distance: number;
  if (config.model === 'normalized') {
    const [t0, t1] = hypothesisTValues(config, scale);
    distance = t1 - t0;
  } else {
    if (sigma === undefined) throw new RangeError('sprt: logistic Elo needs the per-block standard deviation');
    distance = (scale.eloToBlockScore(config.elo1) - scale.eloToBlockScore(config.elo0)) / sigma;
  }
  return (-lower * upper) / distance ** 2;
}

/**
 * A running test. The verdict is the first boundary crossing: later batches (for example ones that
 * were already in flight on workers) still move the LLR but do not overturn it.
 */
export class Sprt {
  readonly config: SprtConfig;
  private supportValues: readonly number[];
  private counts: number[];
  private verdict: SprtStatus = 'continue';
  private scale: SprtScale;

  constructor(config: SprtConfig, supportValues: readonly number[], scale: SprtScale = HEAD_TO_HEAD_SCALE) {
    this.config = config;
    this.supportValues = [...supportValues];
    this.counts = supportValues.map(() => 0);
    this.scale = scale;
  }

  /** Adds one batch's counts (aligned with the current support) to the totals. */
  add(counts: readonly number[]): SprtResult {
    if (counts.length !== this.counts.length) {
      throw new RangeError(`sprt: expected ${this.counts.length} counts, got ${counts.length}`);
    }
    return this.update(
      this.supportValues,
      this.counts.map((count, i) => count + counts[i]),
    );
  }

  /**
   * Replaces the totals, e.g. with counts merged elsewhere or over a wider support, and the scale
   * when what it depends on was estimated again from the data.
   */
  update(supportValues: readonly number[], counts: readonly number[], scale: SprtScale = this.scale): SprtResult {
    this.supportValues = [...supportValues];
    this.counts = [...counts];
    this.scale = scale;
    const result = evaluateSprt(this.config, this.supportValues, this.counts, scale);
    if (this.verdict === 'continue') this.verdict = result.status;
    return { ...result, status: this.verdict };
  }
}

/** The mean after a sequential test stopped, marked as biased, as estimateAfterStop gives it. */
export interface StoppedEstimate {
  readonly mean: number;
  readonly blocks: number;
  readonly biased: true;
  readonly note: string;
}

/**
 * The plain mean block score after a test has stopped. A sequential test stops when the sample
 * happens to look extreme, so this estimate is pulled away from the truth in the direction of the
 * verdict; the flag makes sure no report shows it as if the sample size had been fixed.
 */
export function estimateAfterStop(supportValues: readonly number[], counts: readonly number[]): StoppedEstimate {
  const blocks = counts.reduce((sum, count) => sum + count, 0);
  const mean = blocks > 0 ? supportValues.reduce((sum, a, i) => sum + a * counts[i], 0) / blocks : NaN;
  return {
    mean,
    blocks,
    biased: true,
    note: 'naive mean after a sequential stop; biased towards the accepted hypothesis',
  };
}

/**
 * The test on a mean of continuous block values (a paired difference of points per hand, say)
 * whose spread is not known in advance, for hypotheses on the normalized scale: the per-game
 * t-value elo / (800 / ln 10), sqrt(blockGames) times larger per block. With the blocks' sample
 * standard deviation sigma standing for the true one, the normal log-likelihood ratio of mean
 * t1 sigma against t0 sigma over N blocks summing to S is (t1 - t0) S / sigma - N (t1^2 - t0^2) / 2,
 * the same approximation fishtest's normalized test makes. Logistic Elo says nothing of such
 * values, so `config` must be normalized.
 */
export function normalizedMeanSprt(config: SprtConfig, blocks: number, mean: number, sd: number, blockGames: number): SprtResult {
  if (config.model !== 'normalized') throw new RangeError('normalizedMeanSprt: the hypotheses must be normalized Elo');
  const bounds = waldBounds(config.alpha, config.beta);
  const perBlock = Math.sqrt(blockGames) / NORMALIZED_ELO_SCALE;
  const t0 = config.elo0 * perBlock;
  const t1 = config.elo1 * perBlock;
  // The observed t-value per block. Before two blocks there is no spread to measure the mean
  // against, nor with blocks all alike at some difference. Blocks all alike at no difference (a
  // change that alters nothing) are the limit of any spread with a mean of 0, t = 0: their evidence
  // grows with their number, which lets non-regression pass and a gainer fail.
  const t = blocks > 1 && sd > 0 ? mean / sd : blocks > 1 && mean === 0 ? 0 : NaN;
  const llr = Number.isNaN(t) ? 0 : (t1 - t0) * blocks * t - (blocks * (t1 * t1 - t0 * t0)) / 2;
  return { llr, ...bounds, status: sprtStatus(llr, bounds), blocks, s0: t0 * sd, s1: t1 * sd };
}

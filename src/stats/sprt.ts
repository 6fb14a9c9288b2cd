/**
 * Generalized sequential probability ratio test on block scores with a finite support (0, 1/2, 1
 * for a single game; more values for a block of rotations). Each hypothesis fixes only the mean score;
 * the rest of the distribution is the one closest to the data with that mean, which keeps the test
 * honest whatever the draw rate or the design's variance.
 *
 * Block scores must be on the head-to-head scale where 1/2 means equal strength.
 */
import { eloToScore, normalizedEloToScore } from './elo.ts';
import { rootOfDecreasing } from './roots.ts';

/** Stands in for an empty support value so that the MLE can still put weight there and logs stay finite. */
const ZERO_COUNT = 1e-3;

/** Hypotheses as plain Elo (score = L(elo)) or as normalized Elo (score via the observed sigma). */
export interface SprtHypotheses {
  readonly model: 'elo' | 'normalized';
  readonly elo0: number;
  readonly elo1: number;
}

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

export type SprtStatus = 'H0' | 'H1' | 'continue';

export interface SprtResult {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly status: SprtStatus;
  /** Blocks observed (the raw counts' total). */
  readonly blocks: number;
  /** Mean block scores the two hypotheses stand for. */
  readonly s0: number;
  readonly s1: number;
}

export interface LogBounds {
  /** ln(beta / (1 - alpha)): at or below it, accept H0. */
  readonly lower: number;
  /** ln((1 - beta) / alpha): at or above it, accept H1. */
  readonly upper: number;
}

export function waldBounds(alpha: number, beta: number): LogBounds {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

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

export function empiricalPdf(supportValues: readonly number[], counts: readonly number[]): EmpiricalPdf {
  if (supportValues.length !== counts.length || supportValues.length < 2) {
    throw new RangeError('sprt: need at least two support values and one count per value');
  }
  const regularized = counts.map((count) => Math.max(count, ZERO_COUNT));
  const total = regularized.reduce((sum, count) => sum + count, 0);
  return { support: supportValues, probabilities: regularized.map((count) => count / total), total };
}

export function pdfMean(pdf: EmpiricalPdf): number {
  return pdf.support.reduce((sum, a, i) => sum + a * pdf.probabilities[i], 0);
}

export function pdfStandardDeviation(pdf: EmpiricalPdf): number {
  const centre = pdfMean(pdf);
  return Math.sqrt(pdf.support.reduce((sum, a, i) => sum + pdf.probabilities[i] * (a - centre) ** 2, 0));
}

/**
 * The Lagrange multiplier theta of the maximum-likelihood distribution with mean `score`:
 * q_i = p_i / (1 + theta (a_i - score)). The mean constraint's left side falls strictly from +Inf to
 * -Inf across the interval where every denominator is positive, so it has exactly one root there.
 */
function meanConstraintMultiplier(pdf: EmpiricalPdf, score: number): number {
  const offsets = pdf.support.map((a) => a - score);
  const most = Math.max(...offsets);
  const least = Math.min(...offsets);
  if (!(least < 0 && most > 0)) {
    throw new RangeError(`sprt: hypothesised score ${score} must lie strictly inside the support`);
  }
  const constraint = (theta: number) => offsets.reduce((sum, d, i) => sum + (pdf.probabilities[i] * d) / (1 + theta * d), 0);
  return rootOfDecreasing(constraint, -1 / most, -1 / least);
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

/** Mean scores [s0, s1] of the hypotheses; `sigma` (per block) matters only to normalized Elo. */
export function hypothesisScores(hypotheses: SprtHypotheses, sigma: number): [number, number] {
  const toScore = hypotheses.model === 'elo' ? eloToScore : (nelo: number) => normalizedEloToScore(nelo, sigma);
  return [toScore(hypotheses.elo0), toScore(hypotheses.elo1)];
}

/** One SPRT evaluation on cumulative counts; stateless, so it gives the current crossing only. */
export function evaluateSprt(config: SprtConfig, supportValues: readonly number[], counts: readonly number[]): SprtResult {
  const bounds = waldBounds(config.alpha, config.beta);
  const blocks = counts.reduce((sum, count) => sum + count, 0);
  const pdf = empiricalPdf(supportValues, counts);
  const [s0, s1] = hypothesisScores(config, pdfStandardDeviation(pdf));
  // Without data the token counts alone would make up a likelihood; report "no evidence" instead.
  const llr = blocks > 0 ? generalizedLlr(pdf, s0, s1) : 0;
  return { llr, ...bounds, status: sprtStatus(llr, bounds), blocks, s0, s1 };
}

/**
 * Expected number of blocks at the midpoint between the hypotheses (normal approximation), to show
 * before a run. For normalized Elo, sigma cancels out and any positive value gives the same answer;
 * for plain Elo it is the per-block standard deviation expected from the design.
 */
export function expectedBlocks(config: SprtConfig, sigma: number): number {
  const { lower, upper } = waldBounds(config.alpha, config.beta);
  const [s0, s1] = hypothesisScores(config, sigma);
  const drift = (s1 - s0) ** 2 / (sigma * sigma);
  return (-lower * upper) / drift;
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

  constructor(config: SprtConfig, supportValues: readonly number[]) {
    this.config = config;
    this.supportValues = [...supportValues];
    this.counts = supportValues.map(() => 0);
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

  /** Replaces the totals, e.g. with counts merged elsewhere or over a wider support. */
  update(supportValues: readonly number[], counts: readonly number[]): SprtResult {
    this.supportValues = [...supportValues];
    this.counts = [...counts];
    const result = evaluateSprt(this.config, this.supportValues, this.counts);
    if (this.verdict === 'continue') this.verdict = result.status;
    return { ...result, status: this.verdict };
  }
}

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

import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import {
  likelihoodOfSuperiority,
  normalizedElo,
  pairedElo,
  pairedEloToBlockScore,
  type EloEstimate,
  type NormalizedEloEstimate,
} from '../../stats/elo.ts';
import {
  estimateAfterStop,
  normalizedMeanSprt,
  Sprt,
  type SprtConfig,
  type SprtResult,
  type SprtScale,
  type SprtStatus,
} from '../../stats/sprt.ts';
import { meanInterval, studentQuantile } from '../../stats/small-sample.ts';
import { blockGames } from '../play/design.ts';
import type { MeasureTotals, PairedSpec, PairedTotals } from './paired.ts';
import { runPairedBatches, type PairedRunOptions } from './paired-run.ts';

/**
 * A sequential comparison of a candidate strategy with its baseline: the paired design plays both
 * on the same deals and opponents' streams batch after batch, and a generalized SPRT reads the
 * per-block score differences after each batch until it accepts a hypothesis or the cap is hit.
 *
 * The test's block score is the paired difference d (candidate's minus baseline's mean win share
 * over the block, in [-1, 1]) mapped onto [0, 1] as (1 + d) / 2, where 1/2 means "no better, no
 * worse". Elo is reported and tested on the head-to-head scale all the same: see pairedElo.
 */

/**
 * The baseline's win share in its own arm when symmetry fixes it: every seat holds the baseline and
 * the duplicate design rotates the compared seat through every position, so each seat's expected
 * share is 1 / players. Elsewhere (other opponents, or a fixed seat that may favour its holder) the
 * share has to be estimated.
 */
export function symmetricBaselineShare(spec: PairedSpec): number | undefined {
  if (spec.design !== 'duplicate' || spec.opponents.some((opponent) => opponent !== spec.baseline)) return undefined;
  return 1 / (spec.opponents.length + 1);
}

/**
 * How the comparison's hypotheses read on its block scores: normalized Elo per game of a block,
 * logistic Elo as the Elo difference of pairedElo, translated into the block score (1 + d) / 2 it
 * stands for at the baseline's share (known by symmetry, or the mean observed so far).
 */
export function comparisonScale(spec: PairedSpec, totals?: Pick<PairedTotals, 'blocks' | 'baseline'>): SprtScale {
  const observed = totals && totals.blocks > 0 ? totals.baseline.mean : 1 / (spec.opponents.length + 1);
  const baselineShare = symmetricBaselineShare(spec) ?? observed;
  return {
    blockGames: blockGames(spec.design, spec.opponents.length + 1),
    eloToBlockScore: (elo) => pairedEloToBlockScore(elo, baselineShare),
  };
}

/** The observed block scores on the head-to-head scale, ascending, with their counts. */
export interface ScoreHistogram {
  readonly support: number[];
  readonly counts: number[];
}

/**
 * The support and counts the SPRT reads. The extremes 0 and 1 are always part of the support
 * (with a zero count until seen): the test needs at least two values, and its hypothesised scores
 * must lie strictly inside the support even while every block so far was, say, a tie.
 */
export function sprtHistogram(totals: Pick<PairedTotals, 'support' | 'counts'>): ScoreHistogram {
  const support: number[] = [];
  const counts: number[] = [];
  const add = (score: number, count: number) => {
    support.push(score);
    counts.push(count);
  };
  if (totals.support[0] !== -1) add(0, 0);
  totals.support.forEach((difference, i) => add((1 + difference) / 2, totals.counts[i]));
  if (totals.support[totals.support.length - 1] !== 1) add(1, 0);
  return { support, counts };
}

/** The SPRT after one batch: what the trajectory chart plots. */
export interface SprtPoint {
  readonly blocks: number;
  /** Games played so far, both arms together. */
  readonly games: number;
  readonly llr: number;
}

/** A comparison's answer: H1 (the candidate is better by the tested margin), H0 (it is not) or undecided at the cap. */
export type Verdict = 'H1' | 'H0' | 'undecided';

/** What runComparison reports: the verdict, the test as it ended, and the totals behind it. */
export interface ComparisonRun {
  readonly verdict: Verdict;
  /** The test on the final totals (its status is the verdict, the first crossing). */
  readonly sprt: SprtResult;
  readonly trajectory: readonly SprtPoint[];
  readonly totals: PairedTotals;
}

/** What runComparison needs besides the spec: the SPRT to run and the cap on its blocks. */
export interface ComparisonOptions extends Omit<PairedRunOptions, 'maxBlocks'> {
  readonly sprt: SprtConfig;
  /** The cap: blocks of each arm the test may use at most. */
  readonly maxBlocks: number;
  /** Sees each batch's cumulative totals and test, in batch order. */
  readonly onBatch?: (totals: PairedTotals, sprt: SprtResult) => void;
}

/**
 * The test read look by look: each look's cumulative totals update it and add a point to its
 * trajectory. A resumed comparison starts it again from the trajectory it had reached.
 */
export class SequentialTest {
  readonly trajectory: SprtPoint[];
  private readonly test: Sprt;
  private readonly spec: PairedSpec;
  private last: { totals: PairedTotals; sprt: SprtResult } | null = null;
  private measureVerdict: SprtStatus = 'continue';

  // The trajectory starts where every test does: no games, no evidence.
  constructor(config: SprtConfig, spec: PairedSpec, trajectory: readonly SprtPoint[] = [{ blocks: 0, games: 0, llr: 0 }]) {
    this.spec = spec;
    this.test = new Sprt(config, [0, 1], comparisonScale(spec));
    this.trajectory = [...trajectory];
  }

  /**
   * The test on `totals`, without a new point (the totals a resumed comparison starts from): on
   * the measure's block differences where the comparison reads a measure, else on win shares.
   */
  read(totals: PairedTotals): SprtResult {
    const sprt = totals.measure ? this.readMeasure(totals.measure) : this.readWinShares(totals);
    this.last = { totals, sprt };
    return sprt;
  }

  private readWinShares(totals: PairedTotals): SprtResult {
    const histogram = sprtHistogram(totals);
    return this.test.update(histogram.support, histogram.counts, comparisonScale(this.spec, totals));
  }

  private readMeasure(measure: MeasureTotals): SprtResult {
    const { difference } = measure;
    const result = normalizedMeanSprt(
      this.test.config,
      difference.blocks,
      difference.mean,
      difference.sd,
      comparisonScale(this.spec).blockGames,
    );
    // The first crossing is the verdict, as for the win-share test.
    if (this.measureVerdict === 'continue') this.measureVerdict = result.status;
    return { ...result, status: this.measureVerdict };
  }

  look(totals: PairedTotals): SprtResult {
    const sprt = this.read(totals);
    this.trajectory.push({ blocks: totals.blocks, games: 2 * totals.gamesPerArm, llr: sprt.llr });
    return sprt;
  }

  get decided(): boolean {
    return this.last !== null && this.last.sprt.status !== 'continue';
  }

  result(): ComparisonRun {
    if (!this.last) throw Errors.internal('the comparison played no batch');
    const verdict: Verdict = this.last.sprt.status === 'continue' ? 'undecided' : this.last.sprt.status;
    return { verdict, sprt: this.last.sprt, trajectory: this.trajectory, totals: this.last.totals };
  }
}

/**
 * Runs the comparison until the test decides or `maxBlocks` is reached. Batches are read in batch
 * order whatever the number of workers, so the verdict and the games used depend only on the seed,
 * the strategies and the batch size.
 */
export async function runComparison(registry: Registry, spec: PairedSpec, options: ComparisonOptions): Promise<ComparisonRun> {
  const test = new SequentialTest(options.sprt, spec);
  for await (const totals of runPairedBatches(registry, spec, options)) {
    // Looked at whether or not anyone watches: an optional call would skip its arguments.
    const sprt = test.look(totals);
    options.onBatch?.(totals, sprt);
    if (test.decided) break;
  }
  return test.result();
}

/**
 * What the comparison's Elo is a difference of, in words: head to head where every other seat holds
 * the baseline (the Plackett-Luce rating difference a tournament of the two would fit), else the
 * two strategies' strength against the opponents given, which a tournament seating the two
 * together can rank quite differently (strength against weak players says little of strength
 * against each other). A fixed compared seat adds that its advantage is in both arms' shares.
 */
export function measuredAs(spec: PairedSpec): string {
  const headToHead = spec.opponents.every((opponent) => opponent === spec.baseline);
  const opponents = [...new Set(spec.opponents)].join(', ');
  // A seat's advantage adds to both arms' shares alike, but not on the Elo scale: in Dominion the
  // same pair measured +595 from seat 0 against +471 over every seat.
  if (spec.design !== 'duplicate') {
    return `from listed seat 0 only, against ${opponents}: not the pair's Elo where a seat has an advantage (--design duplicate plays every seat in turn)`;
  }
  const against = headToHead
    ? 'head to head: the candidate against the baseline in every other seat'
    : `against the opponents ${opponents}, not head to head`;
  return `${against}, every seat in turn`;
}

/** What the comparison measured. */
export interface ComparisonEstimate {
  /** What the Elo is a difference of: see measuredAs. */
  readonly measured: string;
  /** Mean block score of the test, (1 + d) / 2 (1/2: no difference), and its standard error. */
  readonly score: number;
  readonly se: number;
  /** Candidate's mean win share minus the baseline's. */
  readonly difference: number;
  /** The baseline's share the Elo is measured from: known by symmetry, else null (estimated). */
  readonly baselineShare: number | null;
  /** Head-to-head Elo difference E(w_C) - E(w_B): see pairedElo. */
  readonly elo: EloEstimate;
  /** Per game: the block's t-value divided by the square root of its games. */
  readonly normalizedElo: NormalizedEloEstimate;
  /** Probability that the candidate is the stronger, from the normal approximation. */
  readonly superiority: number;
  /** Where the test read a measure: the arms' means, the difference and what it is per game. */
  readonly measure?: MeasureEstimate;
}

/** What a comparison on a measure measured, in the measure's units and direction. */
export interface MeasureEstimate {
  readonly id: string;
  readonly label: string;
  readonly lowerIsBetter: boolean;
  readonly candidate: number;
  readonly baseline: number;
  /** Candidate's minus baseline's, with its 95% interval (see differenceInterval). */
  readonly difference: number;
  readonly low: number;
  readonly high: number;
  /** The test's quantity: the difference turned so higher is better, per game in standard deviations. */
  readonly normalizedElo: NormalizedEloEstimate;
}

/**
 * Student's t over the blocks; for whole numbers (points, VP) the spread kept at least theirs
 * known to +-1/2: arms that scored alike in every block tell the difference no better, not to a point.
 */
function differenceInterval(mean: number, { difference, wholeNumbers }: MeasureTotals): readonly [number, number] {
  if (wholeNumbers) return meanInterval(mean, difference.se, difference.blocks, difference.blocks);
  const margin = difference.blocks > 1 ? studentQuantile(0.975, difference.blocks - 1) * difference.se : Number.NaN;
  return [mean - margin, mean + margin];
}

function measureEstimate(spec: PairedSpec, measure: MeasureTotals): MeasureEstimate {
  const { difference } = measure;
  const sign = measure.lowerIsBetter ? -1 : 1;
  const [low, high] = differenceInterval(sign * difference.mean, measure);
  const sigmaPerGame = difference.sd * Math.sqrt(comparisonScale(spec).blockGames);
  return {
    id: measure.id,
    label: measure.label,
    lowerIsBetter: measure.lowerIsBetter,
    candidate: measure.candidate,
    baseline: measure.baseline,
    difference: sign * difference.mean,
    low,
    high,
    // normalizedElo reads (mean - 1/2): the turned difference shifted to that origin.
    normalizedElo: normalizedElo(difference.mean + 0.5, sigmaPerGame, difference.se),
  };
}

/** The difference a finished comparison measured, with its interval, for reporting a run played by runComparison or runPairedBatches. */
export function comparisonEstimate(spec: PairedSpec, totals: PairedTotals): ComparisonEstimate {
  const histogram = sprtHistogram(totals);
  const score = estimateAfterStop(histogram.support, histogram.counts).mean;
  // On the test's scale (1 + d) / 2 every spread is half the difference's.
  const se = totals.difference.se / 2;
  const sigmaPerGame = (totals.difference.sd / 2) * Math.sqrt(comparisonScale(spec).blockGames);
  const baselineShare = symmetricBaselineShare(spec);
  const moments = {
    blocks: totals.blocks,
    candidate: totals.candidate.mean,
    baseline: totals.baseline.mean,
    candidateVariance: totals.candidate.sd ** 2,
    baselineVariance: totals.baseline.sd ** 2,
    covariance: totals.covariance,
    // Counted from the differences themselves: 0, not rounding noise, where the arms agreed in every block.
    differenceVariance: totals.difference.sd ** 2,
  };
  return {
    measured: measuredAs(spec),
    score,
    se,
    difference: totals.difference.mean,
    baselineShare: baselineShare ?? null,
    elo: pairedElo(moments, baselineShare),
    normalizedElo: normalizedElo(score, sigmaPerGame, se),
    superiority: likelihoodOfSuperiority(score, se),
    ...(totals.measure ? { measure: measureEstimate(spec, totals.measure) } : {}),
  };
}

/**
 * How much the design saved, as ratios of variances per block (each block score being a mean win
 * share over the block's games, so variances compare directly):
 *
 *   observed    = Var(d), the per-block variance of the paired difference d = C - B;
 *   independent = (Var_game(C) + Var_game(B)) / k, what Var(d) would be if each arm played its k
 *                 games of a block as fresh, independent games: the variance of a difference of two
 *                 independent means of k games, with each arm's single-game variance measured on
 *                 its own games (an arm's games are a fair sample of that arm whatever the pairing);
 *   unpaired    = Var(C_block) + Var(B_block), the same design (rotations and all) without the
 *                 pairing: the arms' block scores taken as if from different deals.
 *
 * factor = observed / independent is the share of games the design needs for the precision an
 * independent design gets (0.25: four times fewer games); pairingFactor = observed / unpaired is
 * the part due to sharing deals and streams between the arms alone. Var(d) = Var(C) + Var(B) -
 * 2 Cov(C, B): the pairing gains exactly as much as the arms' results are correlated.
 */
export interface VarianceReduction {
  readonly observed: number;
  readonly independent: number;
  readonly unpaired: number;
  readonly factor: number;
  readonly pairingFactor: number;
}

/** How much the paired design saved over independent games: whether pairing paid for this comparison. */
export function varianceReduction(totals: PairedTotals, blockGames: number): VarianceReduction {
  const observed = totals.difference.sd ** 2;
  const independent = (totals.gameVariance.candidate + totals.gameVariance.baseline) / blockGames;
  const unpaired = totals.candidate.sd ** 2 + totals.baseline.sd ** 2;
  return { observed, independent, unpaired, factor: observed / independent, pairingFactor: observed / unpaired };
}

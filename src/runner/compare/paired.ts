import type { Measure } from '../../core/game.ts';
import { BlockAccumulator, type BlockSummary } from '../../stats/blocks.ts';
import type { MatchPlayer, GameRange } from '../play/batch.ts';
import { CounterLayout, Counters } from '../play/counters.ts';
import type { DesignName } from '../play/design.ts';
import type { MatchSpec, PreparedMatch } from '../play/match.ts';
import { chooseMeasure, seatMeasureReader, type SeatMeasureReader } from '../summary/measures.ts';

/**
 * The paired design, for comparing two versions of a strategy: the candidate and the baseline
 * each play the same games (the same game indices, hence the same deals and the same opponents'
 * random streams) from the same seat, and what is kept is the per-block difference of their
 * scores. Luck shared by both arms cancels in the difference, so far fewer games decide.
 */
export interface PairedSpec {
  readonly game: string;
  readonly candidate: string;
  readonly baseline: string;
  /** The other seats in order; the compared strategy sits before them, at listed seat 0. */
  readonly opponents: readonly string[];
  readonly rules: Readonly<Record<string, string>>;
  readonly seed: string;
  /** independent: a block is one game; duplicate: one deal with the seats rotated. */
  readonly design: DesignName;
  /**
   * A seed of its own for the baseline's arm, which then shares no deal and no random stream with
   * the candidate's: an unpaired control that measures what the pairing saves. Absent: `seed`.
   */
  readonly baselineSeed?: string;
  /**
   * The game's measure the test reads (core/game.ts Measure id), where it is not the win share:
   * the per-block difference of the compared seat's mean value per unit. Absent: win shares.
   */
  readonly measure?: string;
}

/**
 * The match-ups of a comparison's two arms: the candidate and the baseline each in the compared
 * seat, the same opponents, and the same seed unless the control gives the baseline one of its own.
 */
export function pairedArms(spec: PairedSpec): { candidate: MatchSpec; baseline: MatchSpec } {
  const arm = (strategy: string, seed: string): MatchSpec => ({
    game: spec.game,
    seats: [strategy, ...spec.opponents],
    rules: spec.rules,
    seed,
  });
  return { candidate: arm(spec.candidate, spec.seed), baseline: arm(spec.baseline, spec.baselineSeed ?? spec.seed) };
}

/** The measure a comparison's test reads besides win shares, or null for the win share alone. */
export function pairedMeasure(game: Parameters<typeof chooseMeasure>[0], spec: PairedSpec): Measure | null {
  return spec.measure === undefined ? null : chooseMeasure(game, spec.measure);
}

/** The compared seat: listed seat 0, wherever the design's rotation moves it. */
export const COMPARED_SEAT = 0;

const PairedField = {
  BLOCKS: 0,
  /** Sums over blocks of the candidate's minus the baseline's block score (share units), and squares. */
  DIFFERENCE: 1,
  DIFFERENCE_SQUARES: 2,
  CANDIDATE: 3,
  CANDIDATE_SQUARES: 4,
  BASELINE: 5,
  BASELINE_SQUARES: 6,
  /** Sums over games of each arm's squared game score (share units): the spread of single games. */
  CANDIDATE_GAME_SQUARES: 7,
  BASELINE_GAME_SQUARES: 8,
  /**
   * With a measure: blocks where both arms' compared seats recorded it, the sums of the block
   * differences (the candidate's mean per unit minus the baseline's, turned where lower is better)
   * and of their squares, and of each arm's block means.
   */
  MEASURE_BLOCKS: 9,
  MEASURE_DIFFERENCE: 10,
  MEASURE_DIFFERENCE_SQUARES: 11,
  MEASURE_CANDIDATE: 12,
  MEASURE_BASELINE: 13,
  COUNT: 14,
} as const;

/**
 * One flat array for a paired batch: the two arms' full counters, the block moments, and a count
 * per possible block difference (whole share units from -span to +span), the support the
 * sequential test needs.
 */
export class PairedLayout {
  readonly candidate: CounterLayout;
  readonly baseline: CounterLayout;
  readonly blockSize: number;
  /** Largest block score in share units: a win in every game of the block. */
  readonly span: number;
  readonly stats: number;
  readonly histogram: number;
  readonly size: number;
  /** The measure the test reads besides win shares, and how the match players read it; null: win shares only. */
  readonly measure: Measure | null;
  readonly measureReader: SeatMeasureReader | null;

  constructor(candidate: CounterLayout, baseline: CounterLayout, blockSize: number, measure: Measure | null = null) {
    this.candidate = candidate;
    this.baseline = baseline;
    this.blockSize = blockSize;
    this.measureReader = measure === null ? null : seatMeasureReader(candidate, measure);
    this.measure = this.measureReader === null ? null : measure;
    this.span = candidate.shareUnits * blockSize;
    this.stats = candidate.size + baseline.size;
    this.histogram = this.stats + PairedField.COUNT;
    this.size = this.histogram + 2 * this.span + 1;
  }
}

export class PairedCounters {
  readonly layout: PairedLayout;
  readonly data: Float64Array;
  readonly candidate: Counters;
  readonly baseline: Counters;

  constructor(layout: PairedLayout, data = new Float64Array(layout.size)) {
    this.layout = layout;
    this.data = data;
    this.candidate = new Counters(layout.candidate, data.subarray(0, layout.candidate.size));
    this.baseline = new Counters(layout.baseline, data.subarray(layout.candidate.size, layout.stats));
  }

  /** Adds another batch (in batch order, for the arms' forfeit notes). */
  add(other: Float64Array): void {
    const layout = this.layout;
    this.candidate.add(other.subarray(0, layout.candidate.size));
    this.baseline.add(other.subarray(layout.candidate.size, layout.stats));
    for (let i = layout.stats; i < layout.size; i++) this.data[i] += other[i];
  }

  /** One block's scores of the compared seat in each arm, and the sums of their games' squares, in share units. */
  recordBlock(candidateScore: number, baselineScore: number, candidateGameSquares: number, baselineGameSquares: number): void {
    const data = this.data;
    const at = this.layout.stats;
    const difference = candidateScore - baselineScore;
    data[at + PairedField.BLOCKS]++;
    data[at + PairedField.DIFFERENCE] += difference;
    data[at + PairedField.DIFFERENCE_SQUARES] += difference * difference;
    data[at + PairedField.CANDIDATE] += candidateScore;
    data[at + PairedField.CANDIDATE_SQUARES] += candidateScore * candidateScore;
    data[at + PairedField.BASELINE] += baselineScore;
    data[at + PairedField.BASELINE_SQUARES] += baselineScore * baselineScore;
    data[at + PairedField.CANDIDATE_GAME_SQUARES] += candidateGameSquares;
    data[at + PairedField.BASELINE_GAME_SQUARES] += baselineGameSquares;
    data[this.layout.histogram + this.layout.span + difference]++;
  }

  /** Plays blocks [fromBlock, toBlock) on both arms in this thread. */
  play(candidate: MatchPlayer, baseline: MatchPlayer, offset: number, fromBlock: number, toBlock: number): void {
    this.trackMeasure(candidate, baseline);
    const size = this.layout.blockSize;
    for (let block = fromBlock; block < toBlock; block++) {
      const range: GameRange = { offset, from: block * size, to: (block + 1) * size };
      candidate.play(range, this.candidate);
      baseline.play(range, this.baseline);
      this.recordArms(candidate, baseline);
    }
  }

  /** The same, for arms with seats that answer asynchronously. */
  async playAsync(
    playRange: (player: MatchPlayer, range: GameRange, counters: Counters) => Promise<void>,
    candidate: MatchPlayer,
    baseline: MatchPlayer,
    offset: number,
    fromBlock: number,
    toBlock: number,
  ): Promise<void> {
    this.trackMeasure(candidate, baseline);
    const size = this.layout.blockSize;
    for (let block = fromBlock; block < toBlock; block++) {
      const range: GameRange = { offset, from: block * size, to: (block + 1) * size };
      await playRange(candidate, range, this.candidate);
      await playRange(baseline, range, this.baseline);
      this.recordArms(candidate, baseline);
    }
  }

  private trackMeasure(candidate: MatchPlayer, baseline: MatchPlayer): void {
    candidate.trackMeasure(this.layout.measureReader);
    baseline.trackMeasure(this.layout.measureReader);
  }

  /** One block's measure in each arm's compared seat; a block where either recorded none adds nothing. */
  private recordMeasure(candidate: MatchPlayer, baseline: MatchPlayer): void {
    const measure = this.layout.measure;
    const seat = 2 * COMPARED_SEAT;
    if (measure === null || candidate.seatMeasure[seat + 1] === 0 || baseline.seatMeasure[seat + 1] === 0) return;
    const candidateMean = onMeasureGrid(candidate.seatMeasure[seat] / candidate.seatMeasure[seat + 1]);
    const baselineMean = onMeasureGrid(baseline.seatMeasure[seat] / baseline.seatMeasure[seat + 1]);
    const difference = (measure.lowerIsBetter ? -1 : 1) * (candidateMean - baselineMean);
    const data = this.data;
    const at = this.layout.stats;
    data[at + PairedField.MEASURE_BLOCKS]++;
    data[at + PairedField.MEASURE_DIFFERENCE] += difference;
    data[at + PairedField.MEASURE_DIFFERENCE_SQUARES] += difference * difference;
    data[at + PairedField.MEASURE_CANDIDATE] += candidateMean;
    data[at + PairedField.MEASURE_BASELINE] += baselineMean;
  }

  private recordArms(candidate: MatchPlayer, baseline: MatchPlayer): void {
    this.recordMeasure(candidate, baseline);
    this.recordBlock(
      candidate.seatScore[COMPARED_SEAT],
      baseline.seatScore[COMPARED_SEAT],
      candidate.seatGameSquares[COMPARED_SEAT],
      baseline.seatGameSquares[COMPARED_SEAT],
    );
  }

  /** What a comparison reads after each batch: scores on [0, 1] per block, and the difference's support. */
  totals(candidateMatch: PreparedMatch, baselineMatch: PreparedMatch): PairedTotals {
    const { data, layout } = this;
    const at = layout.stats;
    const blocks = data[at + PairedField.BLOCKS];
    const scale = 1 / layout.span;
    const moments = (sum: number, squares: number): BlockSummary =>
      new BlockAccumulator().merge({ count: blocks, sum: sum * scale, sumOfSquares: squares * scale * scale }).summary();
    const support: number[] = [];
    const counts: number[] = [];
    for (let units = -layout.span; units <= layout.span; units++) {
      const count = data[layout.histogram + layout.span + units];
      if (count === 0) continue;
      support.push(units * scale);
      counts.push(count);
    }
    const games = blocks * layout.blockSize;
    const units = layout.candidate.shareUnits;
    // d = C - B, so sum C B = (sum C^2 + sum B^2 - sum d^2) / 2: the arms' covariance needs no field of its own.
    const sumC = data[at + PairedField.CANDIDATE] * scale;
    const sumB = data[at + PairedField.BASELINE] * scale;
    const sumCB =
      ((data[at + PairedField.CANDIDATE_SQUARES] + data[at + PairedField.BASELINE_SQUARES] - data[at + PairedField.DIFFERENCE_SQUARES]) *
        scale *
        scale) /
      2;
    const gameVariance = (sum: number, squares: number): number =>
      games > 1 ? Math.max(0, (squares - (sum * sum) / games) / (games - 1)) / (units * units) : NaN;
    return {
      blocks,
      gamesPerArm: games,
      support,
      counts,
      difference: moments(data[at + PairedField.DIFFERENCE], data[at + PairedField.DIFFERENCE_SQUARES]),
      candidate: moments(data[at + PairedField.CANDIDATE], data[at + PairedField.CANDIDATE_SQUARES]),
      baseline: moments(data[at + PairedField.BASELINE], data[at + PairedField.BASELINE_SQUARES]),
      covariance: blocks > 1 ? (sumCB - (sumC * sumB) / blocks) / (blocks - 1) : NaN,
      gameVariance: {
        candidate: gameVariance(data[at + PairedField.CANDIDATE], data[at + PairedField.CANDIDATE_GAME_SQUARES]),
        baseline: gameVariance(data[at + PairedField.BASELINE], data[at + PairedField.BASELINE_GAME_SQUARES]),
      },
      candidateMatch,
      baselineMatch,
      candidateCounters: this.candidate,
      baselineCounters: this.baseline,
      ...(layout.measure ? { measure: this.measureTotals(layout.measure) } : {}),
    };
  }

  private measureTotals(measure: Measure): MeasureTotals {
    const data = this.data;
    const at = this.layout.stats;
    const blocks = data[at + PairedField.MEASURE_BLOCKS];
    return {
      id: measure.id,
      label: measure.label,
      lowerIsBetter: measure.lowerIsBetter,
      wholeNumbers: measure.source.kind === 'metric',
      difference: new BlockAccumulator()
        .merge({
          count: blocks,
          sum: data[at + PairedField.MEASURE_DIFFERENCE],
          sumOfSquares: data[at + PairedField.MEASURE_DIFFERENCE_SQUARES],
        })
        .summary(),
      candidate: data[at + PairedField.MEASURE_CANDIDATE] / blocks,
      baseline: data[at + PairedField.MEASURE_BASELINE] / blocks,
    };
  }
}

/** A comparison's measure so far: the per-block differences, candidate's minus baseline's turned to "higher is better". */
export interface MeasureTotals {
  readonly id: string;
  readonly label: string;
  readonly lowerIsBetter: boolean;
  /** Whether the measure counts whole numbers a game (a metric: points, VP), not shares (round wins). */
  readonly wholeNumbers: boolean;
  /** Over the blocks where both arms recorded the measure. */
  readonly difference: BlockSummary;
  /** Each arm's mean of its block means, in the measure's own units and direction. */
  readonly candidate: number;
  readonly baseline: number;
}

/** Cumulative results of a paired comparison after some batches. */
export interface PairedTotals {
  readonly blocks: number;
  readonly gamesPerArm: number;
  /**
   * Observed values of the per-block score difference (candidate minus baseline, each the
   * compared seat's mean win share over the block, so in [-1, 1]), ascending, with their counts.
   */
  readonly support: readonly number[];
  readonly counts: readonly number[];
  readonly difference: BlockSummary;
  /** The compared seat's block scores in each arm: their variances against the difference's show the pairing's gain. */
  readonly candidate: BlockSummary;
  readonly baseline: BlockSummary;
  /** Sample covariance of the arms' block scores (NaN before two blocks): what the pairing shares. */
  readonly covariance: number;
  /** Sample variance of the compared seat's score in single games of each arm (NaN before two games). */
  readonly gameVariance: { readonly candidate: number; readonly baseline: number };
  readonly candidateMatch: PreparedMatch;
  readonly baselineMatch: PreparedMatch;
  readonly candidateCounters: Counters;
  readonly baselineCounters: Counters;
  /** The test's measure, where the comparison reads one other than the win share. */
  readonly measure?: MeasureTotals;
}

/**
 * A block's mean of the measure, to the nearest 1/1024: the blocks' sums (and their squares', for
 * measures of a few dozen at most over some ten million blocks) then stay whole multiples of 2^-20
 * below 2^53, which doubles hold exactly, so they come out the same however the blocks were cut
 * into batches (the number of workers cuts them). A mean such as 26/9 points per hand has no exact
 * double, and sums of it rounded differently batch by batch. The step is far below any measure's
 * spread between blocks.
 */
function onMeasureGrid(mean: number): number {
  return Math.round(mean * MEASURE_GRID) / MEASURE_GRID;
}

const MEASURE_GRID = 1024;

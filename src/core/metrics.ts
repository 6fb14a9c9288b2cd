/**
 * What a game counts beyond wins, declared as data. The tally, the runner's counters, the summary,
 * the CSV tables and the report's charts are all generated from a game's list of these, so a new
 * game adds a metric by declaring it and filling it in as it plays.
 *
 * Every metric is kept per seat and per label: a label is what the seat held or did when the value
 * was recorded (Love Letter: the card first dealt; Hearts: whether the queen of spades was dealt).
 * A metric with one label is a plain per-seat figure.
 */
interface MetricBase {
  /** Stable identifier: the key of the metric in summary.json and the stem of its files. */
  readonly name: string;
  /** The chart's and table's title, as a reader should see it. */
  readonly title: string;
  /** What a label means, as an axis or column title ('first card held'). */
  readonly labelTitle: string;
  readonly labels: readonly string[];
  /** The CSV file's name; the name in kebab case, `.csv` added, when absent. */
  readonly file?: string;
  /** The chart's file stem; the name in kebab case when absent. */
  readonly chart?: string;
  /** The CSV column that holds the label; `label` when absent. */
  readonly labelColumn?: string;
}

/**
 * Round and game win rates by the label a seat held at a round's start (its opening holding). The
 * game's label is the one held in its first round.
 */
export interface RateByMetric extends MetricBase {
  readonly kind: 'rate-by';
}

/** Counts of mutually exclusive causes (how a player went out of a round), shown as shares. */
export interface CausesMetric extends MetricBase {
  readonly kind: 'causes';
  /** What one count is, in the plural ('outs'). */
  readonly unit: string;
}

/**
 * A whole number recorded per seat once a round or once a game (points in a hand, 1 for a moon shot
 * and 0 otherwise), reported as its mean with a 95% interval over the run's independent blocks.
 */
export interface MomentsMetric extends MetricBase {
  readonly kind: 'moments';
  readonly per: 'round' | 'game';
  /** What the value is, as an axis title ('points per hand'). */
  readonly valueTitle: string;
  /** 'rate' for 0/1 values, shown as percentages. */
  readonly format: 'number' | 'rate';
  readonly lowerIsBetter: boolean;
  /**
   * Neither lower nor higher is better for the player in itself (cards owned, a game's length):
   * charts then say nothing of which way is better, and lowerIsBetter is not read.
   */
  readonly neutral?: boolean;
  /**
   * The labels are the consecutive points of a sequence (turn 1, 2, ...), each value recorded under
   * the point it was reached at: charts draw the means as a line with a band over their intervals.
   * Everything else (tally, counters, intervals, tables) is that of any moments metric.
   */
  readonly sequence?: boolean;
}

/** One of a game's metrics (Game.metrics), which the summaries and charts report. */
export type MetricSpec = RateByMetric | CausesMetric | MomentsMetric;

/** 'pointsByQueen' as a file name: 'points-by-queen'. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export function metricFile(metric: MetricSpec): string {
  return metric.file ?? `${kebab(metric.name)}.csv`;
}

export function metricChart(metric: MetricSpec): string {
  return metric.chart ?? kebab(metric.name);
}

/** How many cells a metric takes per seat in a game's tally, and per entity in the run's counters. */
export function metricCells(metric: MetricSpec): { readonly tally: number; readonly counters: number } {
  const labels = metric.labels.length;
  switch (metric.kind) {
    case 'rate-by':
      return { tally: 3 * labels + 1, counters: labels * RateByField.COUNT };
    case 'causes':
      return { tally: labels, counters: labels };
    case 'moments':
      return { tally: 3 * labels, counters: labels * MomentField.COUNT };
  }
}

/** A rate-by metric's counts per entity and label in the run's counters. */
export const RateByField = {
  ROUNDS: 0,
  /** Every tied winner counted as a winner. */
  ROUND_WINS: 1,
  /** In share units. */
  ROUND_WIN_SHARE: 2,
  /** Games whose first round the label was held in. */
  GAMES: 3,
  /** Game wins in share units among those games. */
  GAME_WINS: 4,
  /**
   * The round win rate's ratio sums over blocks: with x the round win units and n the rounds begun
   * holding the label within a block, the sums of x^2, x n and n^2 (kept for strategy slots only).
   */
  BLOCK_WIN_SQUARES: 5,
  BLOCK_CROSS: 6,
  BLOCK_ROUND_SQUARES: 7,
  COUNT: 8,
} as const;

/**
 * A moments metric's sums per entity and label in the run's counters. The block sums are those of
 * a ratio estimate: with x_b the values and n_b the records in block b, the mean is sum x / sum n
 * and its variance comes from sum x_b^2, sum x_b n_b and sum n_b^2.
 */
export const MomentField = {
  RECORDS: 0,
  SUM: 1,
  SUM_OF_SQUARES: 2,
  BLOCK_SUM_OF_SQUARES: 3,
  BLOCK_CROSS: 4,
  BLOCK_COUNT_SQUARES: 5,
  COUNT: 6,
} as const;

// The plain rows the chart builders take, and the small mappings from a run's summary to them.
// The rows are kept minimal and independent of the summary's full shape, so the summary can grow
// without touching the charts, and notebooks can chart rows they assemble themselves.

/** A rate (0 to 1) with its 95% interval. */
export interface RateRow {
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/** Round win rate of a strategy's seats, by what they held when a round began (Love Letter: the card dealt). */
export interface LabelRateRow extends RateRow {
  readonly strategy: string;
  readonly label: string;
  readonly rounds: number;
}

/** The mean of a strategy's values of a metric under one label, with its 95% interval. */
export interface MomentMeanRow {
  readonly strategy: string;
  readonly label: string;
  readonly records: number;
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

/** Game win rate of one seat. */
export interface SeatRateRow extends RateRow {
  readonly seat: number;
  readonly strategy: string;
  readonly games: number;
}

/** Game win rate of one strategy over all its seats. */
export interface StrategyRateRow extends RateRow {
  readonly strategy: string;
  readonly games: number;
}

/**
 * How often something ended a round or game for a strategy's players: a cause the game declares
 * (the card that knocked them out), or the reason they forfeited.
 */
export interface CauseCountRow {
  readonly strategy: string;
  readonly cause: string;
  readonly count: number;
}

/** One cell of a tournament's head-to-head matrix: the row strategy's score against the column one (1/2 is even). */
export interface HeadToHeadRow {
  readonly strategy: string;
  readonly opponent: string;
  readonly score: number;
  /** Pairs of seats the two held in the same game (see the summary's PairRow). */
  readonly meetings: number;
}

/**
 * A strategy's rating on the Elo scale with its 95% interval. One outside the rated group
 * (`unrated`) has an infinite rating and an open end: -Infinity or +Infinity, or null as
 * summary.json writes them.
 */
export interface RatingRow {
  readonly strategy: string;
  readonly elo: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly unrated?: 'below' | 'above' | 'apart';
}

/** The SPRT log-likelihood ratio after some number of games. */
export interface LlrPoint {
  readonly games: number;
  readonly llr: number;
}

/** An SPRT run: its trajectory and the two bounds that end it. */
export interface SprtTrace {
  readonly points: readonly LlrPoint[];
  /** At or below: accept H0. */
  readonly lower: number;
  /** At or above: accept H1. */
  readonly upper: number;
}

interface SummaryRate {
  readonly games: number;
  readonly winRate: number;
  readonly ci95: readonly [number, number];
}

interface SummaryCount {
  readonly strategy: string;
  /** The forfeit reason. */
  readonly what: string;
  readonly count: number;
}

interface SummaryMetricHeading {
  readonly name: string;
  readonly title: string;
  readonly labelTitle: string;
  /** The game's labels in its order; absent in summaries of older parlors, whose rows' order then stands. */
  readonly labels?: readonly string[];
  /** The chart's file stem. */
  readonly chart: string;
}

/** A game's declared metric as summary.json holds it (src/runner/summary/summary-types.ts MetricSummary). */
export type SummaryMetric =
  | (SummaryMetricHeading & {
      readonly kind: 'rate-by';
      readonly rows: readonly {
        readonly strategy: string;
        readonly label: string;
        readonly rounds: number;
        readonly roundWinRate: number;
        readonly ci95: readonly [number, number];
      }[];
    })
  | (SummaryMetricHeading & {
      readonly kind: 'causes';
      readonly unit: string;
      readonly rows: readonly { readonly strategy: string; readonly label: string; readonly count: number }[];
    })
  | (SummaryMetricHeading & {
      readonly kind: 'moments';
      readonly valueTitle: string;
      readonly format: 'number' | 'rate';
      readonly lowerIsBetter: boolean;
      readonly neutral?: boolean;
      readonly sequence?: boolean;
      readonly rows: readonly {
        readonly strategy: string;
        readonly label: string;
        readonly records: number;
        readonly mean: number;
        readonly ci95: readonly [number, number];
      }[];
    });

/** What a report reads of a comparison's outcome (summary.json's `comparison`); non-finite figures are null. */
export interface ReportComparison {
  readonly candidate: string;
  readonly baseline: string;
  readonly verdict: 'H1' | 'H0' | 'undecided';
  /** Whether the candidate passed the test; null when it stopped undecided. */
  readonly passed: boolean | null;
  readonly gamesPerArm: number;
  readonly llr: number;
  readonly sprt: { readonly lower: number; readonly upper: number };
  readonly estimate: {
    readonly measured: string;
    readonly elo: { readonly elo: number | null; readonly low: number | null; readonly high: number | null };
    /** The measure the test read where not the win share: each arm's value and their difference. */
    readonly measure?: {
      readonly label: string;
      readonly lowerIsBetter: boolean;
      readonly candidate: number | null;
      readonly baseline: number | null;
      readonly difference: number | null;
      readonly low: number | null;
      readonly high: number | null;
    };
  };
  /** The compared seat's win rate in each arm. */
  readonly arms: { readonly candidate: { readonly mean: number }; readonly baseline: { readonly mean: number } };
}

/**
 * The parts of a run's summary (src/runner/summary/summary-types.ts) the report reads, and all `parlor chart`
 * asks of a summary.json: the runner's summaries are this and more.
 */
export interface ReportSummary {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  /** What the game calls a round, singular and plural (absent: 'round'). */
  readonly roundName?: readonly [string, string];
  readonly roundsPerGame: number;
  readonly design?: string;
  readonly seed?: string;
  /** False while the run is unfinished (stopped before all its games): its figures are partial. */
  readonly complete?: boolean;
  readonly gamesPlanned?: number;
  readonly seats: readonly (SummaryRate & { readonly seat: number; readonly strategy: string })[];
  readonly strategies: Readonly<Record<string, SummaryRate>>;
  readonly metrics: readonly SummaryMetric[];
  readonly forfeits: readonly SummaryCount[];
  /** Runs of several strategies: how each fared against each other. */
  readonly headToHead?: readonly HeadToHeadRow[];
  /** A comparison's outcome: its two arms are one run's match-ups, which the other figures count together. */
  readonly comparison?: ReportComparison;
}

/** A summary's rate and interval pair as a rate row. */
function rateRow(rate: number, ci95: readonly [number, number]): RateRow {
  return { rate, low: ci95[0], high: ci95[1] };
}

/** A rate-by metric's rows (Love Letter's first card held), for `rateByChart` and `rateByTable`. */
export function rateByRows(metric: Extract<SummaryMetric, { kind: 'rate-by' }>): LabelRateRow[] {
  return metric.rows.map((row) => ({
    strategy: row.strategy,
    label: row.label,
    rounds: row.rounds,
    ...rateRow(row.roundWinRate, row.ci95),
  }));
}

/** A causes metric's counts (Love Letter's knock-outs by card), for `causesChart`. */
export function causeCountRows(metric: Extract<SummaryMetric, { kind: 'causes' }>): CauseCountRow[] {
  return metric.rows.map((row) => ({ strategy: row.strategy, cause: row.label, count: row.count }));
}

/** A moments metric's means with their 95% intervals, for `momentsChart`, `seriesChart` and `momentTable`. */
export function momentRows(metric: Extract<SummaryMetric, { kind: 'moments' }>): MomentMeanRow[] {
  return metric.rows.map((row) => ({
    strategy: row.strategy,
    label: row.label,
    records: row.records,
    mean: row.mean,
    low: row.ci95[0],
    high: row.ci95[1],
  }));
}

/** Each seat's game win rate with its 95% interval, for `seatChart`. */
export function seatRows(summary: ReportSummary): SeatRateRow[] {
  return summary.seats.map((seat) => ({
    seat: seat.seat,
    strategy: seat.strategy,
    games: seat.games,
    ...rateRow(seat.winRate, seat.ci95),
  }));
}

/** Each strategy's game win rate over all its seats with its 95% interval, for `strategyTable`. */
export function strategyRows(summary: ReportSummary): StrategyRateRow[] {
  return Object.entries(summary.strategies).map(([strategy, result]) => ({
    strategy,
    games: result.games,
    ...rateRow(result.winRate, result.ci95),
  }));
}

/** Forfeits by strategy and reason, for `forfeitTable`. */
export function forfeitRows(summary: ReportSummary): CauseCountRow[] {
  return summary.forfeits.map((row) => ({ strategy: row.strategy, cause: row.what, count: row.count }));
}

/** A run's head-to-head scores (empty for a run of one strategy), for `headToHeadChart`. */
export function headToHeadRows(summary: ReportSummary): HeadToHeadRow[] {
  return (summary.headToHead ?? []).map((row) => ({
    strategy: row.strategy,
    opponent: row.opponent,
    score: row.score,
    meetings: row.meetings,
  }));
}

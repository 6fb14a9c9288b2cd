// The plain rows the chart builders take, and the small mappings from a run's summary to them.
// The rows are kept minimal and independent of the summary's full shape, so the summary can grow
// without touching the charts, and notebooks can chart rows they assemble themselves.

/** A rate (0 to 1) with its 95% interval. */
export interface RateRow {
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/** Round win rate of a strategy's seats, by the card first dealt to them. */
export interface FirstCardRateRow extends RateRow {
  readonly strategy: string;
  readonly card: string;
  readonly rounds: number;
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
 * How often something ended a round or game for a strategy's players: the card that knocked them
 * out, or the reason they forfeited.
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
  readonly games: number;
}

/** A strategy's rating on the Elo scale with its 95% interval. */
export interface RatingRow {
  readonly strategy: string;
  readonly elo: number;
  readonly low: number;
  readonly high: number;
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
  /** The out cause or forfeit reason. */
  readonly what: string;
  readonly count: number;
}

/**
 * The parts of a run's summary (src/runner/summary.ts) the report reads, and all `parlor chart`
 * asks of a summary.json: the runner's summaries are this and more.
 */
export interface ReportSummary {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  readonly roundsPerGame: number;
  readonly design?: string;
  readonly seed?: string;
  /** False while the run is unfinished (stopped before all its games): its figures are partial. */
  readonly complete?: boolean;
  readonly gamesPlanned?: number;
  readonly seats: readonly (SummaryRate & { readonly seat: number; readonly strategy: string })[];
  readonly strategies: Readonly<Record<string, SummaryRate>>;
  readonly firstCard: readonly {
    readonly strategy: string;
    readonly card: string;
    readonly rounds: number;
    readonly roundWinRate: number;
    readonly ci95: readonly [number, number];
  }[];
  readonly outs: readonly SummaryCount[];
  readonly forfeits: readonly SummaryCount[];
  /** Runs of several strategies: how each fared against each other. */
  readonly headToHead?: readonly HeadToHeadRow[];
}

/** A summary's rate and interval pair as a rate row. */
function rateRow(rate: number, ci95: readonly [number, number]): RateRow {
  return { rate, low: ci95[0], high: ci95[1] };
}

export function firstCardRows(summary: ReportSummary): FirstCardRateRow[] {
  return summary.firstCard.map((row) => ({
    strategy: row.strategy,
    card: row.card,
    rounds: row.rounds,
    ...rateRow(row.roundWinRate, row.ci95),
  }));
}

export function seatRows(summary: ReportSummary): SeatRateRow[] {
  return summary.seats.map((seat) => ({
    seat: seat.seat,
    strategy: seat.strategy,
    games: seat.games,
    ...rateRow(seat.winRate, seat.ci95),
  }));
}

export function strategyRows(summary: ReportSummary): StrategyRateRow[] {
  return Object.entries(summary.strategies).map(([strategy, result]) => ({
    strategy,
    games: result.games,
    ...rateRow(result.winRate, result.ci95),
  }));
}

function causeRows(rows: readonly SummaryCount[]): CauseCountRow[] {
  return rows.map((row) => ({ strategy: row.strategy, cause: row.what, count: row.count }));
}

export function outRows(summary: ReportSummary): CauseCountRow[] {
  return causeRows(summary.outs);
}

export function forfeitRows(summary: ReportSummary): CauseCountRow[] {
  return causeRows(summary.forfeits);
}

export function headToHeadRows(summary: ReportSummary): HeadToHeadRow[] {
  return (summary.headToHead ?? []).map((row) => ({ strategy: row.strategy, opponent: row.opponent, score: row.score, games: row.games }));
}

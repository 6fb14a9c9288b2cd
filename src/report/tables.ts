// The report's tables as plain data: text already formatted, so the HTML only lays them out.
import type { CauseCountRow, LabelRateRow, MomentMeanRow, RateRow, SeatRateRow, StrategyRateRow } from './rows.ts';

/** A table as `tableDisplay` shows it and the HTML report lays it out: its cells already text. */
export interface ReportTable {
  readonly caption: string;
  readonly columns: readonly { readonly title: string; readonly numeric: boolean }[];
  readonly rows: readonly (readonly string[])[];
}

/** Rows as lines of plain text: text columns left-aligned, numbers right-aligned, two spaces apart. */
export function alignColumns(header: readonly string[], rows: readonly (readonly string[])[], numeric: readonly boolean[]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** An Elo difference and its 95% interval, as in summary.json: an infinite or unknown figure is null there. */
export interface EloFigures {
  readonly elo: number | null;
  readonly low: number | null;
  readonly high: number | null;
}

/**
 * `+186.7 (95% interval +120.2 to +260.1)`. An end the data leave open (a share of 0 or 1: infinite,
 * or null once through JSON) is said as such: `+∞ (95% interval above +888.0)`; a difference of two
 * shares that sit at the same bound is unknown: `n/a (95% interval unbounded)`.
 */
export function eloText(figures: EloFigures, digits = 1): string {
  const finite = (value: number | null): value is number => value !== null && Number.isFinite(value);
  const signed = (value: number) => signedFigure(value, digits);
  const { elo, low, high } = figures;
  const point = finite(elo)
    ? signed(elo)
    : elo === Infinity || (elo === null && finite(low))
      ? '+∞'
      : elo === -Infinity || (elo === null && finite(high))
        ? '-∞'
        : 'n/a';
  const interval =
    finite(low) && finite(high)
      ? `${signed(low)} to ${signed(high)}`
      : finite(low)
        ? `above ${signed(low)}`
        : finite(high)
          ? `below ${signed(high)}`
          : 'unbounded';
  return `${point} (95% interval ${interval})`;
}

/** A figure to `digits` places; one that is not finite (null once through JSON) has no value to show. */
export function figure(value: number | null, digits: number): string {
  return value === null || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits);
}

/** A figure with its sign always shown. */
export function signedFigure(value: number | null, digits: number): string {
  return value !== null && value >= 0 && Number.isFinite(value) ? `+${figure(value, digits)}` : figure(value, digits);
}

/** A rate in percent, to a tenth; one that is not finite has no value to show. */
export function percent(value: number): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : 'n/a';
}

function rateCells(row: RateRow): string[] {
  return [percent(row.rate), `${percent(row.low)} – ${percent(row.high)}`];
}

const RATE_COLUMNS = [
  { title: 'win rate', numeric: true },
  { title: '95% interval', numeric: true },
];

/** Game win rates by strategy, with their 95% intervals. */
export function strategyTable(rows: readonly StrategyRateRow[], captionEnd = ''): ReportTable {
  return {
    caption: `Game win rate by strategy${captionEnd}`,
    columns: [{ title: 'strategy', numeric: false }, { title: 'games', numeric: true }, ...RATE_COLUMNS],
    rows: rows.map((row) => [row.strategy, count.format(row.games), ...rateCells(row)]),
  };
}

/** Game win rates by seat, with their 95% intervals. */
export function seatTable(rows: readonly SeatRateRow[], captionEnd = ''): ReportTable {
  return {
    caption: `Game win rate by seat${captionEnd}`,
    columns: [{ title: 'seat', numeric: true }, { title: 'strategy', numeric: false }, { title: 'games', numeric: true }, ...RATE_COLUMNS],
    rows: rows.map((row) => [String(row.seat), row.strategy, count.format(row.games), ...rateCells(row)]),
  };
}

/** A rate-by metric's round win rates by label (Love Letter: first card held), with their 95% intervals. */
export function rateByTable(caption: string, labelTitle: string, rows: readonly LabelRateRow[], perGame = false): ReportTable {
  return {
    caption,
    columns: [
      { title: 'strategy', numeric: false },
      { title: labelTitle, numeric: false },
      // A game of one round counts its rates in games.
      { title: perGame ? 'games' : 'rounds', numeric: true },
      ...RATE_COLUMNS,
    ],
    rows: rows.map((row) => [row.strategy, row.label, count.format(row.rounds), ...rateCells(row)]),
  };
}

/** Means with their intervals; a metric with one label shows no label column. */
export function momentTable(caption: string, labelTitle: string, format: 'number' | 'rate', rows: readonly MomentMeanRow[]): ReportTable {
  const byLabel = new Set(rows.map((row) => row.label)).size > 1;
  const value = (x: number) => (format === 'rate' ? percent(x) : x.toFixed(3));
  return {
    caption,
    columns: [
      { title: 'strategy', numeric: false },
      ...(byLabel ? [{ title: labelTitle, numeric: false }] : []),
      { title: 'values', numeric: true },
      { title: 'mean', numeric: true },
      { title: '95% interval', numeric: true },
    ],
    rows: rows.map((row) => [
      row.strategy,
      ...(byLabel ? [row.label] : []),
      count.format(row.records),
      value(row.mean),
      `${value(row.low)} – ${value(row.high)}`,
    ]),
  };
}

/** Forfeits by strategy and reason. */
export function forfeitTable(rows: readonly CauseCountRow[]): ReportTable {
  return {
    caption: 'Forfeits',
    columns: [
      { title: 'strategy', numeric: false },
      { title: 'reason', numeric: false },
      { title: 'count', numeric: true },
    ],
    rows: rows.map((row) => [row.strategy, row.cause, count.format(row.count)]),
  };
}

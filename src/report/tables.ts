// The report's tables as plain data: text already formatted, so the HTML only lays them out.
import type { CauseCountRow, LabelRateRow, MomentMeanRow, RateRow, SeatRateRow, StrategyRateRow } from './rows.ts';

export interface ReportTable {
  readonly caption: string;
  readonly columns: readonly { readonly title: string; readonly numeric: boolean }[];
  readonly rows: readonly (readonly string[])[];
}

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function rateCells(row: RateRow): string[] {
  return [percent(row.rate), `${percent(row.low)} – ${percent(row.high)}`];
}

const RATE_COLUMNS = [
  { title: 'win rate', numeric: true },
  { title: '95% interval', numeric: true },
];

export function strategyTable(rows: readonly StrategyRateRow[]): ReportTable {
  return {
    caption: 'Game win rate by strategy',
    columns: [{ title: 'strategy', numeric: false }, { title: 'games', numeric: true }, ...RATE_COLUMNS],
    rows: rows.map((row) => [row.strategy, count.format(row.games), ...rateCells(row)]),
  };
}

export function seatTable(rows: readonly SeatRateRow[]): ReportTable {
  return {
    caption: 'Game win rate by seat',
    columns: [{ title: 'seat', numeric: true }, { title: 'strategy', numeric: false }, { title: 'games', numeric: true }, ...RATE_COLUMNS],
    rows: rows.map((row) => [String(row.seat), row.strategy, count.format(row.games), ...rateCells(row)]),
  };
}

export function rateByTable(caption: string, labelTitle: string, rows: readonly LabelRateRow[]): ReportTable {
  return {
    caption,
    columns: [
      { title: 'strategy', numeric: false },
      { title: labelTitle, numeric: false },
      { title: 'rounds', numeric: true },
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

// The report's tables as plain data: text already formatted, so the HTML only lays them out.
import type { CauseCountRow, FirstCardRateRow, RateRow, SeatRateRow, StrategyRateRow } from './rows.ts';

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

export function firstCardTable(rows: readonly FirstCardRateRow[]): ReportTable {
  return {
    caption: 'Round win rate by first card held',
    columns: [
      { title: 'strategy', numeric: false },
      { title: 'first card', numeric: false },
      { title: 'rounds', numeric: true },
      ...RATE_COLUMNS,
    ],
    rows: rows.map((row) => [row.strategy, row.card, count.format(row.rounds), ...rateCells(row)]),
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

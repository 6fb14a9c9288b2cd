import type { IntervalUnit, MetricSummary, RateWithInterval, RunSummary } from './summary-types.ts';

type Cell = string | number;

// The units of the intervals whose unit never varies, named in the CSVs as the others are: a
// declared mean over the run's blocks, a rating by resampling deal groups.
const MOMENT_INTERVAL_UNIT = 'block';
const RATING_INTERVAL_UNIT = 'deal group';

/** One CSV file of a results folder. */
export interface CsvTable {
  readonly file: string;
  readonly csv: string;
}

function csvCell(value: Cell): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** A game rate's columns, its interval's unit named: those of a seat and of a strategy. */
const RATE_COLUMNS = ['games', 'wins', 'winRate', 'ci95Low', 'ci95High', 'ci95Unit'];

function rateCells(rate: RateWithInterval & { readonly ci95Unit: IntervalUnit }): Cell[] {
  return [rate.games, rate.wins, rate.winRate, ...rate.ci95, rate.ci95Unit];
}

/** The summary's tables, one CSV each, in long form (one row per observation) for spreadsheets and data frames. */
export function summaryTables(summary: RunSummary): CsvTable[] {
  return [
    seatsTable(summary),
    strategiesTable(summary),
    ...summary.metrics.map(metricTable),
    forfeitsTable(summary),
    headToHeadTable(summary),
    matchupsTable(summary),
    ...(summary.ratings ? [ratingsTable(summary.ratings)] : []),
  ];
}

function seatsTable(summary: RunSummary): CsvTable {
  return {
    file: 'seats.csv',
    csv: toCsv(
      ['seat', 'strategy', ...RATE_COLUMNS, 'rounds', 'roundWins', 'roundWinRate'],
      summary.seats.map((s) => [s.seat, s.strategy, ...rateCells(s), s.rounds, s.roundWins, s.roundWinRate]),
    ),
  };
}

function strategiesTable(summary: RunSummary): CsvTable {
  return {
    file: 'strategies.csv',
    csv: toCsv(
      [
        'strategy',
        ...RATE_COLUMNS,
        'rounds',
        'roundWins',
        'roundWinRate',
        'roundCi95Low',
        'roundCi95High',
        'roundCi95Unit',
        'blocks',
        'blockMean',
        'blockSd',
        'blockSe',
      ],
      Object.entries(summary.strategies).map(([name, s]) => [
        name,
        ...rateCells(s),
        s.rounds,
        s.roundWins,
        s.roundWinRate,
        ...s.roundCi95,
        s.roundCi95Unit,
        s.blocks.blocks,
        s.blocks.mean,
        s.blocks.sd,
        s.blocks.se,
      ]),
    ),
  };
}

/**
 * A strategy's own words as a cell a spreadsheet shows as text: one that begins like a formula
 * (`=`, `+`, `-`, `@`, a tab or a carriage return) would be run as one when the file is opened, and
 * could send the sheet's other cells anywhere. The quote in front is how spreadsheets mark text.
 */
function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function forfeitsTable(summary: RunSummary): CsvTable {
  return {
    file: 'forfeits.csv',
    csv: toCsv(
      ['strategy', 'reason', 'count', 'first'],
      summary.forfeits.map((r) => [r.strategy, r.what, r.count, inertText(firstDetail(summary, r.strategy, r.what))]),
    ),
  };
}

function headToHeadTable(summary: RunSummary): CsvTable {
  return {
    file: 'head-to-head.csv',
    csv: toCsv(
      ['strategy', 'opponent', 'score', 'meetings'],
      summary.headToHead.map((r) => [r.strategy, r.opponent, r.score, r.meetings]),
    ),
  };
}

function matchupsTable(summary: RunSummary): CsvTable {
  return {
    file: 'matchups.csv',
    csv: toCsv(
      ['matchup', 'seat', 'strategy', 'games', 'wins'],
      summary.matchups.flatMap((m, index) => m.seats.map((strategy, seat) => [index, seat, strategy, m.games, m.wins[seat]])),
    ),
  };
}

/**
 * An open end and a rating no finite value fits read -Infinity or Infinity, which data frames
 * (pandas, R, JavaScript's Number) parse as infinities; a rating that does not exist (apart) is
 * empty. `unrated` says which strategies are outside the rated group.
 */
function ratingsTable(ratings: NonNullable<RunSummary['ratings']>): CsvTable {
  const elo = (value: number) => (Number.isNaN(value) ? '' : value);
  return {
    file: 'ratings.csv',
    csv: toCsv(
      ['strategy', 'elo', 'ci95Low', 'ci95High', 'ci95Unit', 'unrated'],
      ratings.map((r) => [r.strategy, elo(r.elo), elo(r.low), elo(r.high), RATING_INTERVAL_UNIT, r.unrated ?? '']),
    ),
  };
}

/** A declared metric's rows, with the label under the metric's own column name. */
function metricTable(metric: MetricSummary): CsvTable {
  const head = ['strategy', metric.labelColumn];
  switch (metric.kind) {
    case 'rate-by':
      return {
        file: metric.file,
        csv: toCsv(
          [
            ...head,
            'rounds',
            'roundWins',
            'roundWinShare',
            'roundWinRate',
            'ci95Low',
            'ci95High',
            'ci95Unit',
            'games',
            'gameWins',
            'gameWinRate',
            'gameCi95Low',
            'gameCi95High',
            'gameCi95Unit',
          ],
          metric.rows.map((r) => [
            r.strategy,
            r.label,
            r.rounds,
            r.roundWins,
            r.roundWinShare,
            r.roundWinRate,
            ...r.ci95,
            r.ci95Unit,
            r.games,
            r.gameWins,
            r.gameWinRate,
            ...r.gameCi95,
            r.gameCi95Unit,
          ]),
        ),
      };
    case 'causes':
      return {
        file: metric.file,
        csv: toCsv(
          [...head, 'count'],
          metric.rows.map((r) => [r.strategy, r.label, r.count]),
        ),
      };
    case 'moments':
      return {
        file: metric.file,
        csv: toCsv(
          [...head, 'records', 'mean', 'sd', 'ci95Low', 'ci95High', 'ci95Unit'],
          metric.rows.map((r) => [r.strategy, r.label, r.records, r.mean, r.sd, ...r.ci95, MOMENT_INTERVAL_UNIT]),
        ),
      };
  }
}

/** What went wrong in the first listed forfeit of a strategy for a reason, where known; blank otherwise. */
export function firstDetail(summary: RunSummary, strategy: string, reason: string): string {
  return summary.forfeitGames.find((note) => note.strategy === strategy && note.reason === reason && note.detail)?.detail ?? '';
}

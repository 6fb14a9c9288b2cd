import type { MetricSummary, RunSummary } from './summary.ts';

type Cell = string | number;

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

/** The summary's tables, one CSV each, in long form (one row per observation) for spreadsheets and data frames. */
export function summaryTables(summary: RunSummary): CsvTable[] {
  const strategies = Object.entries(summary.strategies);
  return [
    {
      file: 'seats.csv',
      csv: toCsv(
        ['seat', 'strategy', 'games', 'wins', 'winRate', 'ci95Low', 'ci95High', 'rounds', 'roundWins', 'roundWinRate'],
        summary.seats.map((s) => [s.seat, s.strategy, s.games, s.wins, s.winRate, ...s.ci95, s.rounds, s.roundWins, s.roundWinRate]),
      ),
    },
    {
      file: 'strategies.csv',
      csv: toCsv(
        [
          'strategy',
          'games',
          'wins',
          'winRate',
          'ci95Low',
          'ci95High',
          'rounds',
          'roundWins',
          'roundWinRate',
          'roundCi95Low',
          'roundCi95High',
          'blocks',
          'blockMean',
          'blockSd',
          'blockSe',
        ],
        strategies.map(([name, s]) => [
          name,
          s.games,
          s.wins,
          s.winRate,
          ...s.ci95,
          s.rounds,
          s.roundWins,
          s.roundWinRate,
          ...s.roundCi95,
          s.blocks.blocks,
          s.blocks.mean,
          s.blocks.sd,
          s.blocks.se,
        ]),
      ),
    },
    ...summary.metrics.map(metricTable),
    {
      file: 'forfeits.csv',
      csv: toCsv(
        ['strategy', 'reason', 'count', 'first'],
        summary.forfeits.map((r) => [r.strategy, r.what, r.count, firstDetail(summary, r.strategy, r.what)]),
      ),
    },
    {
      file: 'head-to-head.csv',
      csv: toCsv(
        ['strategy', 'opponent', 'score', 'games'],
        summary.headToHead.map((r) => [r.strategy, r.opponent, r.score, r.games]),
      ),
    },
    {
      file: 'matchups.csv',
      csv: toCsv(
        ['matchup', 'seat', 'strategy', 'games', 'wins'],
        summary.matchups.flatMap((m, index) => m.seats.map((strategy, seat) => [index, seat, strategy, m.games, m.wins[seat]])),
      ),
    },
    ...(summary.ratings
      ? [
          {
            file: 'ratings.csv',
            csv: toCsv(
              ['strategy', 'elo', 'ci95Low', 'ci95High'],
              summary.ratings.map((r) => [r.strategy, r.elo, r.low, r.high]),
            ),
          },
        ]
      : []),
  ];
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
            'games',
            'gameWins',
            'gameWinRate',
            'gameCi95Low',
            'gameCi95High',
          ],
          metric.rows.map((r) => [
            r.strategy,
            r.label,
            r.rounds,
            r.roundWins,
            r.roundWinShare,
            r.roundWinRate,
            ...r.ci95,
            r.games,
            r.gameWins,
            r.gameWinRate,
            ...r.gameCi95,
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
          [...head, 'records', 'mean', 'sd', 'ci95Low', 'ci95High'],
          metric.rows.map((r) => [r.strategy, r.label, r.records, r.mean, r.sd, ...r.ci95]),
        ),
      };
  }
}

/** What went wrong in the first listed forfeit of a strategy for a reason, where known; blank otherwise. */
function firstDetail(summary: RunSummary, strategy: string, reason: string): string {
  return summary.forfeitGames.find((note) => note.strategy === strategy && note.reason === reason && note.detail)?.detail ?? '';
}

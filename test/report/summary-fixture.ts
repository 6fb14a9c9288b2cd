// A small summary of the shape src/runner/summary/summary-types.ts describes (the part the report reads): two
// strategies over four seats.
import type { ReportSummary } from '../../src/report/rows.ts';

const rate = (wins: number, games: number, low: number, high: number) => ({
  games,
  wins,
  winRate: wins / games,
  ci95: [low, high] as const,
});

// Built untyped so it may carry, as real summaries do, more fields than the report reads.
const written = {
  game: 'love-letter',
  players: 4,
  design: 'independent',
  seed: 'fixture',
  games: 1000,
  rounds: 8400,
  roundsPerGame: 8.4,
  seats: [
    { seat: 0, strategy: 'random', ...rate(230, 1000, 0.205, 0.257), rounds: 8400, roundWins: 2000, roundWinRate: 0.238 },
    { seat: 1, strategy: 'cautious <b>', ...rate(270, 1000, 0.244, 0.298), rounds: 8400, roundWins: 2200, roundWinRate: 0.262 },
    { seat: 2, strategy: 'random', ...rate(240, 1000, 0.214, 0.267), rounds: 8400, roundWins: 2050, roundWinRate: 0.244 },
    { seat: 3, strategy: 'cautious <b>', ...rate(260, 1000, 0.234, 0.288), rounds: 8400, roundWins: 2150, roundWinRate: 0.256 },
  ],
  strategies: {
    random: rate(470, 2000, 0.213, 0.257),
    'cautious <b>': rate(530, 2000, 0.246, 0.285),
  },
  metrics: [
    {
      kind: 'rate-by',
      name: 'firstCard',
      title: 'Round win rate by first card held',
      labelTitle: 'first card held',
      file: 'first-cards.csv',
      labelColumn: 'card',
      chart: 'win-rate-by-first-card',
      rows: [
        {
          strategy: 'random',
          label: 'soldier',
          rounds: 4000,
          roundWins: 1100,
          roundWinRate: 0.275,
          ci95: [0.261, 0.289] as const,
          games: 500,
          gameWins: 120,
        },
        {
          strategy: 'random',
          label: 'princess',
          rounds: 800,
          roundWins: 70,
          roundWinRate: 0.0875,
          ci95: [0.07, 0.109] as const,
          games: 100,
          gameWins: 10,
        },
        {
          strategy: 'cautious <b>',
          label: 'soldier',
          rounds: 4100,
          roundWins: 1200,
          roundWinRate: 0.293,
          ci95: [0.279, 0.307] as const,
          games: 510,
          gameWins: 140,
        },
        {
          strategy: 'cautious <b>',
          label: 'princess',
          rounds: 790,
          roundWins: 80,
          roundWinRate: 0.101,
          ci95: [0.082, 0.124] as const,
          games: 95,
          gameWins: 12,
        },
      ],
    },
    {
      kind: 'causes',
      name: 'outs',
      title: 'How players went out',
      labelTitle: 'went out by',
      unit: 'outs',
      file: 'outs.csv',
      labelColumn: 'cause',
      chart: 'outs-by-cause',
      rows: [
        { strategy: 'random', label: 'soldier', count: 900 },
        { strategy: 'random', label: 'knight', count: 1500 },
        { strategy: 'cautious <b>', label: 'soldier', count: 700 },
        { strategy: 'cautious <b>', label: 'knight', count: 1400 },
      ],
    },
  ],
  forfeits: [{ strategy: 'cautious <b>', what: 'timeout', count: 3 }],
  headToHead: [
    { strategy: 'random', opponent: 'cautious <b>', score: 0.46, meetings: 2000 },
    { strategy: 'cautious <b>', opponent: 'random', score: 0.54, meetings: 2000 },
  ],
};

export const summary = written as ReportSummary;

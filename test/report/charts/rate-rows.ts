// Small hand-made rows shared by the chart and render tests.
import type { LabelRateRow, HeadToHeadRow, CauseCountRow, RatingRow, SeatRateRow } from '../../../src/report/rows.ts';

export const firstCards: LabelRateRow[] = [
  { strategy: 'random', label: 'soldier', rounds: 900, rate: 0.28, low: 0.25, high: 0.31 },
  { strategy: 'random', label: 'priestess', rounds: 400, rate: 0.32, low: 0.27, high: 0.37 },
  { strategy: 'random', label: 'princess', rounds: 100, rate: 0.09, low: 0.05, high: 0.16 },
  { strategy: 'cautious', label: 'soldier', rounds: 880, rate: 0.3, low: 0.27, high: 0.33 },
  { strategy: 'cautious', label: 'priestess', rounds: 410, rate: 0.35, low: 0.3, high: 0.4 },
  { strategy: 'cautious', label: 'princess', rounds: 90, rate: 0.12, low: 0.07, high: 0.2 },
];

export const seats: SeatRateRow[] = [
  { seat: 0, strategy: 'random', games: 1000, rate: 0.24, low: 0.21, high: 0.27 },
  { seat: 1, strategy: 'cautious', games: 1000, rate: 0.29, low: 0.26, high: 0.32 },
  { seat: 2, strategy: 'random', games: 1000, rate: 0.22, low: 0.2, high: 0.25 },
  { seat: 3, strategy: 'cautious', games: 1000, rate: 0.25, low: 0.22, high: 0.28 },
];

export const headToHead: HeadToHeadRow[] = [
  { strategy: 'random', opponent: 'cautious', score: 0.4, meetings: 500 },
  { strategy: 'cautious', opponent: 'random', score: 0.6, meetings: 500 },
  { strategy: 'random', opponent: 'greedy', score: 0.45, meetings: 500 },
  { strategy: 'greedy', opponent: 'random', score: 0.55, meetings: 500 },
  { strategy: 'cautious', opponent: 'greedy', score: 0.52, meetings: 500 },
  { strategy: 'greedy', opponent: 'cautious', score: 0.48, meetings: 500 },
];

export const ratings: RatingRow[] = [
  { strategy: 'random', elo: -40, low: -55, high: -25 },
  { strategy: 'cautious', elo: 35, low: 20, high: 50 },
  { strategy: 'greedy', elo: 5, low: -10, high: 20 },
];

export const outs: CauseCountRow[] = [
  { strategy: 'random', cause: 'soldier', count: 30 },
  { strategy: 'random', cause: 'knight', count: 50 },
  { strategy: 'random', cause: 'princess', count: 20 },
  { strategy: 'cautious', cause: 'soldier', count: 10 },
  { strategy: 'cautious', cause: 'knight', count: 30 },
];

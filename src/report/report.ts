// What a run's report holds: which charts and tables apply to a summary (and to the tournament or
// comparison results given beside it), decided in one place for the files and the HTML page alike.
import type { TopLevelSpec } from 'vega-lite';
import { firstCardChart } from './charts/first-card.ts';
import { headToHeadChart } from './charts/head-to-head.ts';
import { outsChart } from './charts/outs.ts';
import { ratingChart } from './charts/ratings.ts';
import { seatChart } from './charts/seat.ts';
import { sprtChart } from './charts/sprt.ts';
import {
  firstCardRows,
  forfeitRows,
  headToHeadRows,
  outRows,
  seatRows,
  strategyRows,
  type HeadToHeadRow,
  type RatingRow,
  type ReportSummary,
  type SprtTrace,
} from './rows.ts';
import { firstCardTable, forfeitTable, seatTable, strategyTable, type ReportTable } from './tables.ts';

/** Results a summary does not hold: a tournament's ratings, a comparison's SPRT run. */
export interface ReportExtras {
  /** Replaces the summary's own head-to-head rows. */
  readonly headToHead?: readonly HeadToHeadRow[];
  readonly ratings?: readonly RatingRow[];
  readonly sprt?: SprtTrace;
}

export interface NamedChart {
  /** File name stem: `<name>.vl.json`, `.svg`, `.png`. */
  readonly name: string;
  readonly title: string;
  readonly spec: TopLevelSpec;
}

/** Every chart that has data, in reading order. */
export function reportCharts(summary: ReportSummary, extras: ReportExtras = {}): NamedChart[] {
  const charts: NamedChart[] = [];
  const add = (name: string, title: string, spec: TopLevelSpec) => charts.push({ name, title, spec });
  if (extras.sprt && extras.sprt.points.length > 0) add('sprt-llr', 'Sequential test', sprtChart(extras.sprt));
  if (extras.ratings && extras.ratings.length > 0) add('rating-ladder', 'Rating ladder', ratingChart(extras.ratings));
  const headToHead = extras.headToHead ?? headToHeadRows(summary);
  if (headToHead.length > 0) add('head-to-head', 'Head-to-head scores', headToHeadChart(headToHead));
  if (summary.seats.length > 0)
    add('win-rate-by-seat', 'Game win rate by seat', seatChart(seatRows(summary), { players: summary.players }));
  if (summary.firstCard.length > 0) {
    add(
      'win-rate-by-first-card',
      'Round win rate by first card held',
      firstCardChart(firstCardRows(summary), { players: summary.players }),
    );
  }
  if (summary.outs.length > 0) add('outs-by-cause', 'How players went out', outsChart(outRows(summary)));
  return charts;
}

export function reportTables(summary: ReportSummary): ReportTable[] {
  const tables = [strategyTable(strategyRows(summary)), seatTable(seatRows(summary))];
  if (summary.firstCard.length > 0) tables.push(firstCardTable(firstCardRows(summary)));
  if (summary.forfeits.length > 0) tables.push(forfeitTable(forfeitRows(summary)));
  return tables;
}

export function reportLines(summary: ReportSummary): string[] {
  const how = [summary.design && `${summary.design} deals`, summary.seed !== undefined && `seed '${summary.seed}'`].filter(Boolean);
  return [
    `${summary.games.toLocaleString('en-US')} games of ${summary.game}, ${summary.players} players, ` +
      `${summary.roundsPerGame.toFixed(2)} rounds a game${how.length > 0 ? `; ${how.join(', ')}` : ''}`,
    'Win rates with 95% intervals over independent samples (games, blocks of rotations or groups of deals); a win shared by k players counts 1/k to each.',
  ];
}

/** Said first, and loudly, on the report of a run stopped before all its games. */
export function reportPartialNote(summary: ReportSummary): string | undefined {
  if (summary.complete !== false) return undefined;
  const planned = summary.gamesPlanned === undefined ? '' : ` of ${summary.gamesPlanned.toLocaleString('en-US')}`;
  return `Partial results: the run stopped after ${summary.games.toLocaleString('en-US')}${planned} games; resume it to finish.`;
}

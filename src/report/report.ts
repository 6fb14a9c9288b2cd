// What a run's report holds: which charts and tables apply to a summary (and to the tournament or
// comparison results given beside it), decided in one place for the files and the HTML page alike.
import type { TopLevelSpec } from 'vega-lite';
import { playsOneRound } from '../core/game.ts';
import { causesChart } from './charts/causes.ts';
import { headToHeadChart } from './charts/head-to-head.ts';
import { momentsChart } from './charts/moments.ts';
import { rateByChart } from './charts/rate-by.ts';
import { ratingChart } from './charts/ratings.ts';
import { seatChart } from './charts/seat.ts';
import { seriesChart } from './charts/series.ts';
import { sprtChart } from './charts/sprt.ts';
import {
  causeCountRows,
  forfeitRows,
  headToHeadRows,
  momentRows,
  rateByRows,
  seatRows,
  strategyRows,
  type HeadToHeadRow,
  type RatingRow,
  type ReportComparison,
  type ReportSummary,
  type SprtTrace,
  type SummaryMetric,
} from './rows.ts';
import {
  eloText,
  figure,
  forfeitTable,
  momentTable,
  percent,
  rateByTable,
  seatTable,
  signedFigure as signed,
  strategyTable,
  type ReportTable,
} from './tables.ts';

/** Results a summary does not hold: a tournament's ratings, a comparison's SPRT run. */
export interface ReportExtras {
  /** Replaces the summary's own head-to-head rows. */
  readonly headToHead?: readonly HeadToHeadRow[];
  readonly ratings?: readonly RatingRow[];
  readonly sprt?: SprtTrace;
}

/** One of a report's charts (reportCharts), with the file name it is written under. */
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
  for (const metric of summary.metrics) if (metric.rows.length > 0) add(metric.chart, metric.title, metricChart(metric, summary));
  const partial = reportPartialNote(summary);
  return partial === undefined ? charts : charts.map((chart) => ({ ...chart, spec: markedPartial(chart.spec, partial) }));
}

/** A chart of a run stopped before its end says so, on every file it is drawn to: one may be published alone. */
export function markedPartial(spec: TopLevelSpec, note: string): TopLevelSpec {
  const title = spec.title as { text: string; subtitle?: string | string[] };
  const subtitle = title.subtitle === undefined ? [] : Array.isArray(title.subtitle) ? title.subtitle : [title.subtitle];
  return { ...spec, title: { ...title, text: `${title.text} (PARTIAL)`, subtitle: [note, ...subtitle] } };
}

/**
 * The metric's rows in the game's label order, strategy by strategy within a label: a chart's axis
 * follows the order its labels first appear in, and a strategy's rows may lack labels another's
 * have (a seat dealt five cards in every game).
 */
function inLabelOrder<Row extends { readonly label: string }>(metric: SummaryMetric, rows: readonly Row[]): Row[] {
  if (metric.labels === undefined) return [...rows];
  const place = new Map(metric.labels.map((label, index) => [label, index]));
  return [...rows].sort((a, b) => (place.get(a.label) ?? Infinity) - (place.get(b.label) ?? Infinity));
}

function metricChart(metric: SummaryMetric, summary: ReportSummary): TopLevelSpec {
  const { title, labelTitle } = metric;
  const players = summary.players;
  switch (metric.kind) {
    case 'rate-by':
      return rateByChart(inLabelOrder(metric, rateByRows(metric)), { title, labelTitle, players, perGame: perGame(summary) });
    case 'causes':
      return causesChart(causeCountRows(metric), { title, labelTitle, unit: metric.unit });
    case 'moments': {
      const rows = inLabelOrder(metric, momentRows(metric));
      return metric.sequence ? seriesChart(rows, metric) : momentsChart(rows, metric);
    }
  }
}

/** The game is one round (its roundName is 'game'): its rates by label are game win rates, counted in games. */
function perGame(summary: ReportSummary): boolean {
  return summary.roundName !== undefined && playsOneRound(summary.roundName);
}

export function reportTables(summary: ReportSummary): ReportTable[] {
  const pooled = summary.comparison === undefined ? '' : BOTH_ARMS;
  const tables = [strategyTable(strategyRows(summary), pooled), seatTable(seatRows(summary), pooled)];
  for (const metric of summary.metrics) {
    if (metric.rows.length === 0) continue;
    if (metric.kind === 'rate-by') tables.push(rateByTable(metric.title, metric.labelTitle, rateByRows(metric), perGame(summary)));
    if (metric.kind === 'moments') tables.push(momentTable(metric.title, metric.labelTitle, metric.format, momentRows(metric)));
  }
  if (summary.forfeits.length > 0) tables.push(forfeitTable(forfeitRows(summary)));
  return tables;
}

export function reportLines(summary: ReportSummary): string[] {
  const how = [summary.design && `${summary.design} deals`, summary.seed !== undefined && `seed '${summary.seed}'`].filter(Boolean);
  const roundName = summary.roundName ?? ['round', 'rounds'];
  // A game of one round has no rounds to count per game.
  const rounds = playsOneRound(roundName) ? [] : [`${summary.roundsPerGame.toFixed(2)} ${roundName[1]} a game`];
  return [
    [`${summary.games.toLocaleString('en-US')} games of ${summary.game}`, `${summary.players} players`, ...rounds].join(', ') +
      (how.length > 0 ? `; ${how.join(', ')}` : ''),
    ...(summary.comparison === undefined ? [] : comparisonLines(summary.comparison)),
    'Win rates with 95% intervals over independent samples (games, blocks of rotations or groups of deals; the rounds of a game count with it); a win shared by k players counts 1/k to each.',
  ];
}

/** Said of the figures of a comparison's report other than its outcome. */
const BOTH_ARMS = ', both arms together';

/** A comparison's outcome, as its command printed it, and what the report's other figures count. */
function comparisonLines(comparison: ReportComparison): string[] {
  const { estimate, arms } = comparison;
  const outcome = comparison.passed === null ? 'UNDECIDED' : comparison.passed ? 'PASS' : 'FAIL';
  const { measure } = estimate;
  return [
    `Comparison of ${comparison.candidate} (candidate) with ${comparison.baseline} (baseline) in the compared seat, ` +
      `${comparison.gamesPerArm.toLocaleString('en-US')} games in each arm against the same opponents: ${outcome} ` +
      `(${comparison.verdict === 'undecided' ? 'stopped undecided' : `${comparison.verdict} accepted`}), ` +
      `LLR ${signed(comparison.llr, 2)} (bounds ${signed(comparison.sprt.lower, 2)}, ${signed(comparison.sprt.upper, 2)}).`,
    `Elo difference (${estimate.measured}): ${eloText(estimate.elo)}; the compared seat's win rate: candidate ${percent(arms.candidate.mean)}, ` +
      `baseline ${percent(arms.baseline.mean)}.`,
    ...(measure === undefined
      ? []
      : [
          `${measure.label}, what the test read${measure.lowerIsBetter ? ' (lower is better)' : ''}: candidate ` +
            `${figure(measure.candidate, 3)}, baseline ${figure(measure.baseline, 3)}, difference ${signed(measure.difference, 3)} ` +
            `(95% interval ${signed(measure.low, 3)} to ${signed(measure.high, 3)}).`,
        ]),
    "The tables and charts below count both arms together: a strategy's games in either arm, in whichever seat it held.",
  ];
}

/** Said first, and loudly, on the report of a run stopped before all its games. */
export function reportPartialNote(summary: ReportSummary): string | undefined {
  if (summary.complete !== false) return undefined;
  const planned = summary.gamesPlanned === undefined ? '' : ` of ${summary.gamesPlanned.toLocaleString('en-US')}`;
  return `Partial results: the run stopped after ${summary.games.toLocaleString('en-US')}${planned} games; resume it to finish.`;
}

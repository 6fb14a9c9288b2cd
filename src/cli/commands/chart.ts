import { readReportInputs } from '../../report/load.ts';
import type { RatingRow, ReportComparison, ReportSummary, SprtTrace } from '../../report/rows.ts';
import { prepareRendering } from '../../report/render.ts';
import { writeCharts } from '../../report/write.ts';
import type { CommandContext } from '../command.ts';

/** Redraws a results folder's charts and report from its summary.json (and report extras, if any). */
export async function runChart(context: CommandContext, dir: string): Promise<void> {
  const tune = await import('../../tune/job.ts');
  if (tune.isTuneFolder(dir)) {
    const written = await (await import('./tune.ts')).drawTune(dir, tune.readTuneReport(dir));
    context.print(`${written.charts.length} charts redrawn; report: ${written.index}`);
    return;
  }
  const { summary, extras } = readReportInputs(dir);
  const written = await writeCharts(dir, summary, extras);
  context.print(`${written.charts.length} charts redrawn; report: ${written.index}`);
}

/** What some runs' summaries hold besides the figures of every run: a tournament's ratings, a comparison's SPRT run. */
interface RunResults extends ReportSummary {
  readonly ratings?: readonly RatingRow[];
  readonly comparison?: ReportComparison & { readonly sprt: SprtTrace };
}

/** A result hook: draws the charts and the report into every results folder a run writes. */
export async function drawResults(dir: string, summary: RunResults): Promise<void> {
  await writeCharts(dir, summary, { ratings: summary.ratings, sprt: summary.comparison?.sprt });
}

/** Loads the drawing libraries ahead of drawResults. */
export function prepareDrawing(): Promise<void> {
  return prepareRendering();
}

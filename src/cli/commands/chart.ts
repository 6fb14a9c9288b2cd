import type { ReportSummary } from '../../report/rows.ts';
import type { CommandContext } from '../command.ts';

/** Redraws a results folder's charts and report from its summary.json (and report extras, if any). */
export async function runChart(context: CommandContext, dir: string): Promise<void> {
  // vega and vega-lite take about a second to load: only the commands that draw pay for it.
  const { readReportInputs } = await import('../../report/load.ts');
  const { writeCharts } = await import('../../report/write.ts');
  const { summary, extras } = readReportInputs(dir);
  const written = await writeCharts(dir, summary, extras);
  context.print(`${written.charts.length} charts redrawn; report: ${written.index}`);
}

/** A result hook: draws the charts and the report into every results folder a run writes. */
export async function drawResults(dir: string, summary: ReportSummary): Promise<void> {
  const { writeCharts } = await import('../../report/write.ts');
  await writeCharts(dir, summary);
}

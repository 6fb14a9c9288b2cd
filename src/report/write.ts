// Writes a run's charts and its HTML report into its results folder.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeFolder, writeFileAtomic } from '../core/results-files.ts';
import { CHARTS_FOLDER, EXTRAS_FILE, REPORT_FILE } from './files.ts';
import { reportHtml, type ReportChart, type ReportPage } from './html.ts';
import { renderChart } from './render.ts';
import type { ReportSummary } from './rows.ts';
import { reportCharts, reportLines, reportPartialNote, reportTables, type NamedChart, type ReportExtras } from './report.ts';

/** What writeCharts wrote: the charts' names and the report page. */
export interface WrittenReport {
  /** Names of the charts drawn, each as `.vl.json`, `.svg` and `.png` in the charts folder. */
  readonly charts: readonly string[];
  readonly index: string;
}

/** vega's browser build; the package exports only its module entry, whose folder holds the build. */
async function vegaRuntime(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('vega'));
  return readFile(join(dirname(entry), 'vega.min.js'), 'utf8');
}

function hasExtras(extras: ReportExtras): boolean {
  return Object.values(extras).some((value) => value !== undefined);
}

/** Draws every applicable chart (spec, SVG, PNG) and the offline index.html into `resultsDir`. */
export async function writeCharts(resultsDir: string, summary: ReportSummary, extras: ReportExtras = {}): Promise<WrittenReport> {
  const partial = reportPartialNote(summary);
  const written = await writeReport(resultsDir, reportCharts(summary, extras), {
    title: `parlor report: ${summary.game}${partial === undefined ? '' : ' (partial)'}`,
    lines: reportLines(summary),
    partial,
    tables: reportTables(summary),
  });
  if (hasExtras(extras)) writeFileAtomic(join(resultsDir, EXTRAS_FILE), `${JSON.stringify(extras, null, 2)}\n`);
  return written;
}

/** Draws `charts` into the charts folder (spec, SVG, PNG) and writes the offline index.html that shows them under `page`. */
export async function writeReport(
  resultsDir: string,
  charts: readonly NamedChart[],
  page: Omit<ReportPage, 'charts' | 'chartsFolder'>,
): Promise<WrittenReport> {
  const chartsDir = join(resultsDir, CHARTS_FOLDER);
  makeFolder(chartsDir);
  const drawn: ReportChart[] = [];
  for (const chart of charts) {
    const rendered = await renderChart(chart.spec);
    const stem = join(chartsDir, chart.name);
    writeFileAtomic(`${stem}.vl.json`, `${JSON.stringify(chart.spec, null, 2)}\n`);
    writeFileAtomic(`${stem}.svg`, rendered.svg);
    writeFileAtomic(`${stem}.png`, rendered.png);
    drawn.push({ name: chart.name, title: chart.title, vega: rendered.vega });
  }
  const index = join(resultsDir, REPORT_FILE);
  writeFileAtomic(index, reportHtml({ ...page, charts: drawn, chartsFolder: CHARTS_FOLDER }, await vegaRuntime()));
  return { charts: drawn.map((chart) => chart.name), index };
}

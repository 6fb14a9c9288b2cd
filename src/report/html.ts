// The offline HTML report: one self-contained file with the vega runtime inlined and each chart
// precompiled to a vega spec, so it opens from disk with no network and no vega-lite in the page.
import type { VegaSpec } from './render.ts';
import type { ReportTable } from './tables.ts';

export interface ReportChart {
  /** File name stem of the chart's pictures, also its element id. */
  readonly name: string;
  readonly title: string;
  readonly vega: VegaSpec;
}

export interface ReportPage {
  readonly title: string;
  readonly lines: readonly string[];
  /** Set when the results are partial: shown above everything else. */
  readonly partial?: string;
  readonly tables: readonly ReportTable[];
  readonly charts: readonly ReportChart[];
  /** Folder of the charts' SVG files, relative to the page: shown when scripts are off. */
  readonly chartsFolder: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** Script text made safe to inline: nothing in it may close the script element early. */
export function inlineScript(source: string): string {
  return source.replace(/<\/(script)/gi, '<\\/$1');
}

/** JSON that can sit inside a script element whatever strings it holds (strategy names are user input). */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A table as an HTML `<table>` with its caption; numeric columns carry class `num`. */
export function tableHtml(table: ReportTable): string {
  const cell = (tag: string, text: string, numeric: boolean) => `<${tag}${numeric ? ' class="num"' : ''}>${escapeHtml(text)}</${tag}>`;
  const head = table.columns.map((column) => cell('th', column.title, column.numeric)).join('');
  const body = table.rows
    .map((row) => `<tr>${row.map((text, index) => cell('td', text, table.columns[index].numeric)).join('')}</tr>`)
    .join('\n');
  return `<table>\n<caption>${escapeHtml(table.caption)}</caption>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

function chartHtml(chart: ReportChart, folder: string): string {
  const id = escapeHtml(chart.name);
  const file = (extension: string) => escapeHtml(`${folder}/${chart.name}.${extension}`);
  const files = `<a href="${file('png')}">PNG</a> · <a href="${file('svg')}">SVG</a> · <a href="${file('vl.json')}">Vega-Lite spec</a>`;
  return (
    `<figure>\n<div class="chart" id="${id}"><noscript><img src="${file('svg')}" alt="${escapeHtml(chart.title)}"></noscript></div>\n` +
    `<figcaption>${files}</figcaption>\n</figure>`
  );
}

// Draws every chart with vega's own SVG renderer; a chart that fails says so in its place.
const DRAW_CHARTS = `
const charts = JSON.parse(document.getElementById('parlor-charts').textContent);
for (const chart of charts) {
  const container = document.getElementById(chart.name);
  new vega.View(vega.parse(chart.vega), { renderer: 'svg', container, hover: true })
    .runAsync()
    .catch((error) => {
      container.className += ' failed';
      container.textContent = 'This chart could not be drawn: ' + error.message;
    });
}`;

const STYLE = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #222; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin-bottom: .25rem; }
p.lines { color: #555; margin-top: 0; }
h2 { font-size: 1.15rem; margin-top: 2.5rem; border-bottom: 1px solid #ddd; padding-bottom: .25rem; }
table { border-collapse: collapse; margin: 1rem 0 1.5rem; font-variant-numeric: tabular-nums; display: block; max-width: 100%; overflow-x: auto; }
caption { text-align: left; font-weight: 600; padding-bottom: .4rem; }
th, td { padding: .25rem .8rem; border-bottom: 1px solid #eee; text-align: left; }
th { border-bottom: 2px solid #ccc; }
.num { text-align: right; }
figure { margin: 1.5rem 0; max-width: 100%; }
.chart { max-width: 100%; overflow-x: auto; }
.chart svg, .chart img { max-width: 100%; height: auto; }
figcaption { font-size: .85rem; color: #666; }
figcaption a { color: inherit; }
.chart.failed { color: #b22222; }
p.partial { background: #fff3cd; border: 1px solid #e0b400; padding: .5rem .8rem; font-weight: 600; }
`;

/** The whole page; `runtime` is the vega library's browser build, inlined. */
export function reportHtml(page: ReportPage, runtime: string): string {
  const charts = page.charts.map((chart) => ({ name: chart.name, vega: chart.vega }));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(page.title)}</h1>
${page.partial === undefined ? '' : `<p class="partial" role="alert">${escapeHtml(page.partial)}</p>`}
<p class="lines">${page.lines.map(escapeHtml).join('<br>\n')}</p>
${page.charts.length > 0 ? `<h2>Charts</h2>\n${page.charts.map((chart) => chartHtml(chart, page.chartsFolder)).join('\n')}` : ''}
${page.tables.length > 0 ? `<h2>Tables</h2>\n${page.tables.map(tableHtml).join('\n')}` : ''}
<script type="application/json" id="parlor-charts">${inlineJson(charts)}</script>
<script>${inlineScript(runtime)}</script>
<script>${DRAW_CHARTS}</script>
</body>
</html>
`;
}

// Charts and tables as a Jupyter notebook shows them. A JavaScript kernel (Deno's among them)
// displays an object that has a `Symbol.for('Jupyter.display')` method by the media bundle the
// method returns, and the front end picks from the bundle the richest type it can show.
import type { TopLevelSpec } from 'vega-lite';
import { SCHEMA } from './charts/style.ts';
import { tableHtml } from './html.ts';
import { compileChart, svgToPng, vegaToSvg } from './render.ts';
import { alignColumns, type ReportTable } from './tables.ts';

/** The key under which a notebook kernel looks for an object's media bundle. */
export const JUPYTER_DISPLAY = Symbol.for('Jupyter.display');

/** One payload per media type, keyed by the type. */
export type MediaBundle = Readonly<Record<string, unknown>>;

/** What a notebook cell displays when it ends with one, or passes one to `Deno.jupyter.display`. */
export interface Displayable {
  [JUPYTER_DISPLAY](): MediaBundle;
}

function displayable(bundle: MediaBundle): Displayable {
  return { [JUPYTER_DISPLAY]: () => bundle };
}

// The spec is offered under the Vega-Lite version it is written for: a front end that renders only
// an older version shows the SVG instead of misreading the spec.
const VEGA_LITE_MEDIA_TYPE = `application/vnd.vegalite.${/\/(v\d+)\.json$/.exec(SCHEMA)?.[1]}+json`;

function chartTitle(spec: TopLevelSpec): string {
  const title = spec.title;
  if (title === undefined) return 'chart';
  const text = typeof title === 'object' && !Array.isArray(title) ? title.text : title;
  return Array.isArray(text) ? text.join(' ') : String(text);
}

/**
 * A chart for a notebook: the SVG parlor's renderer draws (what results folders hold, and what
 * every front end can show), the same as a PNG (what an executed notebook exported to HTML shows:
 * the exporters keep one image of a bundle, and some keep it only if it is a PNG), the Vega-Lite
 * spec for front ends that draw it themselves, and the title as text.
 */
export async function chartDisplay(spec: TopLevelSpec): Promise<Displayable> {
  const svg = await vegaToSvg(await compileChart(spec));
  const png = await pngOf(svg);
  return displayable({
    'image/svg+xml': svg,
    ...(png === null ? {} : { 'image/png': png }),
    [VEGA_LITE_MEDIA_TYPE]: spec,
    'text/plain': chartTitle(spec),
  });
}

/**
 * The chart as a base64 PNG, or null where the rasterizer (a native module) cannot load in this
 * kernel's runtime: the SVG then stands alone, as it did before, rather than the cell failing.
 */
async function pngOf(svg: string): Promise<string | null> {
  try {
    return (await svgToPng(svg)).toString('base64');
  } catch {
    return null;
  }
}

/** A table for a notebook: HTML, and aligned plain text for front ends without HTML. */
export function tableDisplay(table: ReportTable): Displayable {
  const text = alignColumns(
    table.columns.map((column) => column.title),
    table.rows,
    table.columns.map((column) => column.numeric),
  );
  return displayable({ 'text/html': tableHtml(table), 'text/plain': [table.caption, ...text].join('\n') });
}

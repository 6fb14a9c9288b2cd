// The one way a chart becomes a picture: vega-lite compiles the spec, a headless vega View draws the
// SVG, and resvg rasterizes that SVG, so the SVG, the PNG and the HTML report all show the same chart.
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import type { Spec } from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import { findFont, resvgFontOptions, type FontFamilyFiles } from './fonts.ts';

/** A chart compiled to Vega (compileChart), the form vegaToSvg draws. */
export type VegaSpec = Spec;

/** A chart in every form a report writes it: the compiled Vega spec, SVG and PNG. */
export interface RenderedChart {
  readonly vega: VegaSpec;
  readonly svg: string;
  readonly png: Buffer;
}

/** PNG pixels per SVG unit: sharp on high-density screens and in slides. */
export const PNG_ZOOM = 2;

// vega, vega-lite and resvg take about a second to load: they are loaded with the first chart
// drawn, so that importing the report (and the public API with it) costs nothing until then.
let libraries: Promise<[typeof import('vega'), typeof import('vega-lite'), typeof import('@resvg/resvg-js')]> | undefined;
function load() {
  libraries ??= Promise.all([import('vega'), import('vega-lite'), import('@resvg/resvg-js')]);
  return libraries;
}

/** Loads the chart libraries and finds the font now, for a caller that has time to spare before drawing. */
export async function prepareRendering(): Promise<void> {
  defaultFont();
  await load();
}

/** A Vega-Lite spec compiled to Vega, for a renderer of one's own. */
export async function compileChart(spec: TopLevelSpec): Promise<VegaSpec> {
  const [, vegaLite] = await load();
  return vegaLite.compile(spec).spec;
}

/** A compiled Vega spec drawn as SVG, without a browser. */
export async function vegaToSvg(spec: VegaSpec): Promise<string> {
  const [vega] = await load();
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

// Looked up once: the answer cannot change while the process runs.
let foundFont: FontFamilyFiles | null | undefined;
function defaultFont(): FontFamilyFiles | null {
  if (foundFont === undefined) foundFont = findFont();
  return foundFont;
}

/** An SVG chart as PNG, at the zoom the reports use. */
export async function svgToPng(svg: string, font: FontFamilyFiles | null = defaultFont()): Promise<Buffer> {
  const [, , resvg] = await load();
  const options: ResvgRenderOptions = { font: resvgFontOptions(font), fitTo: { mode: 'zoom', value: PNG_ZOOM } };
  return new resvg.Resvg(svg, options).render().asPng();
}

/** A chart's spec rendered as the report renders it, to save or embed it outside a notebook. */
export async function renderChart(spec: TopLevelSpec): Promise<RenderedChart> {
  const vega = await compileChart(spec);
  const svg = await vegaToSvg(vega);
  return { vega, svg, png: await svgToPng(svg) };
}

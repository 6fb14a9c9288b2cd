// The one way a chart becomes a picture: vega-lite compiles the spec, a headless vega View draws the
// SVG, and resvg rasterizes that SVG, so the SVG, the PNG and the HTML report all show the same chart.
import { Resvg } from '@resvg/resvg-js';
import { parse, View, type Spec as VegaSpec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { findFont, resvgFontOptions, type FontFamilyFiles } from './fonts.ts';

export type { VegaSpec };

export interface RenderedChart {
  readonly vega: VegaSpec;
  readonly svg: string;
  readonly png: Buffer;
}

/** PNG pixels per SVG unit: sharp on high-density screens and in slides. */
export const PNG_ZOOM = 2;

export function compileChart(spec: TopLevelSpec): VegaSpec {
  return compile(spec).spec;
}

export async function vegaToSvg(spec: VegaSpec): Promise<string> {
  const view = new View(parse(spec), { renderer: 'none' });
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

export function svgToPng(svg: string, font: FontFamilyFiles | null = defaultFont()): Buffer {
  const resvg = new Resvg(svg, { font: resvgFontOptions(font), fitTo: { mode: 'zoom', value: PNG_ZOOM } });
  return resvg.render().asPng();
}

export async function renderChart(spec: TopLevelSpec): Promise<RenderedChart> {
  const vega = compileChart(spec);
  const svg = await vegaToSvg(vega);
  return { vega, svg, png: svgToPng(svg) };
}

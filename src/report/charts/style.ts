// What every chart shares: the look (sizes chosen to stay readable in a PNG and in the report), and
// the rate encodings, so win rates read the same way everywhere and always from 0.
import type { Config, TopLevelSpec } from 'vega-lite';
import type { RateRow } from '../rows.ts';

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** One layer of a layered chart, as vega-lite types it. */
export type Layer = Extract<TopLevelSpec, { layer: unknown }>['layer'][number];
type Encoding = NonNullable<Extract<Layer, { mark: unknown }>['encoding']>;

export const CHART_CONFIG: Config = {
  // A transparent PNG is unreadable in dark image viewers.
  background: 'white',
  padding: 12,
  title: { fontSize: 16, subtitleFontSize: 12, subtitleColor: '#555', anchor: 'start', offset: 12 },
  axis: { labelFontSize: 12, titleFontSize: 13, titlePadding: 10, gridColor: '#e6e6e6' },
  // Strategy names may be file paths: let them run longer before they are cut.
  legend: { labelFontSize: 12, titleFontSize: 12, labelLimit: 320 },
  view: { stroke: null },
};

/** What opens every chart: the schema, its title and subtitle, the shared look. */
export function chartFrame(text: string, subtitle: string | string[]) {
  return { $schema: SCHEMA, title: { text, subtitle }, config: CHART_CONFIG };
}

/**
 * The y encoding of a rate. The scale starts at 0 so that differences between points are seen at
 * their true proportion, never magnified by a cropped axis.
 */
export function rateY(field: keyof RateRow, title: string): Encoding['y'] {
  return { field, type: 'quantitative', title, scale: { zero: true, nice: true }, axis: { format: '%' } };
}

/** Tooltip lines for a rate row, after the fields that say which row it is. */
export function rateTooltip(fields: readonly { field: string; title: string }[]): Encoding['tooltip'] {
  return [
    ...fields,
    { field: 'rate', title: 'win rate', format: '.2%' },
    { field: 'low', title: '95% low', format: '.2%' },
    { field: 'high', title: '95% high', format: '.2%' },
  ];
}

/**
 * A point per row at its rate with whiskers over its 95% interval: whiskers first so the points sit
 * on top. `shared` positions and colours both (the rows' x, offset, colour). Both layers give the y
 * axis the same title, so the merged axis has one.
 */
export function rateLayers(shared: Encoding, yTitle: string, tooltip: Encoding['tooltip']): Layer[] {
  return [
    {
      mark: { type: 'errorbar', ticks: { size: 8 }, thickness: 1.5 },
      encoding: { ...shared, y: rateY('low', yTitle), y2: { field: 'high' } },
    },
    {
      mark: { type: 'point', filled: true, size: 70, opacity: 1 },
      encoding: { ...shared, y: rateY('rate', yTitle), tooltip },
    },
  ];
}

/** A dashed horizontal reference line at a rate, labelled just right of the plot where no point can hide it. */
export function referenceRule(value: number, label: string): Layer[] {
  const data = { values: [{ value, label }] };
  const y: Encoding['y'] = { field: 'value', type: 'quantitative' };
  return [
    { data, mark: { type: 'rule', strokeDash: [6, 4], color: '#666', strokeWidth: 1.2 }, encoding: { y } },
    {
      data,
      mark: { type: 'text', align: 'left', baseline: 'middle', dx: 4, fontSize: 11, color: '#444' },
      encoding: { y, x: { value: { expr: 'width' } }, text: { field: 'label' } },
    },
  ];
}

/** Legend of a chart with a reference rule: moved right, clear of the rule's label. */
export const LEGEND_PAST_RULE_LABEL = { title: 'strategy', offset: 76 } as const;

/** Distinct values in the order they first appear (card order, seat order...). */
export function inOrder<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** Width of one category band: wider when several strategies share it. */
export function bandWidth(groupSize: number) {
  return { step: Math.max(64, 28 * groupSize), for: 'position' } as const;
}

export const RATE_SUBTITLE = 'whiskers: 95% interval (hidden when narrower than the point)';

/** Charts of win rates can draw the even-chances line: the table size it sits at. */
export interface FairShareOption {
  /** Draws the even-chances line at 1/players. */
  readonly players?: number;
}

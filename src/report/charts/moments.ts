import type { TopLevelSpec } from 'vega-lite';
import type { MomentMeanRow } from '../rows.ts';
import { bandWidth, chartFrame, inOrder, type Layer } from './style.ts';

/** The titles and labels of a momentsChart. */
export interface MomentsOptions {
  readonly title: string;
  /** What a label is ('hearts dealt'); unused where the metric has one label. */
  readonly labelTitle: string;
  /** What the value is ('points per hand'). */
  readonly valueTitle: string;
  /** 'rate' for 0/1 values, drawn as percentages. */
  readonly format: 'number' | 'rate';
  readonly lowerIsBetter: boolean;
  /** No direction is better for the player: the subtitle then says none. */
  readonly neutral?: boolean;
}

/**
 * A mean per strategy (and per label, where the metric splits by one) with whiskers over its 95%
 * interval. The axis starts at 0 so differences are seen at their true proportion.
 */
export function momentsChart(rows: readonly MomentMeanRow[], options: MomentsOptions): TopLevelSpec {
  const labels = inOrder(rows.map((row) => row.label));
  const strategies = inOrder(rows.map((row) => row.strategy));
  const byLabel = labels.length > 1;
  const format = options.format === 'rate' ? '.2%' : '.3f';
  const axis = options.format === 'rate' ? { format: '%' } : {};
  const y = (field: string) =>
    ({ field, type: 'quantitative', title: options.valueTitle, scale: { zero: true, nice: true }, axis }) as const;
  const x = byLabel
    ? ({ field: 'label', type: 'nominal', sort: labels, title: options.labelTitle, axis: { labelAngle: 0 } } as const)
    : ({ field: 'strategy', type: 'nominal', sort: strategies, title: null, axis: { labelAngle: -30 } } as const);
  const shared = {
    x,
    ...(byLabel && strategies.length > 1 ? { xOffset: { field: 'strategy', type: 'nominal', sort: strategies } as const } : {}),
    color: { field: 'strategy', type: 'nominal', sort: strategies, legend: byLabel ? { title: 'strategy' } : null } as const,
  };
  const tooltip = [
    { field: 'strategy', title: 'strategy' },
    ...(byLabel ? [{ field: 'label', title: options.labelTitle }] : []),
    { field: 'records', title: 'values' },
    { field: 'mean', title: 'mean', format },
    { field: 'low', title: '95% low', format },
    { field: 'high', title: '95% high', format },
  ];
  const layers: Layer[] = [
    { mark: { type: 'errorbar', ticks: { size: 8 }, thickness: 1.5 }, encoding: { ...shared, y: y('low'), y2: { field: 'high' } } },
    { mark: { type: 'point', filled: true, size: 70, opacity: 1 }, encoding: { ...shared, y: y('mean'), tooltip } },
  ];
  return {
    ...chartFrame(options.title, [
      options.neutral
        ? `mean ${options.valueTitle}`
        : `mean ${options.valueTitle} (${options.lowerIsBetter ? 'lower' : 'higher'} is better for the player)`,
      'whiskers: 95% interval over independent blocks (hidden when narrower than the point)',
    ]),
    width: bandWidth(byLabel ? strategies.length : 1),
    height: 300,
    data: { values: rows.map((row) => ({ ...row })) },
    layer: layers,
  };
}

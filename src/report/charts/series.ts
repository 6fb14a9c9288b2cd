import type { TopLevelSpec } from 'vega-lite';
import type { MomentMeanRow } from '../rows.ts';
import { chartFrame, inOrder, type Layer } from './style.ts';
import type { MomentsOptions } from './moments.ts';

/**
 * A mean per point of a sequence (turn 1, 2, ...) and strategy, as a line over a band of its 95%
 * interval: the curves of VP and money by turn that Dominion simulators draw, for any game whose
 * metric declares a sequence. A point's mean is over the values recorded there (games still
 * running at that turn), so the tooltip gives their count.
 */
export function seriesChart(rows: readonly MomentMeanRow[], options: MomentsOptions): TopLevelSpec {
  const points = inOrder(rows.map((row) => row.label));
  const strategies = inOrder(rows.map((row) => row.strategy));
  const format = options.format === 'rate' ? '.2%' : '.3f';
  const axis = options.format === 'rate' ? { format: '%' } : {};
  const x = { field: 'label', type: 'ordinal', sort: points, title: options.labelTitle, axis: { labelAngle: 0 } } as const;
  const color = { field: 'strategy', type: 'nominal', sort: strategies, legend: { title: 'strategy' } } as const;
  const y = (field: string) =>
    ({ field, type: 'quantitative', title: options.valueTitle, scale: { zero: true, nice: true }, axis }) as const;
  const tooltip = [
    { field: 'strategy', title: 'strategy' },
    { field: 'label', title: options.labelTitle },
    { field: 'records', title: 'values' },
    { field: 'mean', title: 'mean', format },
    { field: 'low', title: '95% low', format },
    { field: 'high', title: '95% high', format },
  ];
  const layers: Layer[] = [
    { mark: { type: 'area', opacity: 0.25 }, encoding: { x, color, y: y('low'), y2: { field: 'high' } } },
    { mark: { type: 'line', strokeWidth: 2 }, encoding: { x, color, y: y('mean') } },
    { mark: { type: 'point', filled: true, size: 30, opacity: 1 }, encoding: { x, color, y: y('mean'), tooltip } },
  ];
  return {
    ...chartFrame(options.title, [
      `mean ${options.valueTitle} over the games that reached each ${options.labelTitle}`,
      'band: 95% interval over independent blocks',
    ]),
    width: Math.max(360, 18 * points.length),
    height: 300,
    data: { values: rows.map((row) => ({ ...row })) },
    layer: layers,
  };
}

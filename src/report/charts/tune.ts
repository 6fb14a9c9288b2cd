import type { TopLevelSpec } from 'vega-lite';
import { chartFrame } from './style.ts';

/** One parameter's value after one tuning iteration, with its bounds. */
export interface TrajectoryRow {
  readonly parameter: string;
  readonly iteration: number;
  readonly value: number;
}

/** Each tuned parameter's value as the iterations go, one panel per parameter on its own scale. */
export function trajectoryChart(rows: readonly TrajectoryRow[]): TopLevelSpec {
  return {
    ...chartFrame('Parameter trajectories (SPSA)', 'the value after each iteration (0: the starting value)'),
    data: { values: rows.map((row) => ({ ...row })) },
    facet: { row: { field: 'parameter', type: 'nominal', title: null, header: { labelFontSize: 13, labelAngle: 0, labelAlign: 'left' } } },
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 540,
      height: 160,
      mark: { type: 'line', point: rows.length <= 120, color: '#1f4e99', strokeWidth: 2 },
      encoding: {
        x: { field: 'iteration', type: 'quantitative', title: 'iteration' },
        y: { field: 'value', type: 'quantitative', title: 'value', scale: { zero: false, nice: false } },
        tooltip: [
          { field: 'parameter', title: 'parameter' },
          { field: 'iteration', title: 'iteration' },
          { field: 'value', title: 'value', format: '.4g' },
        ],
      },
    },
  };
}

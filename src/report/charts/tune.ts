import type { TopLevelSpec } from 'vega-lite';
import { chartFrame } from './style.ts';

/** One parameter's value after one tuning iteration, with its bounds. */
export interface TrajectoryRow {
  readonly parameter: string;
  readonly iteration: number;
  readonly value: number;
}

/**
 * Each tuned parameter's value as the iterations go, one panel per parameter on its own scale, and
 * a marked point at the last iteration for the tuned value as summary.json gives it: an integer's
 * line ends where SPSA left it (3.65), the value reported and verified is its rounding (4).
 */
export function trajectoryChart(rows: readonly TrajectoryRow[], tuned: readonly TrajectoryRow[]): TopLevelSpec {
  const x = { field: 'iteration', type: 'quantitative', title: 'iteration' } as const;
  const y = { field: 'value', type: 'quantitative', title: 'value', scale: { zero: false, nice: false } } as const;
  const tooltip = (value: string) => [
    { field: 'parameter', title: 'parameter' },
    { field: 'iteration', title: 'iteration' },
    { field: 'value', title: value, format: '.4g' },
  ];
  return {
    ...chartFrame('Parameter trajectories (SPSA)', 'the value after each iteration (0: the starting value); the diamond: the tuned value'),
    data: {
      values: [...rows.map((row) => ({ ...row, series: 'trajectory' })), ...tuned.map((row) => ({ ...row, series: 'tuned' }))],
    },
    facet: { row: { field: 'parameter', type: 'nominal', title: null, header: { labelFontSize: 13, labelAngle: 0, labelAlign: 'left' } } },
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 540,
      height: 160,
      layer: [
        {
          transform: [{ filter: "datum.series === 'trajectory'" }],
          mark: { type: 'line', point: rows.length <= 120, color: '#1f4e99', strokeWidth: 2 },
          encoding: { x, y, tooltip: tooltip('value') },
        },
        {
          transform: [{ filter: "datum.series === 'tuned'" }],
          mark: { type: 'point', shape: 'diamond', filled: true, size: 120, color: '#c0392b' },
          encoding: { x, y, tooltip: tooltip('tuned') },
        },
      ],
    },
  };
}

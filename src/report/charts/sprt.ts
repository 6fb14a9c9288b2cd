import type { TopLevelSpec } from 'vega-lite';
import type { SprtTrace } from '../rows.ts';
import { chartFrame } from './style.ts';

/** The SPRT's log-likelihood ratio as games accumulate, between the bounds that stop the test. */
export function sprtChart(trace: SprtTrace): TopLevelSpec {
  const bounds = [
    { bound: `accept H1 (${trace.upper.toFixed(2)})`, llr: trace.upper },
    { bound: `accept H0 (${trace.lower.toFixed(2)})`, llr: trace.lower },
  ];
  const y = { field: 'llr', type: 'quantitative', title: 'log-likelihood ratio' } as const;
  return {
    ...chartFrame('Sequential test (SPRT)', 'the test stops when the ratio crosses a dashed bound'),
    width: 540,
    height: 300,
    layer: [
      {
        data: { values: bounds },
        mark: { type: 'rule', strokeDash: [6, 4], strokeWidth: 1.5 },
        encoding: {
          y,
          // H1 is the verdict a test is run for (stronger, or no regression): green; H0 red.
          color: {
            field: 'bound',
            type: 'nominal',
            scale: { domain: bounds.map((b) => b.bound), range: ['#2a7a2a', '#b22222'] },
            legend: null,
          },
        },
      },
      {
        data: { values: bounds },
        mark: { type: 'text', align: 'left', baseline: 'bottom', dx: 4, dy: -3, fontSize: 11 },
        encoding: {
          y,
          x: { value: 0 },
          text: { field: 'bound' },
          color: { field: 'bound', type: 'nominal', legend: null },
        },
      },
      {
        data: { values: trace.points.map((point) => ({ ...point })) },
        mark: { type: 'line', point: trace.points.length <= 60, color: '#1f4e99', strokeWidth: 2 },
        encoding: {
          x: { field: 'games', type: 'quantitative', title: 'games played' },
          y,
          tooltip: [
            { field: 'games', title: 'games' },
            { field: 'llr', title: 'LLR', format: '.3f' },
          ],
        },
      },
    ],
  };
}

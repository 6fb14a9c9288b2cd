import type { TopLevelSpec } from 'vega-lite';
import type { RatingRow } from '../rows.ts';
import { chartFrame } from './style.ts';

/** Strategies ranked by rating on the Elo scale (0 is the field's average), with 95% whiskers. */
export function ratingChart(rows: readonly RatingRow[]): TopLevelSpec {
  const ladder = [...rows].sort((a, b) => b.elo - a.elo).map((row) => row.strategy);
  const y = { field: 'strategy', type: 'nominal', sort: ladder, title: null } as const;
  const x = { type: 'quantitative', title: 'Elo (0 = the field average)', scale: { zero: true, nice: true } } as const;
  return {
    ...chartFrame('Rating ladder', 'points: rating; whiskers: 95% interval'),
    width: 460,
    height: { step: 32 },
    data: { values: rows.map((row) => ({ ...row })) },
    layer: [
      {
        data: { values: [{ elo: 0 }] },
        mark: { type: 'rule', strokeDash: [6, 4], color: '#666' },
        encoding: { x: { ...x, field: 'elo' } },
      },
      {
        mark: { type: 'errorbar', ticks: { size: 8 }, thickness: 1.5, color: '#4c78a8' },
        encoding: { y, x: { ...x, field: 'low' }, x2: { field: 'high' } },
      },
      {
        mark: { type: 'point', filled: true, size: 60, opacity: 1 },
        encoding: {
          y,
          x: { ...x, field: 'elo' },
          tooltip: [
            { field: 'strategy', title: 'strategy' },
            { field: 'elo', title: 'Elo', format: '+.0f' },
            { field: 'low', title: '95% low', format: '+.0f' },
            { field: 'high', title: '95% high', format: '+.0f' },
          ],
        },
      },
      {
        mark: { type: 'text', dy: -12, fontSize: 11, color: '#333' },
        encoding: { y, x: { ...x, field: 'elo' }, text: { field: 'elo', type: 'quantitative', format: '+.0f' } },
      },
    ],
  };
}

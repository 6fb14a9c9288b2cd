import type { TopLevelSpec } from 'vega-lite';
import type { RatingRow } from '../rows.ts';
import { chartFrame } from './style.ts';

/** A finite value: a summary read back from summary.json has null where the run had an infinity. */
function finite(value: number | null): value is number {
  return value !== null && Number.isFinite(value);
}

/** Above the rated group first, then the rated by rating, then those below, each by its finite end. */
function ladderOrder(rows: readonly RatingRow[]): string[] {
  const rung = { above: 0, rated: 1, below: 2, apart: 3 };
  const position = (row: RatingRow) => {
    const value = row.unrated === undefined ? row.elo : row.unrated === 'above' ? row.low : row.high;
    return finite(value) ? value : -Infinity;
  };
  return [...rows]
    .map((row) => ({ row, rung: rung[row.unrated ?? 'rated'], position: position(row) }))
    .sort((a, b) => a.rung - b.rung || (a.position === b.position ? 0 : a.position < b.position ? 1 : -1))
    .map(({ row }) => row.strategy);
}

/**
 * Strategies ranked by rating on the Elo scale (0 is the rated strategies' average), with 95%
 * whiskers. A strategy no finite rating fits has a triangle at its interval's finite end, pointing
 * the open way; one with no finite end has only its name.
 */
export function ratingChart(rows: readonly RatingRow[]): TopLevelSpec {
  const rated = rows.filter((row) => row.unrated === undefined);
  const open = rows.flatMap((row) => {
    const bound = row.unrated === 'below' ? row.high : row.unrated === 'above' ? row.low : null;
    if (!finite(bound)) return [];
    const shape = row.unrated === 'below' ? 'triangle-left' : 'triangle-right';
    return [{ strategy: row.strategy, bound, shape, label: `${row.unrated} ${bound.toFixed(0)}` }];
  });
  const y = { field: 'strategy', type: 'nominal', sort: ladderOrder(rows), title: null } as const;
  const average = rated.length === rows.length ? 'the field average' : "the rated strategies' average";
  const x = { type: 'quantitative', title: `Elo (0 = ${average})`, scale: { zero: true, nice: true } } as const;
  return {
    ...chartFrame(
      'Rating ladder',
      open.length === 0
        ? 'points: rating; whiskers: 95% interval'
        : 'points: rating; whiskers: 95% interval; triangles: the finite end of an open one',
    ),
    width: 460,
    height: { step: 32 },
    data: { values: rated.map((row) => ({ ...row })) },
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
      ...(open.length === 0
        ? []
        : [
            {
              data: { values: open },
              mark: { type: 'point' as const, filled: true, size: 90, opacity: 1, color: '#e45756' },
              encoding: {
                y,
                x: { ...x, field: 'bound' },
                shape: { field: 'shape', type: 'nominal' as const, scale: null, legend: null },
                tooltip: [
                  { field: 'strategy', title: 'strategy' },
                  { field: 'label', title: '95% interval' },
                ],
              },
            },
            {
              data: { values: open },
              mark: { type: 'text' as const, dy: -12, fontSize: 11, color: '#333' },
              encoding: { y, x: { ...x, field: 'bound' }, text: { field: 'label', type: 'nominal' as const } },
            },
          ]),
    ],
  };
}

import type { TopLevelSpec } from 'vega-lite';
import type { HeadToHeadRow } from '../rows.ts';
import { chartFrame } from './style.ts';

/** Strategies strongest first: by their mean score over the opponents they met. */
function byMeanScore(rows: readonly HeadToHeadRow[]): string[] {
  const totals = new Map<string, { sum: number; count: number }>();
  for (const row of rows) {
    for (const name of [row.strategy, row.opponent]) if (!totals.has(name)) totals.set(name, { sum: 0, count: 0 });
    const total = totals.get(row.strategy)!;
    total.sum += row.score;
    total.count += 1;
  }
  const mean = (name: string) => {
    const { sum, count } = totals.get(name)!;
    return count > 0 ? sum / count : 0;
  };
  return [...totals.keys()].sort((a, b) => mean(b) - mean(a));
}

/**
 * A tournament's head-to-head matrix: each cell is the row strategy's score against the column
 * strategy, written in the cell and coloured on a scale that diverges at an even 50%.
 */
export function headToHeadChart(rows: readonly HeadToHeadRow[]): TopLevelSpec {
  const names = byMeanScore(rows);
  return {
    ...chartFrame('Head-to-head scores', 'score of the row strategy against the column strategy; 50% is even'),
    width: { step: 64 },
    height: { step: 36 },
    data: { values: rows.map((row) => ({ ...row })) },
    encoding: {
      x: { field: 'opponent', type: 'nominal', sort: names, title: 'against', axis: { orient: 'top', labelAngle: -30 } },
      y: { field: 'strategy', type: 'nominal', sort: names, title: 'strategy' },
    },
    layer: [
      {
        mark: { type: 'rect', stroke: 'white', strokeWidth: 1 },
        encoding: {
          color: {
            field: 'score',
            type: 'quantitative',
            scale: { scheme: 'redblue', domain: [0, 1], domainMid: 0.5 },
            legend: { title: 'score', format: '%' },
          },
          tooltip: [
            { field: 'strategy', title: 'strategy' },
            { field: 'opponent', title: 'against' },
            { field: 'score', title: 'score', format: '.2%' },
            { field: 'meetings', title: 'seat pairs met' },
          ],
        },
      },
      {
        mark: { type: 'text', fontSize: 12 },
        encoding: {
          text: { field: 'score', type: 'quantitative', format: '.1%' },
          // Dark cells get white text.
          color: { condition: { test: 'abs(datum.score - 0.5) > 0.3', value: 'white' }, value: 'black' },
        },
      },
    ],
  };
}

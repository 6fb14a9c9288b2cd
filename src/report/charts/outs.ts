import type { TopLevelSpec } from 'vega-lite';
import type { CauseCountRow } from '../rows.ts';
import { chartFrame, inOrder } from './style.ts';

/** Shares below this are left unlabelled: their text would not fit the segment. */
const LABEL_MIN_SHARE = 0.05;

/**
 * How a strategy's players went out: one bar per strategy split by cause, as shares of its outs so
 * strategies that played different numbers of games compare directly.
 */
export function outsChart(rows: readonly CauseCountRow[]): TopLevelSpec {
  // Causes keep the game's order (card order, then the special causes), both in the legend and the stack.
  const causes = inOrder(rows.map((row) => row.cause));
  const strategies = inOrder(rows.map((row) => row.strategy));
  const y = { field: 'strategy', type: 'nominal', sort: strategies, title: null } as const;
  return {
    ...chartFrame('How players went out', 'share of each strategy’s outs by the card or cause that ended the round for them'),
    width: 520,
    height: { step: 44 },
    data: { values: rows.map((row) => ({ ...row, order: causes.indexOf(row.cause) })) },
    transform: [
      { joinaggregate: [{ op: 'sum', field: 'count', as: 'total' }], groupby: ['strategy'] },
      { calculate: 'datum.count / datum.total', as: 'share' },
      { stack: 'share', groupby: ['strategy'], sort: [{ field: 'order', order: 'ascending' }], as: ['start', 'end'] },
    ],
    layer: [
      {
        mark: { type: 'bar', stroke: 'white', strokeWidth: 1 },
        encoding: {
          y,
          x: { field: 'start', type: 'quantitative', title: 'share of outs', axis: { format: '%' }, scale: { domain: [0, 1] } },
          x2: { field: 'end' },
          color: { field: 'cause', type: 'nominal', sort: causes, title: 'went out by', scale: { scheme: 'tableau10' } },
          tooltip: [
            { field: 'strategy', title: 'strategy' },
            { field: 'cause', title: 'went out by' },
            { field: 'count', title: 'outs' },
            { field: 'share', title: 'share', format: '.1%' },
          ],
        },
      },
      {
        transform: [{ filter: `datum.share >= ${LABEL_MIN_SHARE}` }, { calculate: '(datum.start + datum.end) / 2', as: 'middle' }],
        // Dark text stays readable on every tableau10 colour, the light yellow included.
        mark: { type: 'text', fontSize: 11, color: '#111' },
        encoding: { y, x: { field: 'middle', type: 'quantitative' }, text: { field: 'share', type: 'quantitative', format: '.0%' } },
      },
    ],
  };
}

import type { TopLevelSpec } from 'vega-lite';
import type { CauseCountRow } from '../rows.ts';
import { chartFrame, inOrder } from './style.ts';

/** Shares below this are left unlabelled: their text would not fit the segment. */
const LABEL_MIN_SHARE = 0.05;

/** The titles and labels of a causesChart. */
export interface CausesOptions {
  readonly title: string;
  /** What a cause is ('went out by'). */
  readonly labelTitle: string;
  /** What one count is, in the plural ('outs'). */
  readonly unit: string;
}

/**
 * Counts of exclusive causes (how a strategy's players went out): one bar per strategy split by
 * cause, as shares of its count so strategies that played different numbers of games compare directly.
 */
export function causesChart(rows: readonly CauseCountRow[], options: CausesOptions): TopLevelSpec {
  // Causes keep the game's order (Love Letter: card order, then the special causes), in the legend and the stack.
  const causes = inOrder(rows.map((row) => row.cause));
  const strategies = inOrder(rows.map((row) => row.strategy));
  const y = { field: 'strategy', type: 'nominal', sort: strategies, title: null } as const;
  return {
    ...chartFrame(options.title, `share of each strategy’s ${options.unit}, by cause`),
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
          x: { field: 'start', type: 'quantitative', title: `share of ${options.unit}`, axis: { format: '%' }, scale: { domain: [0, 1] } },
          x2: { field: 'end' },
          color: { field: 'cause', type: 'nominal', sort: causes, title: options.labelTitle, scale: { scheme: 'tableau10' } },
          tooltip: [
            { field: 'strategy', title: 'strategy' },
            { field: 'cause', title: options.labelTitle },
            { field: 'count', title: options.unit },
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

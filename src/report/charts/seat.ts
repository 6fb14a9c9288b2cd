import type { TopLevelSpec } from 'vega-lite';
import type { SeatRateRow } from '../rows.ts';
import {
  bandWidth,
  type FairShareOption,
  chartFrame,
  inOrder,
  LEGEND_PAST_RULE_LABEL,
  rateLayers,
  RATE_SUBTITLE,
  rateTooltip,
  referenceRule,
} from './style.ts';

/** Game win rate by seat with interval whiskers, against the even share 1/players. */
export function seatChart(rows: readonly SeatRateRow[], options: FairShareOption = {}): TopLevelSpec {
  const players = options.players ?? rows.length;
  const strategies = inOrder(rows.map((row) => row.strategy));
  // Several series at one seat (a notebook's rules side by side) stand apart rather than on top of each other.
  const shared = new Set(rows.map((row) => row.seat)).size < rows.length;
  const tooltip = rateTooltip([
    { field: 'seat', title: 'seat' },
    { field: 'strategy', title: 'strategy' },
    { field: 'games', title: 'games' },
  ]);
  return {
    ...chartFrame('Game win rate by seat', [RATE_SUBTITLE, 'dashed: an even share of the wins']),
    width: bandWidth(shared ? strategies.length : 1),
    height: 300,
    data: { values: rows.map((row) => ({ ...row })) },
    layer: [
      ...rateLayers(
        {
          x: { field: 'seat', type: 'ordinal', title: 'seat', axis: { labelAngle: 0 } },
          ...(shared ? { xOffset: { field: 'strategy', type: 'nominal', sort: strategies } } : {}),
          color: { field: 'strategy', type: 'nominal', sort: strategies, legend: LEGEND_PAST_RULE_LABEL },
        },
        'game win rate',
        tooltip,
      ),
      ...referenceRule(1 / players, `even: 1/${players}`),
    ],
  };
}

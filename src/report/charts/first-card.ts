import type { TopLevelSpec } from 'vega-lite';
import type { FirstCardRateRow } from '../rows.ts';
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

/** Round win rate by the card first dealt, one point with interval whiskers per strategy and card. */
export function firstCardChart(rows: readonly FirstCardRateRow[], options: FairShareOption = {}): TopLevelSpec {
  // Rows arrive in the game's card order, which is more telling than alphabetical.
  const cards = inOrder(rows.map((row) => row.card));
  const strategies = inOrder(rows.map((row) => row.strategy));
  const tooltip = rateTooltip([
    { field: 'strategy', title: 'strategy' },
    { field: 'card', title: 'first card' },
    { field: 'rounds', title: 'rounds' },
  ]);
  return {
    ...chartFrame('Round win rate by first card held', RATE_SUBTITLE),
    width: bandWidth(strategies.length),
    height: 320,
    data: { values: rows.map((row) => ({ ...row })) },
    layer: [
      ...rateLayers(
        {
          x: { field: 'card', type: 'nominal', sort: cards, title: 'first card held', axis: { labelAngle: -30 } },
          ...(strategies.length > 1 ? { xOffset: { field: 'strategy', type: 'nominal', sort: strategies } } : {}),
          color: { field: 'strategy', type: 'nominal', sort: strategies, legend: LEGEND_PAST_RULE_LABEL },
        },
        'round win rate',
        tooltip,
      ),
      ...(options.players ? referenceRule(1 / options.players, `even: 1/${options.players}`) : []),
    ],
  };
}

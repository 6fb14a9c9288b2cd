import type { TopLevelSpec } from 'vega-lite';
import type { LabelRateRow } from '../rows.ts';
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

/** The titles and labels of a rateByChart. */
export interface RateByOptions extends FairShareOption {
  readonly title: string;
  /** What the label is ('first card held'). */
  readonly labelTitle: string;
  /** The game is one round (its roundName is 'game'): the rates are game win rates, counted in games. */
  readonly perGame?: boolean;
}

/** Round win rate by what a seat held when the round began, one point with interval whiskers per strategy and label. */
export function rateByChart(rows: readonly LabelRateRow[], options: RateByOptions): TopLevelSpec {
  // Rows arrive in the game's label order (card order), which is more telling than alphabetical.
  const labels = inOrder(rows.map((row) => row.label));
  const strategies = inOrder(rows.map((row) => row.strategy));
  const tooltip = rateTooltip([
    { field: 'strategy', title: 'strategy' },
    { field: 'label', title: options.labelTitle },
    { field: 'rounds', title: options.perGame ? 'games' : 'rounds' },
  ]);
  return {
    ...chartFrame(options.title, RATE_SUBTITLE),
    width: bandWidth(strategies.length),
    height: 320,
    data: { values: rows.map((row) => ({ ...row })) },
    layer: [
      ...rateLayers(
        {
          x: { field: 'label', type: 'nominal', sort: labels, title: options.labelTitle, axis: { labelAngle: -30 } },
          ...(strategies.length > 1 ? { xOffset: { field: 'strategy', type: 'nominal', sort: strategies } } : {}),
          color: { field: 'strategy', type: 'nominal', sort: strategies, legend: LEGEND_PAST_RULE_LABEL },
        },
        options.perGame ? 'win rate' : 'round win rate',
        tooltip,
      ),
      ...(options.players ? referenceRule(1 / options.players, `even: 1/${options.players}`) : []),
    ],
  };
}

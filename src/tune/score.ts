import { Errors } from '../core/errors.ts';
import type { Measure } from '../core/game.ts';
import type { PairedTotals } from '../runner/compare/paired.ts';

/**
 * What tuning maximizes: the candidate arm's score on the run's measure minus the baseline arm's,
 * per game, turned so that higher is better and put on the win share's scale of -1 to 1. The win
 * share is the paired test's own difference; another measure (Hearts' points per hand, which tell
 * far more per hand than who won the game) is its block differences over the measure's span.
 */
export function pairScore(totals: PairedTotals, measure: Measure): number {
  if (measure.source.kind === 'game-wins') return totals.difference.mean;
  if (totals.measure === undefined || totals.measure.id !== measure.id)
    throw Errors.internal(`tuning's comparison did not read the measure ${measure.id}`);
  // Blocks where an arm recorded nothing (no solve in SpeedClue) tell nothing either way.
  if (totals.measure.difference.blocks === 0) return 0;
  return totals.measure.difference.mean / (measure.source.kind === 'metric' ? measure.source.span : 1);
}

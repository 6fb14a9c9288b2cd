import type { Game } from '../core/game.ts';
import { MomentField } from '../core/metrics.ts';
import type { Counters } from '../runner/counters.ts';
import type { PreparedMatch } from '../runner/match.ts';
import type { PairedTotals } from '../runner/paired.ts';

/**
 * What tuning maximizes, in one place so that a game's own declared strength measure can replace
 * it: the candidate arm's score minus the baseline arm's, per game, scaled to [-1, 1]. It is the
 * compared seat's win share, except where the game scores points per round that a player wants
 * few of (Hearts): there the baseline's points per hand minus the candidate's, over the points a
 * hand deals out, which tells far more per hand than who won the game.
 */
export function pairScore(totals: PairedTotals, game: Game): number {
  const metric = game.metrics.findIndex(
    (spec) => spec.name === 'points' && spec.kind === 'moments' && spec.per === 'round' && spec.lowerIsBetter,
  );
  const span = POINTS_PER_ROUND[game.id];
  if (metric < 0 || span === undefined) return totals.difference.mean;
  const candidate = meanPoints(totals.candidateCounters, totals.candidateMatch, metric);
  const baseline = meanPoints(totals.baselineCounters, totals.baselineMatch, metric);
  return (baseline - candidate) / span;
}

/** Points one round deals out among the players, per game that scores rounds in points. */
const POINTS_PER_ROUND: Readonly<Record<string, number>> = { hearts: 26 };

/** The compared strategy's (the match's first slot's) mean points per round. */
function meanPoints(counters: Counters, match: PreparedMatch, metric: number): number {
  const layout = counters.layout;
  const at = layout.metric(layout.slot(match.seatSlot[0]), metric, 0);
  const records = counters.data[at + MomentField.RECORDS];
  return records > 0 ? counters.data[at + MomentField.SUM] / records : 0;
}

import { playsOneRound } from '../../core/game.ts';
import { BlockAccumulator, type BlockMoments, type BlockSummary } from '../../stats/blocks.ts';
import { ratioEstimate, ratioSumsOf, type RatioEstimate } from '../../stats/ratio.ts';
import { rateInterval } from '../../stats/small-sample.ts';
import { wilson } from '../../stats/wilson.ts';
import { Counters, DEAL_GROUPS, DealGroupField, Field, Global, gamesPerBlock } from '../play/counters.ts';
import { round6, roundedInterval } from './rounding.ts';
import type { BlockStats, IntervalUnit, RateWithInterval, RoundIntervalUnit, SummaryContext, SummaryMatchup } from './summary-types.ts';

/**
 * The intervals of a summary, each over the units that are independent in its run: games, the
 * design's blocks, or deal groups where several match-ups replay the same deals. The counters keep
 * the sums each needs (see counters.ts); these turn them into rates with 95% intervals and name
 * the unit behind each.
 */

export function rate(wins: number, games: number): RateWithInterval {
  const result = wilson(wins, games);
  return { games, wins: round6(wins), winRate: round6(result.p), ci95: roundedInterval(result.low, result.high) };
}

/** An entity's block scores as mean shares over its games in each block (an entity may hold several seats). */
function entityBlocks(counters: Counters, at: number): BlockMoments {
  const { data, layout } = counters;
  const blocks = data[Global.BLOCKS];
  const scale = 1 / (layout.shareUnits * (data[at + Field.GAMES] / blocks));
  return { count: blocks, sum: data[at + Field.BLOCK_SCORE] * scale, sumOfSquares: data[at + Field.BLOCK_SCORE_SQUARES] * scale * scale };
}

/**
 * Block moments per strategy, normalized match-up by match-up: a block's score is the strategy's
 * mean share over its seat-games in the block, and how many seat-games a block holds can differ
 * between match-ups (a strategy may hold two seats of one table).
 */
export function blockSummaries(context: SummaryContext): BlockSummary[] {
  const accumulators = context.strategies.map(() => new BlockAccumulator());
  for (const matchup of context.matchups) {
    const { data, layout } = matchup.counters;
    const blocks = data[Global.BLOCKS];
    if (blocks === 0) continue;
    matchup.slotNames.forEach((name, slot) =>
      accumulators[context.strategies.indexOf(name)].merge(entityBlocks(matchup.counters, layout.slot(slot))),
    );
  }
  return accumulators.map((accumulator) => accumulator.summary());
}

/** What one match-up counts in deal group `group`: x and n of the group's ratio estimate. */
export type GroupSums = (counters: Counters, group: number) => readonly [x: number, n: number];

/**
 * A ratio estimate between deal groups, for match-ups that replay the same deals: group g holds the
 * same deals in every match-up, so what it counts, whichever match-up played it, is one sample.
 * `sumsOf` says what a match-up counts in a group, or null where the match-up counts nothing (a
 * strategy it does not seat). A group is sampled where some counting match-up played a block of it.
 */
function dealGroupRatio(context: SummaryContext, sumsOf: (matchup: SummaryMatchup) => GroupSums | null): RatioEstimate {
  const x = new Float64Array(DEAL_GROUPS);
  const n = new Float64Array(DEAL_GROUPS);
  const sampled = new Uint8Array(DEAL_GROUPS);
  for (const matchup of context.matchups) {
    const sums = sumsOf(matchup);
    const { data, layout } = matchup.counters;
    if (!sums) continue;
    for (let group = 0; group < layout.dealGroups; group++) {
      if (data[layout.dealGroup(group)] === 0) continue;
      const [wins, count] = sums(matchup.counters, group);
      x[group] += wins;
      n[group] += count;
      sampled[group] = 1;
    }
  }
  const groups = Array.from(sampled.keys()).filter((group) => sampled[group] === 1);
  const estimate = ratioEstimate(
    ratioSumsOf(
      groups.map((group) => x[group]),
      groups.map((group) => n[group]),
    ),
  );
  // Groups that counted nothing (a label never held there) are part of the sample the error is
  // measured over, but a rate that shows no spread rests only on the groups that counted something.
  return { ...estimate, units: groups.filter((group) => n[group] > 0).length };
}

/** The deal groups some match-up played a block of (see dealGroupRatio). */
export function sampledDealGroups(context: SummaryContext): number {
  let groups = 0;
  for (let group = 0; group < DEAL_GROUPS; group++) {
    const played = ({ counters: { data, layout } }: SummaryMatchup) => group < layout.dealGroups && data[layout.dealGroup(group)] > 0;
    if (context.matchups.some(played)) groups++;
  }
  return groups;
}

/** The game wins kept at `winsAt` (share units) of the entity at `entityAt`, and its games, in deal group `group`. */
function groupGames(counters: Counters, group: number, winsAt: number, entityAt: number): readonly [number, number] {
  const { data, layout } = counters;
  return [data[winsAt] / layout.shareUnits, data[layout.dealGroup(group)] * gamesPerBlock(counters, entityAt)];
}

/** What `read` finds of a strategy in each deal group, in the match-ups that seat it. */
function slotSums(strategy: string, read: (counters: Counters, group: number, slot: number) => readonly [number, number]) {
  return (matchup: SummaryMatchup): GroupSums | null => {
    const slot = matchup.slotNames.indexOf(strategy);
    return slot < 0 ? null : (counters, group) => read(counters, group, slot);
  };
}

function slotGameSums(strategy: string) {
  return slotSums(strategy, (counters, group, slot) =>
    groupGames(counters, group, counters.layout.dealGroupSlot(group, slot) + DealGroupField.GAME_WINS, counters.layout.slot(slot)),
  );
}

export function slotRoundSums(strategy: string) {
  return slotSums(strategy, ({ data, layout }, group, slot) => {
    const at = layout.dealGroupSlot(group, slot);
    return [data[at + DealGroupField.ROUND_WIN_SHARE] / layout.shareUnits, data[at + DealGroupField.ROUNDS]];
  });
}

/** A strategy's round wins and rounds begun holding label `label` of rate-by metric `metric`. */
export function labelRoundSums(strategy: string, metric: number, label: number) {
  return slotSums(strategy, ({ data, layout }, group, slot) => {
    const at = layout.dealGroupLabel(group, slot, metric, label);
    return [data[at] / layout.shareUnits, data[at + 1]];
  });
}

/** A seat's game wins and games in every match-up, whichever strategy held it. */
function seatGameSums(seat: number): (matchup: SummaryMatchup) => GroupSums {
  const sums: GroupSums = (counters, group) =>
    groupGames(counters, group, counters.layout.dealGroupSeat(group, seat), counters.layout.seat(seat));
  return () => sums;
}

/**
 * A ratio estimate over the run's blocks from the sums kept as it played: the sum of x at `sumAt`,
 * of n at `countAt`, and the block sums of x^2, x n and n^2 from `squaresAt` (see addRatioBlock).
 * `scale` divides x (share units into wins). The error is measured between all the blocks, but
 * `units`, what a rate without spread rests on, takes only the blocks that counted something (a
 * label held, a value recorded); the sums keep no tally of those, so the count bounds them.
 */
export function blockRatio(counters: Counters, sumAt: number, countAt: number, squaresAt: number, scale = 1): RatioEstimate {
  const data = counters.data;
  const estimate = ratioEstimate({
    units: data[Global.BLOCKS],
    sum: data[sumAt],
    count: data[countAt],
    sumOfSquares: data[squaresAt],
    cross: data[squaresAt + 1],
    countSquares: data[squaresAt + 2],
  });
  return { units: Math.min(estimate.units, data[countAt]), rate: estimate.rate / scale, se: estimate.se / scale };
}

/**
 * The interval of a rate from its units' standard error: the Wilson interval at the sample size
 * that error implies, the one every rate over blocks or deal groups gets (summary.json's `blocks`
 * included), so a rate counted over them never shows two intervals.
 */
function unitInterval(estimate: RatioEstimate, exact = false): [number, number] {
  const [low, high] = exact ? [estimate.rate, estimate.rate] : rateInterval(estimate.rate, estimate.se, estimate.units);
  return roundedInterval(low, high);
}

export interface StrategyUnits {
  readonly ci95Unit: IntervalUnit;
  /** Null where the plain Wilson interval over games is the right one. */
  readonly estimate: RatioEstimate | null;
  /**
   * The rate is certain: a strategy in every seat of every game takes every win, exactly 1 /
   * players. Blocks that merely happen to agree show no spread either, but their rate is not
   * certain, and they get the Wilson interval at their number.
   */
  readonly exact?: boolean;
}

/**
 * Whether `units` are enough to give a game rate its interval. The duplicate design's games are
 * never independent samples (those of a block replay one deal), so any unit is: the Wilson interval
 * over games would claim more than they hold, and a unit showing no spread gets the Wilson interval
 * at the units' number instead. The independent design's rates need two units, enough to measure a
 * spread, and fall back to the Wilson interval over games with fewer.
 */
function enoughUnits(context: SummaryContext, units: number): boolean {
  return units > (context.design === 'duplicate' ? 0 : 1);
}

/**
 * Which units a strategy's interval counts. Games are independent samples only for a strategy in
 * one seat of a single match-up's independent games; anything that makes its games share a deal
 * (rotations, several seats at one table, match-ups replaying the same deals) moves to the units
 * that share none.
 */
export function strategyUnits(context: SummaryContext, strategy: string, blocks: BlockSummary): StrategyUnits {
  if (context.matchups.length > 1) {
    const estimate = dealGroupRatio(context, slotGameSums(strategy));
    return enoughUnits(context, estimate.units) ? { ci95Unit: 'deal group', estimate } : { ci95Unit: 'game', estimate: null };
  }
  const { data, layout } = context.matchups[0].counters;
  const slot = context.matchups[0].slotNames.indexOf(strategy);
  const seatGames = data[layout.slot(slot) + Field.GAMES];
  const oneSeatPerGame = seatGames === data[Global.GAMES];
  if ((context.design === 'independent' && oneSeatPerGame) || !enoughUnits(context, blocks.blocks))
    return { ci95Unit: 'game', estimate: null };
  const exact = seatGames === layout.players * data[Global.GAMES];
  return { ci95Unit: 'block', estimate: { units: blocks.blocks, rate: blocks.mean, se: blocks.se }, exact };
}

/**
 * A game rate's interval between its units, where the strategy has units other than its games (it
 * holds several seats of a game, or plays in several match-ups, or the design replays deals): the
 * one a strategy's `blocks` shows beside it. Units that won nothing (or everything) show no spread,
 * and get the Wilson interval at their number, never the one over games, whose games are not the
 * independent samples that interval counts.
 */
export function gameInterval(
  gameRate: RateWithInterval,
  units: StrategyUnits,
): { readonly ci95: readonly [number, number]; readonly ci95Unit: IntervalUnit } {
  if (!units.estimate) return { ci95: gameRate.ci95, ci95Unit: 'game' };
  return { ci95: unitInterval(units.estimate, units.exact), ci95Unit: units.ci95Unit };
}

/**
 * A round rate's interval over the unit of the strategy's game rate, since the rounds of a game
 * (and the games of a block or a deal group) are not independent: a ratio estimate between deal
 * groups in a run of several match-ups, else between the run's blocks, which are its games where
 * the game rate counts games. `groupSums` and `blockEstimate` give the two.
 */
export function roundInterval(
  context: SummaryContext,
  unit: IntervalUnit,
  groupSums: (matchup: SummaryMatchup) => GroupSums | null,
  blockEstimate: () => RatioEstimate,
  wins: number,
  rounds: number,
): { readonly ci95: readonly [number, number]; readonly ci95Unit: RoundIntervalUnit } {
  // A game of one round: where its games are the independent samples, its rounds are too, and the
  // round rate is the game rate, with the game rate's interval (Wilson over games), not a second one.
  if (unit === 'game' && playsOneRound(context.game.roundName)) return { ci95: rate(wins, rounds).ci95, ci95Unit: 'game' };
  const several = context.matchups.length > 1;
  const estimate = unit === 'deal group' ? dealGroupRatio(context, groupSums) : several ? null : blockEstimate();
  // A single unit has no spread to measure: the Wilson interval over rounds is then the one left,
  // named so. Units that won nothing (or everything) show none though the rate is not certain, and
  // get the Wilson interval at their number, as the game rate does: never the one over rounds,
  // which are not independent.
  if (!estimate || Number.isNaN(estimate.se)) return { ci95: rate(wins, rounds).ci95, ci95Unit: 'round' };
  return { ci95: unitInterval(estimate), ci95Unit: unit };
}

/**
 * A seat's rate between the units its games share deals in: deal groups where several match-ups
 * replay the same deals through the seat, blocks where the duplicate design replays one deal
 * through it once per rotation; null where its games are the independent samples.
 */
export function seatEstimate(context: SummaryContext, seat: number): StrategyUnits {
  if (context.matchups.length > 1) {
    const estimate = dealGroupRatio(context, seatGameSums(seat));
    return enoughUnits(context, estimate.units) ? { ci95Unit: 'deal group', estimate } : { ci95Unit: 'game', estimate: null };
  }
  const { data, layout } = context.matchups[0].counters;
  const blocks = data[Global.BLOCKS];
  if (context.design !== 'duplicate' || !enoughUnits(context, blocks)) return { ci95Unit: 'game', estimate: null };
  const summary = new BlockAccumulator().merge(entityBlocks(context.matchups[0].counters, layout.seat(seat))).summary();
  return { ci95Unit: 'block', estimate: { units: blocks, rate: summary.mean, se: summary.se } };
}

/**
 * The per-block figures as summary.json shows them. Where the blocks share deals (`units`: the
 * deal groups of a tournament or a comparison), their spread says nothing of the error: the mean,
 * its standard error and its interval are then the deal groups' estimate of the same rate, the
 * strategy's win rate and interval, never a mean of one weighting beside an error of another.
 */
export function blockStats(summary: BlockSummary, units: StrategyUnits): BlockStats {
  const finite = (value: number) => (Number.isFinite(value) ? round6(value) : 0);
  const estimate =
    units.ci95Unit === 'deal group' && units.estimate ? units.estimate : { units: summary.blocks, rate: summary.mean, se: summary.se };
  return {
    blocks: summary.blocks,
    mean: finite(estimate.rate),
    sd: finite(summary.sd),
    se: finite(estimate.se),
    // The mean share of a seat-game, a rate: its interval holds with few blocks and never shrinks to a point.
    ci95: Number.isFinite(estimate.rate) ? (unitInterval(estimate, units.exact).map(finite) as [number, number]) : [0, 0],
  };
}

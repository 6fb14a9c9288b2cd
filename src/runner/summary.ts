import type { Game } from '../core/game.ts';
import { BlockAccumulator, type BlockMoments, type BlockSummary } from '../stats/blocks.ts';
import { Z95 } from '../stats/normal.ts';
import { ratioEstimate, ratioSumsOf, type RatioEstimate } from '../stats/ratio.ts';
import { wilson } from '../stats/wilson.ts';
import { MomentField, RateByField, metricChart, metricFile, type MetricSpec, type MomentsMetric } from '../core/metrics.ts';
import { CounterLayout, Counters, DEAL_GROUPS, DealGroupField, Field, Global, PairField, type ForfeitNote } from './counters.ts';
import { rotationOf, type DesignName } from './design.ts';
import { runRatings, type RatingSummary } from './ratings.ts';
import type { UntilClearSummary } from './until-clear.ts';

export interface RateWithInterval {
  readonly games: number;
  /** Wins, a win shared by k players counted 1/k. */
  readonly wins: number;
  readonly winRate: number;
  readonly ci95: readonly [number, number];
}

/**
 * Block scores: the mean win share per block, with its spread measured between blocks. In a run of
 * several match-ups (a tournament), which replay the same deals, se and ci95 are measured between
 * deal groups instead, the units that share no deal.
 */
export interface BlockStats {
  readonly blocks: number;
  readonly mean: number;
  readonly sd: number;
  readonly se: number;
  readonly ci95: readonly [number, number];
}

/**
 * What a strategy's win-rate interval counts as one independent sample: a game (Wilson interval,
 * for a strategy in one seat of independent games), a block (the design's block, for a strategy in
 * several seats or on rotated deals: mean and standard error of its per-block mean share), or a
 * deal group (match-ups sharing deals, as a tournament's do: a ratio estimate over the groups).
 */
export type IntervalUnit = 'game' | 'block' | 'deal group';

/**
 * What a round rate's interval counts as one sample: the unit of the strategy's game rate (a game,
 * block or deal group, whose rounds it sums: a ratio estimate), or a round (the Wilson interval
 * over rounds) where the units leave no spread to measure: fewer than two, or a rate of 0 or 1.
 */
export type RoundIntervalUnit = IntervalUnit | 'round';

export interface StrategySummary extends RateWithInterval {
  /** The independent sample behind `ci95`. */
  readonly ci95Unit: IntervalUnit;
  readonly rounds: number;
  readonly roundWins: number;
  readonly roundWinRate: number;
  readonly roundCi95: readonly [number, number];
  /** The independent sample behind `roundCi95`. */
  readonly roundCi95Unit: RoundIntervalUnit;
  /** The design's independent samples (a game, or a deal's rotations): the honest interval for blocked designs. */
  readonly blocks: BlockStats;
}

export interface SeatSummary extends RateWithInterval {
  readonly seat: number;
  /**
   * The independent sample behind `ci95`: the deal group where several match-ups replay the same
   * deals through the seat (a tournament), the block where rotations replay a deal through it, else
   * the game.
   */
  readonly ci95Unit: IntervalUnit;
  /** The strategy that sat there, or 'mixed' when the design moved several through the seat. */
  readonly strategy: string;
  readonly rounds: number;
  /** Round wins, shared rounds counted 1/k. */
  readonly roundWins: number;
  readonly roundWinRate: number;
}

/** A rate-by metric's row: how a strategy fared in rounds begun holding one label. */
export interface RateByRow {
  readonly strategy: string;
  readonly label: string;
  /** Rounds begun holding this label. */
  readonly rounds: number;
  /** Of those, rounds won, every tied winner counted as a winner. */
  readonly roundWins: number;
  /** Rounds won with a round shared by k winners counted 1/k: what the rate and interval use. */
  readonly roundWinShare: number;
  readonly roundWinRate: number;
  readonly ci95: readonly [number, number];
  /** The independent sample behind `ci95`: that of the strategy's game rate, whose rounds it sums. */
  readonly ci95Unit: RoundIntervalUnit;
  /** Games whose first round was begun holding this label, and the game wins among them (shared: 1/k). */
  readonly games: number;
  readonly gameWins: number;
  readonly gameWinRate: number;
  readonly gameCi95: readonly [number, number];
}

export interface CountRow {
  readonly strategy: string;
  /** The forfeit reason. */
  readonly what: string;
  readonly count: number;
}

/** A causes metric's row: how often one cause ended things for a strategy's players. */
export interface CauseRow {
  readonly strategy: string;
  readonly label: string;
  readonly count: number;
}

/** A moments metric's row: the mean of a strategy's values under one label, with its 95% interval. */
export interface MomentRow {
  readonly strategy: string;
  readonly label: string;
  /** Values recorded (rounds or games, by the metric). */
  readonly records: number;
  readonly mean: number;
  /** Spread of a single value. */
  readonly sd: number;
  /** Over the run's blocks (a game, a deal's rotations), the units that share no deal. */
  readonly ci95: readonly [number, number];
}

interface MetricHeading {
  readonly name: string;
  readonly title: string;
  readonly labelTitle: string;
  /** The results folder's CSV of the rows, its column for the label, and the report's chart stem. */
  readonly file: string;
  readonly labelColumn: string;
  readonly chart: string;
}

/** A game's declared metric with its figures, in the order the game declares them. */
export type MetricSummary =
  | (MetricHeading & { readonly kind: 'rate-by'; readonly rows: readonly RateByRow[] })
  | (MetricHeading & { readonly kind: 'causes'; readonly unit: string; readonly rows: readonly CauseRow[] })
  | (MetricHeading & {
      readonly kind: 'moments';
      readonly per: 'round' | 'game';
      readonly valueTitle: string;
      readonly format: 'number' | 'rate';
      readonly lowerIsBetter: boolean;
      /** As the metric declares them (MomentsMetric); absent when not set. */
      readonly neutral?: true;
      readonly sequence?: true;
      readonly rows: readonly MomentRow[];
    });

/** How one strategy fared against another over every pair of seats they held in the same game. */
export interface PairRow {
  readonly strategy: string;
  readonly opponent: string;
  /** Share of meetings where the strategy took more of the game than the opponent, ties counted 1/2. */
  readonly score: number;
  readonly games: number;
}

/** A forfeit, with what replays its game: `--seed S --game <game>`. */
export interface ForfeitNoteRow {
  readonly game: number;
  readonly seat: number;
  readonly strategy: string;
  readonly reason: string;
  /** What went wrong, where known (a strategy's error, with the file and line it was thrown at). */
  readonly detail?: string;
}

export interface MatchSummary {
  readonly game: string;
  readonly players: number;
  readonly design: DesignName;
  readonly seed: string;
  readonly games: number;
  /** Games the job asked for; more than `games` while it is unfinished. */
  readonly gamesPlanned: number;
  readonly complete: boolean;
  /** What the game calls a round, singular and plural. */
  readonly roundName: readonly [string, string];
  readonly rounds: number;
  readonly roundsPerGame: number;
  readonly roundsPerGameSd: number;
  readonly seats: readonly SeatSummary[];
  readonly strategies: Readonly<Record<string, StrategySummary>>;
  readonly metrics: readonly MetricSummary[];
  readonly forfeits: readonly CountRow[];
  readonly headToHead: readonly PairRow[];
  /** The first forfeits in game order (at most a few per match-up). */
  readonly forfeitGames: readonly ForfeitNoteRow[];
}

/** One seating of a tournament, in the form the rating fit takes (strategy indices into `strategyNames`). */
export interface MatchupSummary {
  readonly seats: readonly string[];
  readonly players: readonly number[];
  readonly games: number;
  /** Game wins per seat (shared wins 1/k). */
  readonly wins: readonly number[];
}

export interface RunSummary extends MatchSummary {
  /** Strategy names in index order, for `matchups`. */
  readonly strategyNames: readonly string[];
  readonly matchups: readonly MatchupSummary[];
  /** Tournaments: Plackett-Luce ratings of the field, strongest first, with bootstrap intervals. */
  readonly ratings?: readonly RatingSummary[];
  /** sim --until-clear: how the run stopped, and the leader's margins. */
  readonly untilClear?: UntilClearSummary;
}

/** What summarizing a run needs to know besides the counters. */
export interface SummaryContext {
  readonly game: Game<any, any>;
  readonly design: DesignName;
  readonly seed: string;
  readonly gamesPlanned: number;
  /** Distinct strategy names; each match-up's slots are among them. */
  readonly strategies: readonly string[];
  readonly matchups: readonly SummaryMatchup[];
  /** Fit ratings to all the match-ups at once (tournaments). */
  readonly ratings?: boolean;
}

export interface SummaryMatchup {
  readonly seats: readonly string[];
  /** The match-up's first game index. */
  readonly offset: number;
  /** The strategy of each of the match-up's counter slots. */
  readonly slotNames: readonly string[];
  readonly counters: Counters;
  /** What went wrong in a noted forfeit, where it can be found out. */
  readonly forfeitDetail?: (note: ForfeitNote) => string | undefined;
}

// Six decimals keep JSON and CSV readable; the counts behind them are exact.
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function interval(low: number, high: number): [number, number] {
  return [round6(low), round6(high)];
}

function rate(wins: number, games: number): RateWithInterval {
  const result = wilson(wins, games);
  return { games, wins: round6(wins), winRate: round6(result.p), ci95: interval(result.low, result.high) };
}

/**
 * Adds every match-up's counters into one set over all the run's strategies (seats add
 * position by position), so a tournament and a single match-up are summarized alike.
 */
function pool(context: SummaryContext): Counters {
  const first = context.matchups[0].counters.layout;
  const layout = new CounterLayout(
    { players: first.players, metrics: first.metrics, forfeitReasons: first.forfeitReasons },
    first.shareUnits,
    context.strategies.length,
  );
  const pooled = new Counters(layout);
  const out = pooled.data;
  for (const matchup of context.matchups) {
    const { data, layout: from } = matchup.counters;
    const global = matchup.slotNames.map((name) => context.strategies.indexOf(name));
    for (let i = 0; i < Global.COUNT; i++) out[i] += data[i];
    const addEntity = (source: number, target: number) => {
      for (let i = 0; i < from.entitySize; i++) out[target + i] += data[source + i];
    };
    for (let seat = 0; seat < from.players; seat++) addEntity(from.seat(seat), layout.seat(seat));
    global.forEach((target, slot) => addEntity(from.slot(slot), layout.slot(target)));
    global.forEach((a, slotA) =>
      global.forEach((b, slotB) => {
        for (let i = 0; i < PairField.COUNT; i++) out[layout.pair(a, b) + i] += data[from.pair(slotA, slotB) + i];
      }),
    );
  }
  return pooled;
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
function blockSummaries(context: SummaryContext): BlockSummary[] {
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
type GroupSums = (counters: Counters, group: number) => readonly [x: number, n: number];

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
    for (let group = 0; group < DEAL_GROUPS; group++) {
      if (data[layout.dealGroup(group)] === 0) continue;
      const [wins, count] = sums(matchup.counters, group);
      x[group] += wins;
      n[group] += count;
      sampled[group] = 1;
    }
  }
  const groups = Array.from(sampled.keys()).filter((group) => sampled[group] === 1);
  return ratioEstimate(
    ratioSumsOf(
      groups.map((group) => x[group]),
      groups.map((group) => n[group]),
    ),
  );
}

/** Seat-games per block of a match-up for the entity at `at`: a strategy may hold several seats of a table. */
function gamesPerBlock(counters: Counters, at: number): number {
  return counters.data[at + Field.GAMES] / counters.data[Global.BLOCKS];
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

function slotRoundSums(strategy: string) {
  return slotSums(strategy, ({ data, layout }, group, slot) => {
    const at = layout.dealGroupSlot(group, slot);
    return [data[at + DealGroupField.ROUND_WIN_SHARE] / layout.shareUnits, data[at + DealGroupField.ROUNDS]];
  });
}

/** A strategy's round wins and rounds begun holding label `label` of rate-by metric `metric`. */
function labelRoundSums(strategy: string, metric: number, label: number) {
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
 * `scale` divides x (share units into wins).
 */
function blockRatio(counters: Counters, sumAt: number, countAt: number, squaresAt: number, scale = 1): RatioEstimate {
  const data = counters.data;
  const estimate = ratioEstimate({
    units: data[Global.BLOCKS],
    sum: data[sumAt],
    count: data[countAt],
    sumOfSquares: data[squaresAt],
    cross: data[squaresAt + 1],
    countSquares: data[squaresAt + 2],
  });
  return { units: estimate.units, rate: estimate.rate / scale, se: estimate.se / scale };
}

/** The interval of a rate from its units' standard error, within [0, 1]. */
function unitInterval(estimate: RatioEstimate): [number, number] {
  const margin = Z95 * estimate.se;
  return interval(Math.max(0, estimate.rate - margin), Math.min(1, estimate.rate + margin));
}

interface StrategyUnits {
  readonly ci95Unit: IntervalUnit;
  /** Null where the plain Wilson interval over games is the right one. */
  readonly estimate: RatioEstimate | null;
}

/**
 * Which units a strategy's interval counts. Games are independent samples only for a strategy in
 * one seat of a single match-up's independent games; anything that makes its games share a deal
 * (rotations, several seats at one table, match-ups replaying the same deals) moves to the units
 * that share none.
 */
function strategyUnits(context: SummaryContext, strategy: string, blocks: BlockSummary): StrategyUnits {
  if (context.matchups.length > 1) {
    const estimate = dealGroupRatio(context, slotGameSums(strategy));
    return estimate.units > 1 ? { ci95Unit: 'deal group', estimate } : { ci95Unit: 'game', estimate: null };
  }
  const { data, layout } = context.matchups[0].counters;
  const slot = context.matchups[0].slotNames.indexOf(strategy);
  const oneSeatPerGame = data[layout.slot(slot) + Field.GAMES] === data[Global.GAMES];
  if ((context.design === 'independent' && oneSeatPerGame) || !(blocks.blocks > 1)) return { ci95Unit: 'game', estimate: null };
  return { ci95Unit: 'block', estimate: { units: blocks.blocks, rate: blocks.mean, se: blocks.se } };
}

/**
 * A game rate's interval between its units, except where they won nothing (or everything): they
 * show no spread then, though the rate is not certain, and the Wilson interval over games is the
 * one left, named so.
 */
function gameInterval(
  gameRate: RateWithInterval,
  units: StrategyUnits,
): { readonly ci95: readonly [number, number]; readonly ci95Unit: IntervalUnit } {
  const extreme = gameRate.wins === 0 || gameRate.wins === gameRate.games;
  if (!units.estimate || extreme) return { ci95: gameRate.ci95, ci95Unit: 'game' };
  return { ci95: unitInterval(units.estimate), ci95Unit: units.ci95Unit };
}

/**
 * A round rate's interval over the unit of the strategy's game rate, since the rounds of a game
 * (and the games of a block or a deal group) are not independent: a ratio estimate between deal
 * groups in a run of several match-ups, else between the run's blocks, which are its games where
 * the game rate counts games. `groupSums` and `blockEstimate` give the two.
 */
function roundInterval(
  context: SummaryContext,
  unit: IntervalUnit,
  groupSums: (matchup: SummaryMatchup) => GroupSums | null,
  blockEstimate: () => RatioEstimate,
  wins: number,
  rounds: number,
): { readonly ci95: readonly [number, number]; readonly ci95Unit: RoundIntervalUnit } {
  const several = context.matchups.length > 1;
  const estimate = unit === 'deal group' ? dealGroupRatio(context, groupSums) : several ? null : blockEstimate();
  // A single unit has no spread to measure, and units that won nothing (or everything) show none
  // though the rate is not certain: the Wilson interval over rounds is then the one left, named so.
  const extreme = wins === 0 || wins === rounds;
  if (!estimate || Number.isNaN(estimate.se) || extreme) return { ci95: rate(wins, rounds).ci95, ci95Unit: 'round' };
  return { ci95: unitInterval(estimate), ci95Unit: unit };
}

/**
 * A seat's rate between the units its games share deals in: deal groups where several match-ups
 * replay the same deals through the seat, blocks where the duplicate design replays one deal
 * through it once per rotation; null where its games are the independent samples.
 */
function seatEstimate(context: SummaryContext, seat: number): StrategyUnits {
  if (context.matchups.length > 1) {
    const estimate = dealGroupRatio(context, seatGameSums(seat));
    return estimate.units > 1 ? { ci95Unit: 'deal group', estimate } : { ci95Unit: 'game', estimate: null };
  }
  const { data, layout } = context.matchups[0].counters;
  const blocks = data[Global.BLOCKS];
  if (context.design !== 'duplicate' || !(blocks > 1)) return { ci95Unit: 'game', estimate: null };
  const summary = new BlockAccumulator().merge(entityBlocks(context.matchups[0].counters, layout.seat(seat))).summary();
  return { ci95Unit: 'block', estimate: { units: blocks, rate: summary.mean, se: summary.se } };
}

/** The per-block figures as summary.json shows them; se and the interval from `units` where given. */
function blockStats(summary: BlockSummary, units: RatioEstimate | null): BlockStats {
  const finite = (value: number) => (Number.isFinite(value) ? round6(value) : 0);
  const se = units ? units.se : summary.se;
  return {
    blocks: summary.blocks,
    mean: finite(summary.mean),
    sd: finite(summary.sd),
    se: finite(se),
    ci95: [finite(summary.mean - Z95 * se), finite(summary.mean + Z95 * se)] as const,
  };
}

function seatLabel(context: SummaryContext, seat: number): string {
  const names = new Set(context.matchups.flatMap((m) => (context.design === 'duplicate' ? m.seats : [m.seats[seat]])));
  return names.size === 1 ? [...names][0] : 'mixed';
}

/** Turns a run's counters into the figures users read: win rates with 95% intervals over independent samples. */
export function summarizeRun(context: SummaryContext): RunSummary {
  const counters = pool(context);
  const { layout, data } = counters;
  const units = layout.shareUnits;
  const names = context.strategies;
  const games = data[Global.GAMES];
  const rounds = data[Global.ROUNDS];
  const seats = Array.from({ length: layout.players }, (_, seat): SeatSummary => {
    const at = layout.seat(seat);
    const seatRounds = data[at + Field.ROUNDS];
    const roundWins = data[at + Field.ROUND_WIN_SHARE] / units;
    const gameRate = rate(data[at + Field.GAME_WINS] / units, data[at + Field.GAMES]);
    return {
      seat,
      strategy: seatLabel(context, seat),
      ...gameRate,
      ...gameInterval(gameRate, seatEstimate(context, seat)),
      rounds: seatRounds,
      roundWins: round6(roundWins),
      roundWinRate: seatRounds > 0 ? round6(roundWins / seatRounds) : 0,
    };
  });
  const blocks = blockSummaries(context);
  const strategyUnit = names.map((name, slot) => strategyUnits(context, name, blocks[slot]));
  const strategies: Record<string, StrategySummary> = {};
  const forfeits: CountRow[] = [];
  const headToHead: PairRow[] = [];
  names.forEach((name, slot) => {
    const at = layout.slot(slot);
    const roundWinShare = data[at + Field.ROUND_WIN_SHARE] / units;
    const roundRate = rate(roundWinShare, data[at + Field.ROUNDS]);
    const gameRate = rate(data[at + Field.GAME_WINS] / units, data[at + Field.GAMES]);
    const { ci95Unit, estimate } = strategyUnit[slot];
    const round = roundInterval(
      context,
      ci95Unit,
      slotRoundSums(name),
      () => blockRatio(counters, at + Field.ROUND_WIN_SHARE, at + Field.ROUNDS, at + Field.BLOCK_ROUND_WIN_SQUARES, units),
      roundWinShare,
      data[at + Field.ROUNDS],
    );
    strategies[name] = {
      ...gameRate,
      ...gameInterval(gameRate, strategyUnit[slot]),
      rounds: roundRate.games,
      roundWins: roundRate.wins,
      roundWinRate: roundRate.winRate,
      roundCi95: round.ci95,
      roundCi95Unit: round.ci95Unit,
      blocks: blockStats(blocks[slot], ci95Unit === 'deal group' ? estimate : null),
    };
    context.game.forfeitLabels.forEach((reason: string, index: number) => {
      const count = data[layout.forfeits(at) + index];
      if (count > 0) forfeits.push({ strategy: name, what: reason, count });
    });
    names.forEach((opponent, other) => {
      if (other === slot) return;
      const pair = layout.pair(slot, other);
      const meetings = data[pair + PairField.MEETINGS];
      if (meetings === 0) return;
      const beats = data[pair + PairField.BEATS];
      const lost = data[layout.pair(other, slot) + PairField.BEATS];
      headToHead.push({ strategy: name, opponent, score: round6((beats + (meetings - beats - lost) / 2) / meetings), games: meetings });
    });
  });
  const roundsVariance = games > 1 ? (data[Global.ROUNDS_SQUARED] - (rounds * rounds) / games) / (games - 1) : 0;
  return {
    game: context.game.id,
    players: layout.players,
    design: context.design,
    seed: context.seed,
    games,
    gamesPlanned: context.gamesPlanned,
    complete: games === context.gamesPlanned,
    roundName: context.game.roundName,
    rounds,
    roundsPerGame: games > 0 ? round6(rounds / games) : 0,
    roundsPerGameSd: round6(Math.sqrt(Math.max(0, roundsVariance))),
    seats,
    strategies,
    metrics: layout.metrics.map((metric, index) =>
      metricSummary(
        context,
        counters,
        metric,
        index,
        strategyUnit.map((unit) => unit.ci95Unit),
      ),
    ),
    forfeits,
    headToHead,
    forfeitGames: forfeitNotes(context),
    strategyNames: names,
    matchups: context.matchups.map((matchup) => matchupSummary(context, matchup.seats, matchup.counters)),
    ...(context.ratings && games > 0 ? { ratings: runRatings(names, context.matchups, context.seed) } : {}),
  };
}

/** `units`: what each strategy's game rate counts as one sample, which its rates by label count too. */
function metricSummary(
  context: SummaryContext,
  counters: Counters,
  metric: MetricSpec,
  index: number,
  units: readonly IntervalUnit[],
): MetricSummary {
  const names = context.strategies;
  const heading = {
    name: metric.name,
    title: metric.title,
    labelTitle: metric.labelTitle,
    file: metricFile(metric),
    labelColumn: metric.labelColumn ?? 'label',
    chart: metricChart(metric),
  };
  const { layout } = counters;
  const cells = names.flatMap((strategy, slot) =>
    metric.labels.map((label, labelIndex) => ({
      strategy,
      slot,
      label,
      labelIndex,
      at: layout.metric(layout.slot(slot), index, labelIndex),
    })),
  );
  const data = counters.data;
  switch (metric.kind) {
    case 'rate-by':
      return {
        ...heading,
        kind: metric.kind,
        rows: cells.flatMap((cell) => rateByRow(context, counters, cell, index, units[cell.slot])),
      };
    case 'causes':
      return {
        ...heading,
        kind: metric.kind,
        unit: metric.unit,
        rows: cells.filter(({ at }) => data[at] > 0).map(({ strategy, label, at }) => ({ strategy, label, count: data[at] })),
      };
    case 'moments':
      return {
        ...heading,
        kind: metric.kind,
        per: metric.per,
        valueTitle: metric.valueTitle,
        format: metric.format,
        lowerIsBetter: metric.lowerIsBetter,
        ...(metric.neutral ? { neutral: true as const } : {}),
        ...(metric.sequence ? { sequence: true as const } : {}),
        rows: cells.flatMap(({ strategy, label, at }) => momentRow(counters, strategy, label, at, metric.format)),
      };
  }
}

interface MetricCell {
  readonly strategy: string;
  readonly label: string;
  readonly labelIndex: number;
  /** The cell's offset in the pooled counters (CounterLayout.metric). */
  readonly at: number;
}

function rateByRow(context: SummaryContext, counters: Counters, cell: MetricCell, metric: number, unit: IntervalUnit): RateByRow[] {
  const { data, layout } = counters;
  const { strategy, label, at } = cell;
  const rounds = data[at + RateByField.ROUNDS];
  if (rounds === 0) return [];
  const wins = data[at + RateByField.ROUND_WIN_SHARE] / layout.shareUnits;
  const byRound = rate(wins, rounds);
  const round = roundInterval(
    context,
    unit,
    labelRoundSums(strategy, metric, cell.labelIndex),
    () =>
      blockRatio(
        counters,
        at + RateByField.ROUND_WIN_SHARE,
        at + RateByField.ROUNDS,
        at + RateByField.BLOCK_WIN_SQUARES,
        layout.shareUnits,
      ),
    wins,
    rounds,
  );
  const byGame = rate(data[at + RateByField.GAME_WINS] / layout.shareUnits, data[at + RateByField.GAMES]);
  return [
    {
      strategy,
      label,
      rounds,
      roundWins: data[at + RateByField.ROUND_WINS],
      roundWinShare: byRound.wins,
      roundWinRate: byRound.winRate,
      ci95: round.ci95,
      ci95Unit: round.ci95Unit,
      games: byGame.games,
      gameWins: byGame.wins,
      gameWinRate: byGame.winRate,
      gameCi95: byGame.ci95,
    },
  ];
}

/**
 * The mean of the values under one label, a ratio of sums over the run's blocks: with x_b the sum
 * and n_b the count of values in block b, the mean is R = sum x / sum n and its variance
 * B / (B - 1) sum (x_b - R n_b)^2 / (sum n)^2, so values from one game (the hands of a match,
 * the seats a strategy holds) count as one sample, not as many. A rate's interval is cut to [0, 1]:
 * near 0 or 1 the normal interval spills past what a share of 0/1 values can be.
 */
function momentRow(counters: Counters, strategy: string, label: string, at: number, format: MomentsMetric['format']): MomentRow[] {
  const data = counters.data;
  const records = data[at + MomentField.RECORDS];
  if (records === 0) return [];
  const sum = data[at + MomentField.SUM];
  const mean = sum / records;
  const sd = records > 1 ? Math.sqrt(Math.max(0, (data[at + MomentField.SUM_OF_SQUARES] - sum * mean) / (records - 1))) : 0;
  const between = blockRatio(counters, at + MomentField.SUM, at + MomentField.RECORDS, at + MomentField.BLOCK_SUM_OF_SQUARES);
  const se = between.units > 1 ? between.se : sd / Math.sqrt(records);
  const [low, high] = format === 'rate' ? [Math.max(0, mean - Z95 * se), Math.min(1, mean + Z95 * se)] : [mean - Z95 * se, mean + Z95 * se];
  return [{ strategy, label, records, mean: round6(mean), sd: round6(sd), ci95: interval(low, high) }];
}

function matchupSummary(context: SummaryContext, seats: readonly string[], counters: Counters): MatchupSummary {
  const { data, layout } = counters;
  return {
    seats,
    players: seats.map((seat) => context.strategies.indexOf(seat)),
    games: data[Global.GAMES],
    wins: seats.map((_, seat) => round6(data[layout.seat(seat) + Field.GAME_WINS] / layout.shareUnits)),
  };
}

const MAX_FORFEIT_ROWS = 16;

function forfeitNotes(context: SummaryContext): ForfeitNoteRow[] {
  const rows = context.matchups.flatMap((matchup) => matchup.counters.notes().map((note: ForfeitNote) => ({ note, matchup })));
  return rows
    .sort((a, b) => a.note.game - b.note.game || a.note.seat - b.note.seat)
    .slice(0, MAX_FORFEIT_ROWS)
    .map(({ note, matchup }) => {
      const detail = matchup.forfeitDetail?.(note);
      return {
        game: note.game,
        seat: note.seat,
        strategy: matchup.seats[listedSeat(context.design, matchup, note)],
        reason: context.game.forfeitLabels[note.reason] ?? `reason ${note.reason}`,
        ...(detail === undefined ? {} : { detail }),
      };
    });
}

/** Which listed seat held the position of the note in its game (designs may rotate the seats). */
function listedSeat(design: DesignName, matchup: SummaryMatchup, note: ForfeitNote): number {
  const players = matchup.seats.length;
  return (note.seat + rotationOf(design, players, note.game - matchup.offset)) % players;
}

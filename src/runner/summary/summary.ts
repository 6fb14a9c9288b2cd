import { CounterLayout, Counters, Field, Global, PairField, type ForfeitNote } from '../play/counters.ts';
import { listedSeatsOf, seatingCount, seatingOf, type DesignName } from '../play/design.ts';
import { runRatings } from './ratings.ts';
import { round6 } from './rounding.ts';
import {
  blockRatio,
  blockStats,
  blockSummaries,
  gameInterval,
  rate,
  roundInterval,
  sampledDealGroups,
  seatEstimate,
  slotRoundSums,
  strategyUnits,
  type StrategyUnits,
} from './summary-intervals.ts';
import { metricSummary } from './summary-metrics.ts';
import type {
  CountRow,
  ForfeitNoteRow,
  MatchupSummary,
  PairRow,
  RunSummary,
  SeatSummary,
  StrategySummary,
  SummaryContext,
  SummaryMatchup,
} from './summary-types.ts';

/**
 * A run's summary assembled from its match-ups' counters: the schema is summary-types.ts, the
 * intervals summary-intervals.ts, the declared metrics summary-metrics.ts.
 */

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

function seatLabel(context: SummaryContext, seat: number): string {
  const names = new Set(context.matchups.flatMap((m) => (context.design === 'duplicate' ? m.seats : [m.seats[seat]])));
  return names.size === 1 ? [...names][0] : 'mixed';
}

function seatSummary(context: SummaryContext, counters: Counters, seat: number): SeatSummary {
  const { data, layout } = counters;
  const at = layout.seat(seat);
  const seatRounds = data[at + Field.ROUNDS];
  const roundWins = data[at + Field.ROUND_WIN_SHARE] / layout.shareUnits;
  const gameRate = rate(data[at + Field.GAME_WINS] / layout.shareUnits, data[at + Field.GAMES]);
  return {
    seat,
    strategy: seatLabel(context, seat),
    ...gameRate,
    ...gameInterval(gameRate, seatEstimate(context, seat)),
    rounds: seatRounds,
    roundWins: round6(roundWins),
    roundWinRate: seatRounds > 0 ? round6(roundWins / seatRounds) : 0,
  };
}

/** A strategy's game and round rates; `units` says what its game rate counts as one sample. */
function strategySummary(
  context: SummaryContext,
  counters: Counters,
  slot: number,
  units: StrategyUnits,
  blocks: ReturnType<typeof blockSummaries>[number],
): StrategySummary {
  const { data, layout } = counters;
  const name = context.strategies[slot];
  const at = layout.slot(slot);
  const roundWinShare = data[at + Field.ROUND_WIN_SHARE] / layout.shareUnits;
  const roundRate = rate(roundWinShare, data[at + Field.ROUNDS]);
  const gameRate = rate(data[at + Field.GAME_WINS] / layout.shareUnits, data[at + Field.GAMES]);
  const round = roundInterval(
    context,
    units.ci95Unit,
    slotRoundSums(name),
    () => blockRatio(counters, at + Field.ROUND_WIN_SHARE, at + Field.ROUNDS, at + Field.BLOCK_ROUND_WIN_SQUARES, layout.shareUnits),
    roundWinShare,
    data[at + Field.ROUNDS],
  );
  return {
    ...gameRate,
    ...gameInterval(gameRate, units),
    rounds: roundRate.games,
    roundWins: roundRate.wins,
    roundWinRate: roundRate.winRate,
    roundCi95: round.ci95,
    roundCi95Unit: round.ci95Unit,
    blocks: blockStats(blocks, units),
  };
}

function forfeitRows(context: SummaryContext, counters: Counters): CountRow[] {
  const { data, layout } = counters;
  return context.strategies.flatMap((strategy, slot) =>
    context.game.forfeitLabels.flatMap((what: string, index: number) => {
      const count = data[layout.forfeits(layout.slot(slot)) + index];
      return count > 0 ? [{ strategy, what, count }] : [];
    }),
  );
}

/** Every ordered pair of strategies that met: how often the first finished ahead, even finishes 1/2. */
function headToHeadRows(names: readonly string[], counters: Counters): PairRow[] {
  const { data, layout } = counters;
  return names.flatMap((strategy, slot) =>
    names.flatMap((opponent, other) => {
      const meetings = other === slot ? 0 : data[layout.pair(slot, other) + PairField.MEETINGS];
      if (meetings === 0) return [];
      const beats = data[layout.pair(slot, other) + PairField.BEATS];
      const lost = data[layout.pair(other, slot) + PairField.BEATS];
      return [{ strategy, opponent, score: round6((beats + (meetings - beats - lost) / 2) / meetings), meetings }];
    }),
  );
}

/** Turns a run's counters into the figures users read: win rates with 95% intervals over independent samples. */
export function summarizeRun(context: SummaryContext): RunSummary {
  const counters = pool(context);
  const { layout, data } = counters;
  const names = context.strategies;
  const games = data[Global.GAMES];
  const rounds = data[Global.ROUNDS];
  const blocks = blockSummaries(context);
  const units = names.map((name, slot) => strategyUnits(context, name, blocks[slot]));
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
    seats: Array.from({ length: layout.players }, (_, seat) => seatSummary(context, counters, seat)),
    strategies: Object.fromEntries(names.map((name, slot) => [name, strategySummary(context, counters, slot, units[slot], blocks[slot])])),
    metrics: layout.metrics.map((metric, index) =>
      metricSummary(
        context,
        counters,
        metric,
        index,
        units.map((unit) => unit.ci95Unit),
      ),
    ),
    forfeits: forfeitRows(context, counters),
    headToHead: headToHeadRows(names, counters),
    forfeitGames: forfeitNotes(context),
    strategyNames: names,
    matchups: context.matchups.map((matchup) => matchupSummary(context, matchup)),
    ...(context.ratings && games > 0 ? { ratings: runRatings(names, context.matchups, context.seed) } : {}),
    ...(context.matchups.length > 1 ? { dealGroups: sampledDealGroups(context) } : {}),
  };
}

/**
 * A match-up as the rating fit takes it: each listed seat's game wins. A design that moves the
 * listed seats around the table (the duplicate one) has every position played by each of them in
 * turn, so a position's wins are no seat's: they come from the strategy's slot then, and where the
 * strategy holds several listed seats, only their total is counted, split evenly among them.
 */
function matchupSummary(context: SummaryContext, matchup: SummaryMatchup): MatchupSummary {
  const { seats, slotNames } = matchup;
  const { data, layout } = matchup.counters;
  const fixed = seatingCount(context.design, seats.length) === 1;
  const winUnits = (name: string, seat: number) =>
    fixed
      ? data[layout.seat(seat) + Field.GAME_WINS]
      : data[layout.slot(slotNames.indexOf(name)) + Field.GAME_WINS] / seats.filter((other) => other === name).length;
  return {
    seats,
    players: seats.map((seat) => context.strategies.indexOf(seat)),
    games: data[Global.GAMES],
    wins: seats.map((name, seat) => round6(winUnits(name, seat) / layout.shareUnits)),
  };
}

const MAX_FORFEIT_ROWS = 16;

/** The forfeit notes a summary lists (the earliest games first), each with the index of its match-up. */
export function listedForfeitNotes(matchups: readonly Pick<SummaryMatchup, 'counters'>[]): { note: ForfeitNote; matchup: number }[] {
  const rows = matchups.flatMap((matchup, index) => matchup.counters.notes().map((note: ForfeitNote) => ({ note, matchup: index })));
  return rows.sort((a, b) => a.note.game - b.note.game || a.note.seat - b.note.seat).slice(0, MAX_FORFEIT_ROWS);
}

function forfeitNotes(context: SummaryContext): ForfeitNoteRow[] {
  return listedForfeitNotes(context.matchups).map(({ note, matchup: index }) => {
    const matchup = context.matchups[index];
    const detail = matchup.forfeitDetail?.(note);
    return {
      game: note.game,
      seat: note.seat,
      strategy: matchup.seats[listedSeat(context.design, matchup, note)],
      reason: context.game.forfeitLabels[note.reason] ?? `reason ${note.reason}`,
      ...(detail === undefined ? {} : { detail }),
      ...(matchup.arm === undefined ? {} : { arm: matchup.arm }),
    };
  });
}

/** Which listed seat held the position of the note in its game (designs may move the seats). */
export function listedSeat(design: DesignName, matchup: Pick<SummaryMatchup, 'seats' | 'offset'>, note: ForfeitNote): number {
  const players = matchup.seats.length;
  return listedSeatsOf(players, seatingOf(design, players, note.game - matchup.offset))[note.seat];
}

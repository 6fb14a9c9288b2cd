import { Errors } from '../../core/errors.ts';
import { oneLineDetail } from '../../core/forfeits.ts';
import type { Game, GameState, PlayerView, RuleValues } from '../../core/game.ts';
import { masterKey, type MasterKey } from '../../core/random.ts';
import type { Registry } from '../../core/registry.ts';
import { parseStrategySpec, type StrategySpec } from '../../core/strategy-spec.ts';
import { CounterLayout, Counters } from './counters.ts';
import { resolveStrategy, type ResolvedStrategy } from './loading/strategies.ts';
import { Table, type SeatPlayer } from './table.ts';
import type { LoadCheck } from './confined/load-check.ts';

/** One match-up as plain data: what job.json stores and what a worker needs to rebuild it. */
export interface MatchSpec {
  readonly game: string;
  /** One strategy spec per seat, in seat order. */
  readonly seats: readonly string[];
  readonly rules: Readonly<Record<string, string>>;
  readonly seed: string;
  /** Deal groups its counters keep (CounterLayout.dealGroups); all of them when absent. */
  readonly dealGroups?: number;
}

/** A match-up with its strategies loaded and checked, ready to build tables. */
export interface PreparedMatch {
  readonly spec: MatchSpec;
  readonly game: Game<any, any>;
  readonly rules: RuleValues;
  readonly key: MasterKey;
  /** Distinct strategies, by first appearance; seats playing the same spec share a slot. */
  readonly slots: readonly ResolvedStrategy[];
  readonly seatSlot: Int32Array;
  readonly layout: CounterLayout;
}

/**
 * Turns a strategy spec into a loaded strategy; hosts of other kinds of seats pass their own.
 * `check`: strategy files are loaded first on a thread of their own (see load-check.ts).
 */
export type StrategyResolver = (registry: Registry, gameId: string, spec: StrategySpec, check?: LoadCheck) => Promise<ResolvedStrategy>;

export async function prepareMatch(
  registry: Registry,
  spec: MatchSpec,
  resolve: StrategyResolver = resolveStrategy,
): Promise<PreparedMatch> {
  const game = registry.game(spec.game);
  const players = spec.seats.length;
  if (players < game.minPlayers || players > game.maxPlayers) {
    throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  }
  const rules = game.parseRules(spec.rules);
  const texts = [...new Set(spec.seats.map((seat) => parseStrategySpec(seat).text))];
  const slots = await Promise.all(texts.map((text) => resolve(registry, game.id, parseStrategySpec(text))));
  const seatSlot = Int32Array.from(spec.seats.map((seat) => texts.indexOf(parseStrategySpec(seat).text)));
  const { tally } = game.createState(players, rules) as GameState;
  return {
    spec,
    game,
    rules,
    key: masterKey(spec.seed),
    slots,
    seatSlot,
    layout: new CounterLayout(tally.shape, tally.shareUnits, slots.length, spec.dealGroups),
  };
}

/**
 * Whether any seat plays a strategy file rather than a built-in: parlor times its calls, and plays
 * them on worker threads where it can, whose heap limit holds one that hoards.
 */
export function seatsUntrusted(match: PreparedMatch): boolean {
  return untrustedSpecs(match).length > 0;
}

/** The specs of the match-up's strategy files (seatsUntrusted), as a message names them. */
export function untrustedSpecs(match: PreparedMatch): string[] {
  return match.slots.filter((slot) => slot.definition.trusted !== true).map((slot) => slot.spec.text);
}

/**
 * The strategy listed for seat `listed`, created for position `position`: a design that moves the
 * seats (design.ts) makes one for each position the seat takes.
 */
export function createSeat(match: PreparedMatch, listed: number, position: number): SeatPlayer<PlayerView> {
  const slot = match.slots[match.seatSlot[listed]];
  let strategy;
  try {
    strategy = slot.definition.create({ seat: position, players: match.spec.seats.length, rules: match.rules, params: slot.params });
  } catch (error) {
    // The message is the strategy's own words: one line, so it cannot pass for parlor's.
    throw Errors.badStrategyModule(
      slot.spec.text,
      `failed to start: ${oneLineDetail(error instanceof Error ? error.message : String(error))}`,
    );
  }
  return { strategy, trusted: slot.definition.trusted === true };
}

/** A table with these seats at its positions; by default the seats as listed. */
export function createTable(
  match: PreparedMatch,
  seats: readonly SeatPlayer<PlayerView>[] = match.spec.seats.map((_, seat) => createSeat(match, seat, seat)),
): Table<GameState, PlayerView> {
  return new Table(match.game, match.rules, seats);
}

export function newCounters(match: PreparedMatch): Counters {
  return new Counters(match.layout);
}

import { Errors } from '../core/errors.ts';
import type { Game, GameState, PlayerView, RuleValues } from '../core/game.ts';
import { masterKey, type MasterKey } from '../core/random.ts';
import type { Registry } from '../core/registry.ts';
import { parseStrategySpec } from '../core/strategy-spec.ts';
import { CounterLayout, Counters } from './counters.ts';
import { resolveStrategy, type ResolvedStrategy } from './strategies.ts';
import { Table, playGame } from './table.ts';

/** One match-up as plain data: what job.json stores and what a worker needs to rebuild it. */
export interface MatchSpec {
  readonly game: string;
  /** One strategy spec per seat, in seat order. */
  readonly seats: readonly string[];
  readonly rules: Readonly<Record<string, string>>;
  readonly seed: string;
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

export async function prepareMatch(registry: Registry, spec: MatchSpec): Promise<PreparedMatch> {
  const game = registry.game(spec.game);
  const players = spec.seats.length;
  if (players < game.minPlayers || players > game.maxPlayers) {
    throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  }
  const rules = game.parseRules(spec.rules);
  const texts = [...new Set(spec.seats.map((seat) => parseStrategySpec(seat).text))];
  const slots = await Promise.all(texts.map((text) => resolveStrategy(registry, game.id, parseStrategySpec(text))));
  const seatSlot = Int32Array.from(spec.seats.map((seat) => texts.indexOf(parseStrategySpec(seat).text)));
  const probe = game.createState(players, rules) as GameState;
  return {
    spec,
    game,
    rules,
    key: masterKey(spec.seed),
    slots,
    seatSlot,
    layout: new CounterLayout(probe.tally.shape, slots.length),
  };
}

export function createTable(match: PreparedMatch): Table<GameState, PlayerView> {
  const players = match.spec.seats.length;
  const seats = Array.from({ length: players }, (_, seat) => {
    const slot = match.slots[match.seatSlot[seat]];
    return {
      strategy: slot.definition.create({ seat, players, rules: match.rules, params: slot.params }),
      trusted: slot.definition.trusted === true,
    };
  });
  return new Table(match.game, match.rules, seats);
}

/** Plays games [from, to) on one table and adds them to `counters`. */
export function playRange(match: PreparedMatch, table: Table<GameState, PlayerView>, counters: Counters, from: number, to: number): void {
  const shares = new Float64Array(table.players);
  for (let gameIndex = from; gameIndex < to; gameIndex++) {
    playGame(table, match.key, gameIndex);
    table.game.returns(table.state, shares);
    counters.recordGame(table.state.tally, shares, match.seatSlot);
  }
}

export function newCounters(match: PreparedMatch): Counters {
  return new Counters(match.layout);
}

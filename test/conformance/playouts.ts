// What the conformance suite plays with, built on the game contract alone: no game's own code.
import { GameEvent } from '../../src/core/events.ts';
import type { Game, GameState, PlayerView, RuleValues } from '../../src/core/game.ts';
import { isParlorError } from '../../src/core/errors.ts';
import { Rng, Streams, masterKey, type MasterKey } from '../../src/core/random.ts';
import type { Strategy } from '../../src/core/strategy.ts';
import { Table, playGame, type SeatPlayer, type TableObserver } from '../../src/runner/play/table.ts';

export type AnyGame = Game<GameState, PlayerView>;

/** Where a game's rules set no bound on its length (maxDecisions is Infinity), the suite's own. */
export const MAX_DECISIONS = 20_000;

/** One table the suite plays: a player count and a rule set (each value of a `profile` option, when the game has one). */
export interface Configuration {
  readonly players: number;
  readonly label: string;
  readonly rules: RuleValues;
}

export function configurations(game: AnyGame): Configuration[] {
  const profile = game.ruleOptions.find((option) => option.name === 'profile');
  const profiles = profile && Array.isArray(profile.values) ? (profile.values as readonly string[]) : [null];
  const list: Configuration[] = [];
  for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
    for (const name of profiles) {
      const rules = game.parseRules(name === null ? {} : { profile: name });
      list.push({ players, label: name === null ? 'default rules' : `profile ${name}`, rules });
    }
  }
  return list;
}

/** Whether the rules allow this table: a game may refuse a player count under some rules, with a clear error. */
export function refusal(game: AnyGame, config: Configuration): Error | null {
  try {
    game.createState(config.players, config.rules);
    return null;
  } catch (error) {
    if (!isParlorError(error)) throw error;
    return error;
  }
}

/** Uniform among the legal actions, from its seat's own stream. */
export class UniformChoice implements Strategy<PlayerView> {
  readonly observes: boolean;

  constructor(observes = false) {
    this.observes = observes;
  }

  restart(): void {}

  inform(): void {}

  choose(_view: PlayerView, legal: Int32Array, count: number, rng: Rng): number {
    return legal[rng.int(count)];
  }
}

/** Plays back one seat's recorded choices, in order, observing everything it is told. */
export class ScriptedChoice implements Strategy<PlayerView> {
  readonly observes = true;
  private readonly choices: readonly number[];
  private next = 0;

  constructor(choices: readonly number[]) {
    this.choices = choices;
  }

  restart(): void {}

  inform(): void {}

  choose(): number {
    return this.choices[this.next++];
  }
}

// FNV-1a over 32-bit words: cheap, and any changed input changes the hash with high probability.
function mix(hash: number, value: number): number {
  return Math.imul(hash ^ (value & 0xffff) ^ (value >>> 16), 0x01000193) >>> 0;
}

/**
 * Chooses by a hash of every record it was told, of every number its view holds and of the legal
 * list: whatever differs in what the seat learns shows up as a different choice.
 */
export class DigestChoice implements Strategy<PlayerView> {
  readonly observes = true;
  readonly choices: number[] = [];
  private digest = 0x811c9dc5;

  restart(): void {
    this.digest = mix(this.digest, 0x5eed);
  }

  inform(event: GameEvent): void {
    for (const value of [event.recipients, event.kind, event.a, event.b, event.c, event.d]) this.digest = mix(this.digest, value);
  }

  choose(view: PlayerView, legal: Int32Array, count: number): number {
    let hash = mix(this.digest, count);
    for (let i = 0; i < count; i++) hash = mix(hash, legal[i]);
    for (const value of viewNumbers(view)) hash = mix(hash, value);
    const action = legal[hash % count];
    this.choices.push(action);
    return action;
  }
}

/** Every number a view holds in its own fields and typed arrays, in field order. */
function viewNumbers(view: PlayerView): number[] {
  const numbers: number[] = [];
  for (const value of Object.values(view)) {
    if (typeof value === 'number') numbers.push(value);
    else if (typeof value === 'boolean') numbers.push(value ? 1 : 0);
    else if (ArrayBuffer.isView(value) && !(value instanceof DataView)) for (const item of value as Int32Array) numbers.push(Number(item));
  }
  return numbers;
}

/** Everything a table shows its observer: each record with its recipients, each choice, each forfeit. */
export class Recorder implements TableObserver {
  readonly log: string[] = [];
  readonly events: GameEvent[] = [];
  readonly actions: { seat: number; action: number }[] = [];

  onEvent(event: GameEvent): void {
    const copy = Object.assign(new GameEvent(), event);
    this.events.push(copy);
    this.log.push(`event ${copy.recipients} ${copy.kind} ${copy.a} ${copy.b} ${copy.c} ${copy.d}`);
  }

  onAction(seat: number, action: number): void {
    this.actions.push({ seat, action });
    this.log.push(`action ${seat} ${action}`);
  }

  onForfeit(seat: number, reason: number): void {
    this.log.push(`forfeit ${seat} ${reason}`);
  }
}

export function uniformTable(game: AnyGame, config: Configuration, observes = false): Table {
  const seats: SeatPlayer<PlayerView>[] = Array.from({ length: config.players }, () => ({
    strategy: new UniformChoice(observes),
    trusted: true,
  }));
  return new Table(game, config.rules, seats);
}

/** Plays game `index` of `seed` on `table` and returns all its observer saw. */
export function recordGame(table: Table, seed: string, index: number): Recorder {
  const recorder = new Recorder();
  table.observer = recorder;
  try {
    playGame(table, masterKey(seed), index);
  } finally {
    table.observer = null;
  }
  return recorder;
}

/** A seat's stream for the suite's own random choices, derived like a table's. */
export function seatRng(key: MasterKey, index: number, seat: number): Rng {
  return new Rng().seed(key, index, Streams.SEAT, seat);
}

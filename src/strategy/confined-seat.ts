// Runs inside a confined strategy's compartment, bundled with the strategy's file (see
// src/runner/play/confined/bundle.ts). It lives with the strategy API, not the runner: it runs
// beside the strategy and may reach only what a strategy may, the games and core.
// It is evaluated before the strategy's own modules, so the intrinsics it keeps here are the ones
// the compartment began with, whatever the strategy later puts on its global object.
import { GameEvent, setRecord } from '../core/events.ts';
import type { Game, PlayerView, RuleValues } from '../core/game.ts';
import { Rng } from '../core/random.ts';
import type { ParamValue, Strategy, StrategyDefinition } from '../core/strategy.ts';
import { NO_STRATEGY_EXPORTED, exportedStrategies } from '../core/strategy-exports.ts';

const { parse, stringify } = JSON;
const Int32ArrayOf = Int32Array;
const freeze = Object.freeze;
const isNaNumber = Number.isNaN;

/**
 * One seat as the runner outside sees it: functions of numbers and strings, and two buffers it
 * fills. Nothing the runner holds ever comes in, so the strategy never touches an object of the
 * runner's realm (whose constructors would lead back to Node).
 */
export interface ConfinedSeat {
  readonly observes: boolean;
  /** The legal actions of the next choice, written by the runner. */
  readonly legal: Int32Array;
  /** The seat's stream state, in before a choice and out after it. */
  readonly words: Int32Array;
  /** '' when all went well, else why it failed. */
  restart(): string;
  inform(recipients: number, kind: number, a: number, b: number, c: number, d: number): string;
  /** The chosen action, or NaN (then `failure` says why). */
  choose(count: number): number;
  failure(): string;
  /** Where the last failure was thrown, as "line:column" of the bundle; '' when unknown. */
  failedAt(): string;
}

export interface ConfinedModule {
  /** JSON of the definition's name, game, summary and params, or of `{ error }`. */
  describe(): string;
  /** The seat, or why its strategy's `create` failed. */
  seat(seat: number, players: number, rules: string, params: string): ConfinedSeat | string;
}

/** The message, led by the error's kind unless it is a plain Error (whose kind says nothing). */
function reason(error: unknown): string {
  try {
    if (!(error instanceof Error)) return String(error);
    return error.name === 'Error' ? error.message : `${error.name}: ${error.message}`;
  } catch {
    return 'threw a value that cannot be shown';
  }
}

// The realm's own (realm.ts), taken before the strategy's modules run: it reads an error's place,
// which a compartment's errors do not show.
const placeOf: (error: unknown) => string =
  typeof (globalThis as { parlorThrownAt?: unknown }).parlorThrownAt === 'function'
    ? (globalThis as unknown as { parlorThrownAt: (error: unknown) => string }).parlorThrownAt
    : () => '';
let failedAt = '';

function attempt(call: () => void): string {
  try {
    call();
    return '';
  } catch (error) {
    failedAt = placeOf(error);
    return reason(error);
  }
}

/** The strategy file's `module`, its seats played with its game among `games` (each game's strategy API's default export). */
export function confinedModule(module: Record<string, unknown>, games: readonly Game<any, any>[]): ConfinedModule {
  const definition: StrategyDefinition<any> | undefined = exportedStrategies(module)[0];
  return freeze({
    describe(): string {
      if (!definition) return stringify({ error: NO_STRATEGY_EXPORTED });
      const { name, game, summary, params } = definition;
      return stringify({ name, game, summary: typeof summary === 'string' ? summary : '', params: params ?? [] });
    },
    seat(seat: number, players: number, rules: string, params: string): ConfinedSeat | string {
      try {
        const game = games.find((candidate) => candidate.id === definition!.game)!;
        return openSeat(game, definition!, seat, players, parse(rules) as RuleValues, parse(params) as Record<string, ParamValue>);
      } catch (error) {
        return reason(error);
      }
    },
  });
}

function openSeat(
  game: Game<any, any>,
  definition: StrategyDefinition<any>,
  seat: number,
  players: number,
  rules: RuleValues,
  params: Record<string, ParamValue>,
): ConfinedSeat {
  const view: PlayerView = game.createView(players, seat, rules);
  const strategy: Strategy<any> = definition.create(freeze({ seat, players, rules: freeze(rules), params: freeze(params) }));
  const rng = new Rng();
  const legal = new Int32ArrayOf(game.maxActions);
  const words = new Int32ArrayOf(4);
  let event = new GameEvent();
  let restartPending = false;
  let failure = '';
  return freeze({
    observes: strategy.observes === true,
    legal,
    words,
    restart: () => {
      // The runner's own view sees the round's first record before the strategy hears of the
      // restart; this one does too, in inform.
      restartPending = true;
      return '';
    },
    inform(recipients: number, kind: number, a: number, b: number, c: number, d: number): string {
      return attempt(() => {
        try {
          setRecord(event, recipients, kind, a, b, c, d);
        } catch {
          // The strategy froze or rewired its event: it gets a fresh one, as in the runner's loop.
          event = setRecord(new GameEvent(), recipients, kind, a, b, c, d);
        }
        view.observe(event);
        if (restartPending) {
          restartPending = false;
          strategy.restart();
        }
        strategy.inform(event);
      });
    },
    choose(count: number): number {
      let action = NaN;
      failure = attempt(() => {
        rng.loadState(words);
        const chosen: unknown = strategy.choose(view, legal, count, rng);
        rng.saveState(words);
        if (typeof chosen !== 'number' || isNaNumber(chosen)) throw new TypeError(`choose returned ${typeof chosen}, not an action`);
        action = chosen;
      });
      return action;
    },
    failure: () => failure,
    failedAt: () => failedAt,
  });
}

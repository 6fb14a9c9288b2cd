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
/** Events a seat's buffer holds; more wait on the runner's side, handed over a buffer at a time. */
const PENDING_RECORDS = 128;

/** Numbers per record of `ConfinedSeat.records`: whether the strategy restarts first, then the event's six fields. */
export const RECORD_INTS = 7;

/**
 * One seat as the runner outside sees it: functions of numbers and strings, and buffers it fills.
 * Nothing the runner holds ever comes in, so the strategy never touches an object of the
 * runner's realm (whose constructors would lead back to Node).
 *
 * The seat's events wait in `records` and cross with its next choice, in one call the runner
 * times once (a Hearts seat hears six or seven events per choice). The strategy hears them all,
 * in order, before it chooses, as it would one by one: it has no clock or channel by which to
 * tell when.
 */
export interface ConfinedSeat {
  readonly observes: boolean;
  /** The legal actions of the next choice, written by the runner. */
  readonly legal: Int32Array;
  /** The seat's stream state, in before a choice and out after it. */
  readonly words: Int32Array;
  /** Events not yet delivered, RECORD_INTS numbers each, written by the runner. */
  readonly records: Int32Array;
  /** Delivers the first `count` records: '' when all went well, else why it failed. */
  deliver(count: number): string;
  /** Delivers the first `pending` records, then chooses: the action, or NaN (then `failure` says why). */
  choose(pending: number, count: number): number;
  failure(): string;
  /** Where the last failure was thrown, as "line:column" of the bundle; '' when unknown. */
  failedAt(): string;
}

/**
 * What the runner calls to play a strategy file: every answer is text, or a seat this module made.
 * A failure of the strategy's code comes back as the text of its reason (the realm's
 * parlorReason), made within the call that failed: nothing the strategy made crosses.
 */
export interface ConfinedModule {
  /** JSON of the definition's name, game, summary and params, or of `{ error }`. */
  describe(): string;
  /** The seat, or why its strategy's `create` failed. */
  seat(seat: number, players: number, rules: string, params: string): ConfinedSeat | string;
}

/** What the realm (realm.ts) gives each compartment besides the built-ins. */
interface RealmEndowments {
  /** Where an error was thrown, as "line:column" of the bundle ('' when unknown): a compartment's errors show no stack. */
  parlorThrownAt(error: unknown): string;
  /** Why the strategy's code threw, as text of bounded length. */
  parlorReason(error: unknown): string;
  /** Hands the runner the compartment's ConfinedModule: only the first call counts. */
  parlorExport(module: ConfinedModule): void;
}

// The realm's own, taken before the strategy's modules run, so they are the ones the compartment
// began with. The runner's realm reads this module only for RECORD_INTS, and has none of them.
const { parlorThrownAt, parlorReason, parlorExport } = globalThis as Partial<RealmEndowments>;
let failedAt = '';

/** The reason of an error the strategy threw, its place kept for failedAt. */
function failed(error: unknown): string {
  failedAt = parlorThrownAt!(error);
  return parlorReason!(error);
}

/** The strategy the seats play; confinedModule sets it once the strategy's modules have run. */
let definition: StrategyDefinition<any> | undefined;
/** The games among which a seat finds its strategy's: each game's strategy API's default export. */
let gamesPlayed: Readonly<Record<string, () => Game<any, any>>> = {};

/** Plays the strategy file's `module`, with its game among `games`, in the seats the runner asks for. */
export function confinedModule(module: Record<string, unknown>, games: Readonly<Record<string, () => Game<any, any>>>): void {
  definition = exportedStrategies(module)[0];
  gamesPlayed = games;
}

// Exported to the runner now, before the strategy's modules run (the bundle evaluates them after
// this one), so whatever they export or hand the realm themselves, this is what the runner calls.
parlorExport?.(
  freeze({
    describe(): string {
      try {
        if (!definition) return stringify({ error: NO_STRATEGY_EXPORTED });
        const { name, game, summary, params } = definition;
        return stringify({ name, game, summary: typeof summary === 'string' ? summary : '', params: params ?? [] });
      } catch (error) {
        return stringify({ error: `failed to load: ${parlorReason!(error)}` });
      }
    },
    seat(seat: number, players: number, rules: string, params: string): ConfinedSeat | string {
      try {
        const game = gamesPlayed[definition!.game]!();
        return openSeat(game, definition!, seat, players, parse(rules) as RuleValues, parse(params) as Record<string, ParamValue>);
      } catch (error) {
        return parlorReason!(error);
      }
    },
  }),
);

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
  const records = new Int32ArrayOf(PENDING_RECORDS * RECORD_INTS);
  let event = new GameEvent();
  let failure = '';

  /** Tells the view and the strategy the first `count` records. */
  function hear(count: number): void {
    for (let at = 0; at < count * RECORD_INTS; at += RECORD_INTS) {
      try {
        setRecord(event, records[at + 1], records[at + 2], records[at + 3], records[at + 4], records[at + 5], records[at + 6]);
      } catch {
        // The strategy froze or rewired its event: it gets a fresh one, as in the runner's loop.
        event = setRecord(
          new GameEvent(),
          records[at + 1],
          records[at + 2],
          records[at + 3],
          records[at + 4],
          records[at + 5],
          records[at + 6],
        );
      }
      // The view sees the round's first record before the strategy hears of the restart, as the runner's views do.
      view.observe(event);
      if (records[at] !== 0) strategy.restart();
      strategy.inform(event);
    }
  }

  return freeze({
    observes: strategy.observes === true,
    legal,
    words,
    records,
    deliver(count: number): string {
      try {
        hear(count);
        return '';
      } catch (error) {
        return failed(error);
      }
    },
    choose(pending: number, count: number): number {
      try {
        hear(pending);
        rng.loadState(words);
        const chosen: unknown = strategy.choose(view, legal, count, rng);
        rng.saveState(words);
        if (typeof chosen === 'number' && !isNaNumber(chosen)) return chosen;
        // In parlor's words, with no place: no line of the strategy's file threw.
        failure = `choose returned ${typeof chosen === 'number' ? 'NaN' : typeof chosen}, not an action`;
        failedAt = '';
        return NaN;
      } catch (error) {
        failure = failed(error);
        return NaN;
      }
    },
    failure: () => failure,
    failedAt: () => failedAt,
  });
}

import type { GameEvent } from './events.ts';
import type { PlayerView, RuleValues } from './game.ts';
import type { Rng } from './random.ts';

/**
 * A strategy plays one seat. It is created once per seat, told `restart` at each round, shown
 * every event its player receives, and asked to choose among the legal actions. Everything it
 * knows comes through `inform` and the view, exactly what a bot on the protocol would learn.
 */
export interface Strategy<V extends PlayerView = PlayerView> {
  /**
   * False for strategies that need neither events nor the view (random play): the loop then
   * skips decoding events for this seat, which is most of the cost of a fast game.
   */
  readonly observes: boolean;
  /**
   * A trusted built-in that reads no events, only its view, and accepts the game's state view
   * (Game.createStateView) in its place: the table then hands it that view and decodes no events
   * for its seat. Ignored for strategies that are not trusted, which always get the event view.
   */
  readonly readsState?: boolean;
  /**
   * Optional, for a readsState strategy: its choice from the state view alone, asking the view
   * whether an action is legal instead of reading a list, or -1 where it wants the listed actions
   * after all (the table then lists them and calls `choose`). What it returns is what `choose`
   * would return given the list: the table calls it first only to spare the listing.
   */
  decide?(view: V, rng: Rng): number;
  /**
   * The strategy keeps, from the events it is told, the view it reads itself, and ignores the
   * one `choose` is handed (a confined file's seat): the table then does not update that one, and
   * tells it the event it decoded for the whole table, which the strategy must neither keep nor change.
   */
  readonly ownView?: boolean;
  restart(): void;
  inform(event: GameEvent): void;
  /** Returns one of legal[0 .. count-1]; `rng` is this seat's own stream. */
  choose(view: V, legal: Int32Array, count: number, rng: Rng): number;
}

/** The value of a strategy parameter, as `name:key=value` gives it once parsed. */
export type ParamValue = number | string | boolean;

/** One parameter a strategy declares (StrategyDefinition.params), so the command line and tuning can check and set it. */
export interface ParamSpec {
  readonly name: string;
  readonly type: 'integer' | 'number' | 'string' | 'boolean';
  readonly default: ParamValue;
  readonly min?: number;
  readonly max?: number;
  readonly help: string;
}

/** What a strategy is told when a seat of it is made: its seat, the table's size and rules, and its parameters. */
export interface StrategyContext {
  readonly seat: number;
  readonly players: number;
  readonly rules: RuleValues;
  readonly params: Readonly<Record<string, ParamValue>>;
}

/** What a strategy module exports: a named, described maker of seats for one game. */
export interface StrategyDefinition<V extends PlayerView = PlayerView> {
  readonly name: string;
  /** The game id this strategy plays. */
  readonly game: string;
  /** One line for `parlor strategies`. */
  readonly summary: string;
  readonly params: readonly ParamSpec[];
  /**
   * Built-ins are trusted to return legal actions, so the loop uses the fast apply; anything
   * loaded from a user's file goes through the checked apply.
   */
  readonly trusted?: boolean;
  create(context: StrategyContext): Strategy<V>;
}

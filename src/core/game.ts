import type { EventLog, GameEvent } from './events.ts';
import type { MetricSpec } from './metrics.ts';
import type { MasterKey } from './random.ts';
import type { GameTally } from './tally.ts';

/** What every game's state carries for the harness; the rest is the game's own typed arrays. */
export interface GameState {
  readonly players: number;
  readonly events: EventLog;
  readonly tally: GameTally;
}

/** What a strategy is shown: maintained only from the events its player receives. */
export interface PlayerView {
  readonly seat: number;
  readonly players: number;
  /** Forget everything: a new round (or game) begins. */
  reset(): void;
  observe(event: GameEvent): void;
}

/** A rule set as plain data, so it can be stored in job.json and compared on resume. */
export type RuleValues = Readonly<Record<string, string | number | boolean>>;

export interface RuleOption {
  readonly name: string;
  readonly values: readonly string[] | 'integer' | 'boolean';
  readonly default: string | number | boolean;
  readonly help: string;
}

/**
 * The one contract every game implements. Actions are small integers; the state is created once
 * per worker and reset per game. `apply` trusts its input (built-in strategies, replays);
 * `applyChecked` validates untrusted input and returns a forfeit reason instead of applying.
 */
export interface Game<S extends GameState = GameState, V extends PlayerView = PlayerView> {
  readonly id: string;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** An upper bound on legalActions' count, for sizing the caller's buffer. */
  readonly maxActions: number;
  readonly ruleOptions: readonly RuleOption[];
  /** The event kind that opens a round for its recipient: strategies are told `restart` on it. */
  readonly roundStartEvent: number;
  /** What the game calls one of its rounds, in the singular and plural ('hand', 'hands'). */
  readonly roundName: readonly [string, string];
  /** What the game counts beyond wins: its tally, summary, CSV tables and charts follow from these. */
  readonly metrics: readonly MetricSpec[];
  /** Labels of forfeit reasons: the shared codes, then the game's own invalid-move codes. */
  readonly forfeitLabels: readonly string[];

  /** Validates `key=value` pairs and fills in the defaults. Throws ParlorError on bad input. */
  parseRules(pairs: Readonly<Record<string, string>>): RuleValues;
  createState(players: number, rules: RuleValues): S;
  /** Starts game number `game`: its deals come from streams of (key, game, round). */
  reset(state: S, key: MasterKey, game: number): void;
  isTerminal(state: S): boolean;
  /** The seat that must act now; -1 when the game is over. */
  currentPlayer(state: S): number;
  legalActions(state: S, out: Int32Array): number;
  apply(state: S, action: number): void;
  /** 0 and applied when legal; otherwise a forfeit reason and the state is unchanged. */
  applyChecked(state: S, action: number): number;
  /** The current player forfeits for `reason` and leaves the round with the cards it holds. */
  forfeit(state: S, reason: number): void;
  /** Each seat's share of the game win (shared wins split equally). */
  returns(state: S, out: Float64Array): void;

  createView(players: number, seat: number, rules: RuleValues): V;
  /** The number the protocol gives seat 0 (1 when players are counted from one). */
  wireBase(rules: RuleValues): number;
  /** Protocol syntax, as the seat's bot would send it. */
  actionToString(action: number, rules: RuleValues): string;
  /** The reverse of actionToString; a negative result is minus a forfeit reason. */
  parseAction(text: string, players: number, rules: RuleValues): number;
  /** The protocol line(s) `seat` receives for this record; '' for records no bot is sent. */
  formatEvent(event: GameEvent, seat: number, rules: RuleValues): string;
  /** A transcript comment for records no bot is sent (a round's end); '' for none. */
  formatComment(event: GameEvent, rules: RuleValues): string;
}

import type { EventLog, GameEvent } from './events.ts';
import type { MetricSpec } from './metrics.ts';
import type { MasterKey, Rng } from './random.ts';
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
  /** Every action is an integer in [0, actionSpace): tables indexed by action can be sized from it. */
  readonly actionSpace: number;
  /**
   * What `scores` holds: the game's own points beside the win shares ('round wins', 'points').
   * `tieBreak` names what decides between seats tied on the score, when the rules say ('fewer
   * turns'); without it the seats with the best score are exactly the winners.
   */
  readonly scoreName: { readonly label: string; readonly lowerIsBetter: boolean; readonly tieBreak?: string };
  readonly ruleOptions: readonly RuleOption[];
  /** The event kind that opens a round for its recipient: strategies are told `restart` on it. */
  readonly roundStartEvent: number;
  /** What the game calls one of its rounds, in the singular and plural ('hand', 'hands'); 'game' for a game of one round. */
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
  /**
   * Writes the current player's legal actions, each once, and returns their count. The order is the
   * game's own and must stay fixed: seeded strategies choose by position in the list.
   */
  legalActions(state: S, out: Int32Array): number;
  apply(state: S, action: number): void;
  /** 0 and applied when legal; otherwise a forfeit reason and the state is unchanged. */
  applyChecked(state: S, action: number): number;
  /**
   * The current player forfeits for `reason` (a bad move, a timeout, a crash), by the game's own
   * rule: Love Letter puts it out of the round, Hearts ends the game with it placed last; a game
   * whose rules say so may play a default move for it instead.
   */
  forfeit(state: S, reason: number): void;
  /** Each seat's share of the game win (shared wins split equally). */
  returns(state: S, out: Float64Array): void;
  /** Each seat's score so far, in the game's own points (see scoreName). */
  scores(state: S, out: Float64Array): void;
  /** An upper bound on the decisions one game can take under these rules; Infinity where they set none. */
  maxDecisions(players: number, rules: RuleValues): number;

  createView(players: number, seat: number, rules: RuleValues): V;

  // Resampling (OpenSpiel's ResampleFromInfostate): what a search player imagines behind a seat's
  // view. Search states are private to the strategy that made them, so nothing here is shared.
  /**
   * A state for imagined play from one seat's decision: it ends when the round in play ends (so
   * `returns` are that round's shares) and logs no events.
   */
  createSearchState(players: number, rules: RuleValues): S;
  /**
   * Fills `state` (from createSearchState) with a full position at `view`'s seat's decision, its
   * hidden part drawn at random consistently with everything `view` holds and nothing else: the
   * seat sees there exactly its own view, and its legal actions are the real ones. Each game's
   * resample.ts says where the draw is the exact posterior over what the view keeps and where it
   * approximates it. Returns false where the game cannot place such a decision from the view (the state
   * is then unspecified). Allocates nothing once warm.
   */
  resample(state: S, view: V, rng: Rng): boolean;

  // Words for people (transcripts, replays): never sent to a bot nor read from one. A game's wire
  // protocol, in src/games/<id>/wire/, is what bots speak.
  /** An action in words. */
  actionToString(action: number, rules: RuleValues): string;
  /** The number people know `seat` by (Love Letter's classic numbering counts from 1). */
  seatNumber(seat: number, rules: RuleValues): number;
  /** What `seat` learns from this record, a line per message; '' when it is not told it as a message. */
  describeEvent(event: GameEvent, seat: number, rules: RuleValues): string;
  /** Commentary for a record no seat is told as a message (a round's end); '' for none. */
  describeComment(event: GameEvent, rules: RuleValues): string;
}

/**
 * A game's applyChecked from its legality check and its trusted apply: the state changes only when
 * the check finds nothing wrong, and the check's reason is the forfeit reason.
 */
export function checkedApply<S>(illegalReason: (state: S, action: number) => number, apply: (state: S, action: number) => void) {
  return (state: S, action: number): number => {
    const reason = illegalReason(state, action);
    if (reason === 0) apply(state, action);
    return reason;
  };
}

/** A game's returns where its state keeps each seat's share of the win in `shares`. */
export function sharesOf(state: { readonly shares: Float64Array }, out: Float64Array): void {
  out.set(state.shares);
}

/** Whether a game is a single round (it names its round 'game'), so that its round figures are its game figures. */
export function playsOneRound(roundName: readonly [string, string]): boolean {
  return roundName[0] === 'game';
}

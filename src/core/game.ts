import type { EventLog, GameEvent } from './events.ts';
import type { MetricSpec } from './metrics.ts';
import type { PlayerView } from './player-view.ts';
import type { MasterKey, Rng } from './random.ts';
import type { RuleOption, RuleValues } from './rule-options.ts';
import type { GameTally } from './tally.ts';
import type { WireProtocol } from './wire.ts';

// The contract's parts that the wire contract shares, defined below both and named here too.
export type { PlayerView } from './player-view.ts';
export type { RuleOption, RuleValues } from './rule-options.ts';

/** What every game's state carries for the harness; the rest is the game's own typed arrays. */
export interface GameState {
  readonly players: number;
  readonly events: EventLog;
  readonly tally: GameTally;
}

/**
 * A figure that ranks strategies by strength, read per strategy from the run's counters as a ratio
 * of two sums (value over units), so it can be estimated over any design's independent blocks:
 *
 * - `game-wins`: game wins (a win shared by k counted 1/k) per seat-game, the win share;
 * - `round-wins`: round wins (shared 1/k) per round played, for games of many rounds;
 * - `metric`: a moments metric's values per record, under one of its labels (the first when
 *   `label` is absent): Hearts' points per hand. Its `span` is about the widest gap between two
 *   players' values per record (Hearts: the 26 points a hand deals out), which puts a difference
 *   on the win share's scale of -1 to 1 where one is needed (tuning's score); shares span 1.
 *
 * Commands that decide or rank (compare, sim --until-clear, tuning) read a game's first measure
 * unless told another by id.
 */
export interface Measure {
  /** Stable identifier, as `--measure` names it ('win-share', 'points'). */
  readonly id: string;
  /** What a reader sees ('win share', 'points per hand'). */
  readonly label: string;
  /** Which way is stronger: Hearts' points count against the player. */
  readonly lowerIsBetter: boolean;
  readonly source:
    | { readonly kind: 'game-wins' }
    | { readonly kind: 'round-wins' }
    | { readonly kind: 'metric'; readonly metric: string; readonly label?: string; readonly span: number };
}

/** Every game's fallback measure: the share of the game wins, higher is better. */
export const WIN_SHARE: Measure = { id: 'win-share', label: 'win share', lowerIsBetter: false, source: { kind: 'game-wins' } };

/** A game's measures, strongest-first ranking one first: its own, or the win share alone. */
export function measuresOf(game: Pick<Game, 'measures'>): readonly Measure[] {
  return game.measures && game.measures.length > 0 ? game.measures : [WIN_SHARE];
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
  /**
   * The figures that rank strength, the default first (see Measure); absent: the win share alone
   * (measuresOf). A `metric` measure names one of `metrics`, a moments metric.
   */
  readonly measures?: readonly Measure[];
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
   * whose rules say so may play a default move for it instead. `answered`, where given, is the
   * decision the bad answer was meant for, in the game's own numbers, when a protocol's reply may
   * answer one the engine has already passed by (a Dominion bot told it has an action left
   * answers the action phase the engine skipped): the rules' answer is that decision's. A protocol
   * may also name the decision awaited, where it read the reply as meant for it: Dominion's rules
   * end the turn for a buy reply that could not be read, and only the buys for one that was.
   */
  forfeit(state: S, reason: number, answered?: number): void;
  /** Each seat's share of the game win (shared wins split equally). */
  returns(state: S, out: Float64Array): void;
  /** Each seat's score so far, in the game's own points (see scoreName). */
  scores(state: S, out: Float64Array): void;
  /** An upper bound on the decisions one game can take under these rules; Infinity where they set none. */
  maxDecisions(players: number, rules: RuleValues): number;

  createView(players: number, seat: number, rules: RuleValues): V;
  /**
   * Optional: `seat`'s view read straight from the engine's state rather than rebuilt from events,
   * for trusted built-in strategies that set `readsState`. It shows only what the seat knows (its
   * own cards and counters, and what is announced to everyone), and at the seat's decisions agrees
   * with the event view on everything the game says both show; no events are decoded for the seat.
   */
  createStateView?(state: S, seat: number): PlayerView;

  /**
   * Optional: the game's engine compiled to WebAssembly, as bytes, for a game whose engine runs
   * compiled. Its state reads them through src/games/<id>/engine-binary.ts, whose `engineBytes` a
   * confined strategy's bundle replaces with these very bytes: a compartment reads no file.
   */
  engineBinary?(): Uint8Array;

  /**
   * What bots of this game speak, in src/games/<id>/wire/: the protocol of its original competition.
   * A game without one is played by parlor's own strategies only.
   */
  readonly wire?: WireProtocol;

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

/** The state most games keep: each seat's share of the win. */
export interface CommonState extends GameState {
  readonly shares: Float64Array;
}

/** The members defineGame fills in, and what it fills them from. */
type CommonMembers = 'applyChecked' | 'returns';

/**
 * A game whose state is a CommonState, with the members every such game fills alike: the win
 * shares copied from the state, and the checked apply built from `illegalReason` and the trusted
 * apply. A game may still give either. `isTerminal` and `currentPlayer` stay each game's own
 * one-line functions although they read alike: they run at every decision, and a function of its
 * own per game keeps the property read in it seeing one kind of state.
 */
export function defineGame<S extends CommonState, V extends PlayerView>(
  definition: Omit<Game<S, V>, CommonMembers> &
    Partial<Pick<Game<S, V>, CommonMembers>> & {
      /** 0 when `action` is legal for the current player, otherwise the forfeit reason. */
      readonly illegalReason: (state: S, action: number) => number;
    },
): Game<S, V> {
  const { illegalReason, ...members } = definition;
  return { applyChecked: checkedApply(illegalReason, members.apply), returns: sharesOf, ...members };
}

/** Whether a game is a single round (it names its round 'game'), so that its round figures are its game figures. */
export function playsOneRound(roundName: readonly [string, string]): boolean {
  return roundName[0] === 'game';
}

import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GameEvent, decodeRecord, type EventLog } from '../../core/events.ts';
import type { Game, GameState, PlayerView, RuleValues } from '../../core/game.ts';
import { Forfeit, oneLineDetail } from '../../core/forfeits.ts';
import { Rng, Streams, type MasterKey } from '../../core/random.ts';
import type { Strategy } from '../../core/strategy.ts';
import { CallCutShort, type ChoiceGuard } from './choice-guard.ts';

/** Sees every record of the log and every decision: transcripts and protocol hosts hook in here. */
export interface TableObserver {
  onEvent(event: GameEvent): void;
  onAction(seat: number, action: number): void;
  onForfeit(seat: number, reason: number, detail: string): void;
}

/** A seat of a Table: its strategy, and whether its choices go unchecked. */
export interface SeatPlayer<V extends PlayerView> {
  readonly strategy: Strategy<V>;
  /** Trusted strategies skip the legality check (built-ins); others go through applyChecked. */
  readonly trusted: boolean;
}

/**
 * Everything one worker needs to play games of one match-up, allocated once: the game state, and
 * each seat's view, strategy, random stream, event and legal-action buffer. Nothing a seat is
 * handed is shared with another seat, so a strategy that keeps or alters it learns or changes
 * nothing beyond its own seat. The exceptions: a state view (Strategy.readsState) reads the
 * engine's own arrays and is handed only to trusted built-ins, and a seat that keeps its own view
 * (Strategy.ownView: a confined file's, whose strategy never sees the object) is told the table's
 * event.
 */
export class Table<S extends GameState = GameState, V extends PlayerView = PlayerView> {
  readonly game: Game<S, V>;
  readonly players: number;
  readonly rules: RuleValues;
  readonly state: S;
  readonly views: V[];
  readonly strategies: Strategy<V>[];
  readonly trusted: boolean[];
  readonly rngs: Rng[];
  /** Per seat: a shared buffer would show a seat the previous player's options past `count`. */
  readonly legals: Int32Array[];
  /** The observer's event; each seat is handed its own in `seatEvents`. */
  readonly event = new GameEvent();
  readonly seatEvents: GameEvent[];
  /** Bit mask of the seats whose strategy observes events. */
  readonly listeners: number;
  /** Bit mask of the seats whose strategy keeps its own view (Strategy.ownView): theirs here stays as dealt. */
  readonly ownViews: number;
  /** Bit mask of the seats whose strategy reads the state view and decides from it (Strategy.decide). */
  readonly deciders: number;
  /** Every seat is trusted: with the event log off as well, the loop applies actions straight away. */
  readonly allTrusted: boolean;
  observer: TableObserver | null = null;
  /** Times each choice when decisions have a limit; null: strategies are called directly. */
  guard: ChoiceGuard | null = null;

  constructor(game: Game<S, V>, rules: RuleValues, seats: readonly SeatPlayer<V>[]) {
    this.game = game;
    this.players = seats.length;
    this.rules = rules;
    this.state = game.createState(seats.length, rules);
    const readsState = seats.map((seat) => seat.trusted && seat.strategy.readsState === true && game.createStateView !== undefined);
    // A strategy that sets readsState takes the game's state view in place of V (see Strategy.readsState).
    this.views = seats.map((_, seat) =>
      readsState[seat] ? (game.createStateView!(this.state, seat) as V) : game.createView(seats.length, seat, rules),
    );
    this.strategies = seats.map((seat) => seat.strategy);
    this.trusted = seats.map((seat) => seat.trusted);
    this.rngs = seats.map(() => new Rng());
    this.legals = seats.map(() => new Int32Array(game.maxActions));
    this.seatEvents = seats.map(() => new GameEvent());
    this.listeners = seats.reduce((mask, seat, index) => (seat.strategy.observes && !readsState[index] ? mask | (1 << index) : mask), 0);
    this.ownViews = seats.reduce((mask, seat, index) => (seat.strategy.ownView === true ? mask | (1 << index) : mask), 0);
    this.deciders = seats.reduce((mask, seat, index) => (readsState[index] && seat.strategy.decide ? mask | (1 << index) : mask), 0);
    this.allTrusted = this.trusted.every((trusted) => trusted);
  }
}

/**
 * The one canonical play loop: every command (sim, tournament, compare, replay, protocol hosting)
 * plays games through these steps, so they all agree on what a game is. `playGame` drives them
 * synchronously for in-process strategies; `playGameAsync` awaits seats that answer later
 * (external bot processes) and is otherwise the same three steps.
 */
export function playGame<S extends GameState, V extends PlayerView>(
  table: Table<S, V>,
  key: MasterKey,
  gameIndex: number,
  dealIndex: number = gameIndex,
): void {
  startGame(table, key, gameIndex, dealIndex);
  const { game, state, strategies, views, rngs, legals, guard, deciders } = table;
  // Nobody to tell (startGame turned the log off) and nothing to check: playAction's delivery and
  // check would do nothing but cost their calls.
  const direct = table.allTrusted && !state.events.enabled;
  while (!game.isTerminal(state)) {
    const seat = game.currentPlayer(state);
    let action = -1;
    try {
      // A seat that decides from the state view needs no list, unless it asks for one (-1).
      if ((deciders & (1 << seat)) !== 0) action = strategies[seat].decide!(views[seat], rngs[seat]);
    } catch (error) {
      forfeit(table, seat, failureReason(error), errorText(error));
      continue;
    }
    if (action < 0) {
      const legal = legals[seat];
      const count = game.legalActions(state, legal);
      try {
        // Unguarded tables (built-ins only) call the strategy right here: the loop stays as small as it was.
        action =
          guard === null ? strategies[seat].choose(views[seat], legal, count, rngs[seat]) : chooseInProcess(table, seat, legal, count);
      } catch (error) {
        forfeit(table, seat, failureReason(error), errorText(error));
        continue;
      }
    }
    if (direct) game.apply(state, action);
    else playAction(table, seat, action);
  }
}

/** A seat whose decisions arrive asynchronously; `null` means the seat plays in-process. */
export type AsyncChooser = (seat: number, legal: Int32Array, count: number) => Promise<DecisionOutcome>;

/**
 * What an asynchronous seat produced: an action, several (one reply of a protocol that names a
 * whole turn: the first `count` of `actions`, played in order while the seat is still deciding),
 * or a forfeit with its reason.
 */
export type DecisionOutcome =
  { readonly action: number } | { readonly actions: Int32Array; readonly count: number; readonly then?: ForfeitOutcome } | ForfeitOutcome;

/** A forfeit with its reason; `answered` is Game.forfeit's, where the reply answered another decision than the one awaited. */
export interface ForfeitOutcome {
  readonly forfeit: number;
  readonly detail: string;
  readonly answered?: number;
}

const neverAbandoned = () => false;

/**
 * playGame for seats that answer asynchronously. `abandoned`, asked before each decision, ends the
 * game where it stands when it says so: the state is left unfinished.
 */
export async function playGameAsync<S extends GameState, V extends PlayerView>(
  table: Table<S, V>,
  key: MasterKey,
  gameIndex: number,
  choosers: readonly (AsyncChooser | null)[],
  dealIndex: number = gameIndex,
  abandoned: () => boolean = neverAbandoned,
): Promise<void> {
  startGame(table, key, gameIndex, dealIndex);
  const { game, state } = table;
  while (!game.isTerminal(state) && !abandoned()) {
    const seat = game.currentPlayer(state);
    const legal = table.legals[seat];
    const count = game.legalActions(state, legal);
    const chooser = choosers[seat];
    let outcome: DecisionOutcome;
    try {
      outcome = chooser ? await chooser(seat, legal, count) : { action: chooseInProcess(table, seat, legal, count) };
    } catch (error) {
      outcome = { forfeit: failureReason(error), detail: errorText(error) };
    }
    if ('forfeit' in outcome) forfeit(table, seat, outcome.forfeit, outcome.detail, outcome.answered);
    else if ('actions' in outcome) playActions(table, seat, outcome);
    else playAction(table, seat, outcome.action);
  }
}

/**
 * Seeds the seats' streams from the game index, deals the first round from the deal index and
 * delivers the opening messages. The two indices differ only when a design replays one deal in
 * several games (duplicate deals, paired comparisons).
 */
export function startGame<S extends GameState, V extends PlayerView>(
  table: Table<S, V>,
  key: MasterKey,
  gameIndex: number,
  dealIndex: number = gameIndex,
): void {
  const { game, state, rngs } = table;
  // Before the opening events: a seat's restart is already one of its calls in this game.
  table.guard?.beginGame();
  for (let seat = 0; seat < table.players; seat++) rngs[seat].seed(key, gameIndex, Streams.SEAT, seat);
  state.events.enabled = table.listeners !== 0 || table.observer !== null;
  game.reset(state, key, dealIndex);
  deliverEvents(table);
}

/**
 * Plays one reply's actions in order while the seat is still the one deciding. The first that is
 * not legal forfeits and ends the reply: what follows it was meant for a game that did not happen.
 * The reply's own fault, if any, comes last, where the seat still decides.
 */
function playActions<S extends GameState, V extends PlayerView>(
  table: Table<S, V>,
  seat: number,
  outcome: Extract<DecisionOutcome, { actions: Int32Array }>,
): void {
  const { game, state } = table;
  const deciding = () => !game.isTerminal(state) && game.currentPlayer(state) === seat;
  for (let i = 0; i < outcome.count && deciding(); i++) if (!playAction(table, seat, outcome.actions[i])) return;
  if (outcome.then && deciding()) forfeit(table, seat, outcome.then.forfeit, outcome.then.detail, outcome.then.answered);
}

/** Applies the current seat's choice (checked unless the seat is trusted) and delivers what follows; false when it forfeited. */
export function playAction<S extends GameState, V extends PlayerView>(table: Table<S, V>, seat: number, action: number): boolean {
  const { game, state } = table;
  table.observer?.onAction(seat, action);
  if (table.trusted[seat]) {
    game.apply(state, action);
  } else {
    const reason = game.applyChecked(state, action);
    if (reason !== 0) {
      forfeit(table, seat, reason, `chose ${describeAction(table, action)}`);
      return false;
    }
  }
  deliverEvents(table);
  return true;
}

function chooseInProcess<S extends GameState, V extends PlayerView>(
  table: Table<S, V>,
  seat: number,
  legal: Int32Array,
  count: number,
): number {
  const { strategies, views, rngs, guard } = table;
  // Built-ins are parlor's own code, trusted to return as to play legally: only the others are timed.
  if (guard === null || table.trusted[seat]) return strategies[seat].choose(views[seat], legal, count, rngs[seat]);
  return guard.choose(seat, strategies[seat], views[seat], legal, count, rngs[seat]);
}

function failureReason(error: unknown): number {
  return error instanceof CallCutShort ? error.reason : Forfeit.STRATEGY_ERROR;
}

const NOT_AN_ERROR = 'threw an object that is not an Error';
const NOT_A_MESSAGE = '[a message that is not a string]';

/**
 * What went wrong, and for a strategy's own error where it was thrown (file:line), for whoever
 * fixes it. A confined seat throws parlor's own errors only, its strategy's reasons as their text
 * (ConfinedStrategy); a file run with --trust throws what it likes, and nothing it made is asked
 * to show itself here, outside its calls' time limit.
 */
function errorText(error: unknown): string {
  if (!(error instanceof Error))
    return (typeof error === 'object' && error !== null) || typeof error === 'function' ? NOT_AN_ERROR : String(error);
  const message = typeof error.message === 'string' ? error.message : NOT_A_MESSAGE;
  const at = error instanceof CallCutShort ? null : thrownAt(error);
  return at === null ? message : `${message} (${at})`;
}

/**
 * The top frame of an error's stack: its file, and its line; null
 * when the stack says nothing usable. A TypeScript file compiled on the fly into a data: URL (one
 * outside an ESM package) has no line of its own source to give: only its path is named then.
 */
export function thrownAt(error: Error): string | null {
  if (error instanceof PlacedError) return error.place;
  let stack: unknown;
  try {
    stack = error.stack;
  } catch {
    return null;
  }
  const frame = typeof stack === 'string' ? /\n\s+at (?:[^\n(]*\()?([^\n]*?):(\d+):\d+\)?\n/.exec(`${stack}\n`) : null;
  if (!frame) return null;
  const [, place, line] = frame;
  const compiled = place.startsWith('data:') ? /[?&]filePath=([^&:?]+)/.exec(place) : null;
  if (compiled) return shownPath(decodeURIComponent(compiled[1]).split('?')[0]);
  const file = place.startsWith('file://') ? fileURLToPath(place) : place;
  return file.startsWith('/') ? `${shownPath(file)}:${line}` : null;
}

/** An error that says where it was thrown itself: a confined strategy's, raised again by the runner. */
export class PlacedError extends Error {
  constructor(
    message: string,
    readonly place: string | null,
  ) {
    super(message);
  }
}

/** A path as the user would write it here: relative below the working folder, absolute elsewhere. */
export function shownPath(file: string): string {
  const shown = relative(process.cwd(), file);
  return shown.startsWith('..') ? file : shown;
}

function describeAction<S extends GameState, V extends PlayerView>(table: Table<S, V>, action: number): string {
  return Number.isInteger(action) && action >= 0 ? `'${table.game.actionToString(action, table.rules)}'` : String(action);
}

/** Puts the current player out for `reason`; external hosts call this on timeouts and crashes. */
export function forfeit<S extends GameState, V extends PlayerView>(
  table: Table<S, V>,
  seat: number,
  reason: number,
  detail: string,
  answered?: number,
): void {
  table.observer?.onForfeit(seat, reason, oneLineDetail(detail));
  table.game.forfeit(table.state, reason, answered);
  deliverEvents(table);
}

/**
 * Hands the log's new records to the observer and to each observing seat, then empties the log.
 * The delivery itself lives apart: games nobody watches never run it, and kept out of this small
 * function it leaves the compiler's inlining budget for the play loop to the legal listing and
 * the strategy's choice (measured: about 2-7% more random games per second).
 */
function deliverEvents<S extends GameState, V extends PlayerView>(table: Table<S, V>): void {
  const log = table.state.events;
  if (table.listeners !== 0 || table.observer !== null) deliverRecords(table, log);
  log.clear();
}

/**
 * Each seat gets an event of its own, but a seat that keeps its own view (a confined file's) is
 * handed the one decoded for the table: it copies the numbers out at once and never gives the
 * object to the strategy, and decoding a copy for it cost four confined Hearts seats 9% of their
 * games a second (measured).
 */
function deliverRecords<S extends GameState, V extends PlayerView>(table: Table<S, V>, log: EventLog): void {
  const listeners = table.listeners;
  const ownViews = table.ownViews;
  const observer = table.observer;
  const event = table.event;
  const roundStart = table.game.roundStartEvent;
  for (let i = 0; i < log.count; i++) {
    decodeRecord(event, log.data, i);
    if (observer !== null) observer.onEvent(event);
    const seats = event.recipients & listeners;
    for (let seat = 0; seats >>> seat !== 0; seat++) {
      if ((seats & (1 << seat)) === 0) continue;
      let seatEvent = event;
      if ((ownViews & (1 << seat)) === 0) {
        seatEvent = seatEventFor(table, seat, log.data, i);
        table.views[seat].observe(seatEvent);
      }
      const strategy = table.strategies[seat];
      if (seatEvent.kind === roundStart) strategy.restart();
      strategy.inform(seatEvent);
    }
  }
}

/**
 * The seat's own event, holding record `index`. A strategy may have frozen its event or turned its
 * fields into accessors; then it gets a fresh one, and its meddling costs only itself.
 */
function seatEventFor<S extends GameState, V extends PlayerView>(
  table: Table<S, V>,
  seat: number,
  log: Int16Array,
  index: number,
): GameEvent {
  try {
    decodeRecord(table.seatEvents[seat], log, index);
  } catch {
    table.seatEvents[seat] = new GameEvent();
    decodeRecord(table.seatEvents[seat], log, index);
  }
  return table.seatEvents[seat];
}

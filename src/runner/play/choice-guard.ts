import { Script, createContext } from 'node:vm';
import type { GameEvent } from '../../core/events.ts';
import { Forfeit } from '../../core/forfeits.ts';
import type { PlayerView } from '../../core/game.ts';
import type { Rng } from '../../core/random.ts';
import type { Strategy } from '../../core/strategy.ts';

/**
 * Puts a time limit (--move-timeout) on the calls parlor makes to strategies. The play loop
 * sends every `choose` through the table's guard, which throws a ChoiceTimeout when the seat ran
 * out of time: the loop forfeits it for that. A user's strategy (TimedStrategy) also sends its
 * `create`, `restart` and `inform` through the guard: one that runs out there forfeits at the
 * seat's next decision.
 */
export interface ChoiceGuard {
  readonly seconds: number;
  /** A game starts at a table whose calls go through this guard, before its opening events. */
  beginGame(): void;
  /** `seat`: the position at the table of the seat whose strategy this is. */
  choose<V extends PlayerView>(seat: number, strategy: Strategy<V>, view: V, legal: Int32Array, count: number, rng: Rng): number;
  /**
   * Tells the strategy of the seat at `seat` the event (null: restart); null when that returned,
   * else what cut it short, for the seat's next decision to forfeit with.
   */
  hook(seat: number, strategy: Strategy<any>, event: GameEvent | null): CallCutShort | null;
}

/**
 * A call to a strategy that parlor ended, or skipped because it ended in an earlier attempt: the
 * seat forfeits for it. It was raised by parlor's own code, whose place says nothing about the
 * strategy.
 */
export abstract class CallCutShort extends Error {
  /** The forfeit reason (Forfeit) it counts as. */
  abstract readonly reason: number;
}

export class ChoiceTimeout extends CallCutShort {
  readonly reason = Forfeit.TIMEOUT;

  constructor(seconds: number, what = 'no choice') {
    super(`${what} within the ${seconds} s move timeout`);
  }
}

/**
 * The strategy's call filled its worker thread's memory: its heap, and V8 ended the thread, or the
 * memory of its typed arrays (memory-meter.ts). The seat crashed, as a bot process does past its
 * memory limit.
 */
export class ChoiceOutOfMemory extends CallCutShort {
  readonly reason = Forfeit.CRASHED;

  constructor() {
    super(OUT_OF_MEMORY);
  }
}

/** What a call that filled its thread's memory did, as a forfeit's detail says it. */
export const OUT_OF_MEMORY = "filled its worker thread's memory (--worker-memory)";

/** Whether the error is a worker thread's end for filling its heap. */
export function filledHeap(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * One call to a strategy within a task: the `call`th call (from 1) to the seat at position `seat`
 * in the task's `game`th game (from 1). The games of a task and who sits where in each are fixed
 * by the task alone, and a seat's count moves only with its own calls: whatever a strategy does,
 * in this attempt or an earlier one, it cannot make one of its calls be named as another seat's.
 */
export interface SeatCall {
  readonly game: number;
  readonly seat: number;
  readonly call: number;
}

/** A per-call time limit on a worker: where it publishes its calls to strategies, and those cut short already. */
export interface TaskWatch {
  readonly buffer: SharedArrayBuffer;
  readonly seconds: number;
  /** Calls that ran past the limit in an earlier attempt: they forfeit. */
  readonly timedOut: readonly SeatCall[];
  /** Calls that filled the worker's heap in an earlier attempt: they forfeit too. */
  readonly outOfMemory: readonly SeatCall[];
}

/** Where a worker says which call it is in; the main thread's watchdog reads them. */
const SEQUENCE = 0;
const PHASE = 1;
const GAME = 2;
const SEAT = 3;
const CALL = 4;
const IDLE = 0;
const CALLING = 1;
const WATCH_SLOTS = 5;

/** What a restart or inform that ran out of time is said to have done. */
const HOOK_TIMEOUT = 'restart or inform did not return';

/** A call an earlier attempt cut short, and whether it filled the heap (else it timed out). */
interface CutShort extends SeatCall {
  readonly filledHeap: boolean;
}

/**
 * The worker side of the watch. A looping strategy cannot be interrupted from inside its thread,
 * so the worker only publishes which call it is in (plain stores, no clock); the main thread's
 * DecisionWatchdog sees a call that lasts too long, ends the task and plays it again with that
 * call listed in `timedOut`. A call that fills the thread's heap kills the thread; the pool reads
 * which call it was and plays the task again with it listed in `outOfMemory`. The new attempt
 * cuts that call short without making it, whichever thread plays it.
 *
 * A call is named by its game, seat and the seat's own count (SeatCall), not by its place among
 * all the task's calls: seats outlive a task on their thread, so a strategy may play a task
 * differently when it is played again, and one that made a call fewer before the one it stalled
 * in would have moved that place onto another seat's call, and that seat forfeited for it. Played
 * again differently, the seat that stalled forfeits at its own call of that number, or not at all
 * if it makes fewer calls in that game; no other seat does.
 */
export class SharedChoiceGuard implements ChoiceGuard {
  readonly seconds: number;
  private readonly slots: Int32Array;
  /** The calls earlier attempts cut short, by game. */
  private readonly cutShort: readonly CutShort[];
  private nextCutShort = 0;
  /** Those of the game being played; null for most games, which have none. */
  private gameCuts: CutShort[] | null = null;
  private game = 0;
  /** Calls made so far in the game, per seat. */
  private readonly seatCalls: number[] = [];
  /** All calls of the task so far: the watchdog tells one call from the next by it. */
  private sequence = 0;

  constructor(watch: TaskWatch) {
    this.slots = new Int32Array(watch.buffer);
    this.cutShort = [
      ...watch.timedOut.map((call) => ({ ...call, filledHeap: false })),
      ...watch.outOfMemory.map((call) => ({ ...call, filledHeap: true })),
    ].sort((a, b) => a.game - b.game);
    this.seconds = watch.seconds;
  }

  beginGame(): void {
    const game = ++this.game;
    this.seatCalls.fill(0);
    this.gameCuts = null;
    const cuts = this.cutShort;
    while (this.nextCutShort < cuts.length && cuts[this.nextCutShort].game <= game) {
      const cut = cuts[this.nextCutShort++];
      if (cut.game === game) (this.gameCuts ??= []).push(cut);
    }
  }

  choose<V extends PlayerView>(seat: number, strategy: Strategy<V>, view: V, legal: Int32Array, count: number, rng: Rng): number {
    const cut = this.enter(seat, 'no choice');
    if (cut !== null) throw cut;
    // A call that throws has ended too: left CALLING, the watchdog would time out the work after it.
    try {
      return this.call(seat, strategy, view, legal, count, rng);
    } finally {
      this.slots[PHASE] = IDLE;
    }
  }

  /** Makes the published call. */
  protected call<V extends PlayerView>(_seat: number, strategy: Strategy<V>, view: V, legal: Int32Array, count: number, rng: Rng): number {
    return strategy.choose(view, legal, count, rng);
  }

  hook(seat: number, strategy: Strategy<any>, event: GameEvent | null): CallCutShort | null {
    const cut = this.enter(seat, HOOK_TIMEOUT);
    if (cut !== null) return cut;
    try {
      if (event === null) strategy.restart();
      else strategy.inform(event);
    } finally {
      this.slots[PHASE] = IDLE;
    }
    return null;
  }

  /** Publishes the seat's next call; what cut it short in an earlier attempt, else null. */
  private enter(seat: number, what: string): CallCutShort | null {
    const call = (this.seatCalls[seat] ?? 0) + 1;
    this.seatCalls[seat] = call;
    const slots = this.slots;
    // Which call it is goes first: the watchdog reads it only once the sequence has stayed on
    // this call past the limit, or the thread has ended in it.
    slots[GAME] = this.game;
    slots[SEAT] = seat;
    slots[CALL] = call;
    slots[SEQUENCE] = ++this.sequence;
    if (this.gameCuts !== null) {
      for (const cut of this.gameCuts) {
        if (cut.seat !== seat || cut.call !== call) continue;
        return cut.filledHeap ? new ChoiceOutOfMemory() : new ChoiceTimeout(this.seconds, what);
      }
    }
    slots[PHASE] = CALLING;
    return null;
  }
}

/**
 * The guard of a task played on a thread that hosts bots (bot-thread.ts). Its tasks take turns
 * there while their bots think, so no watchdog may end the thread for one of them: each choice
 * runs under vm's timeout, as in the main thread, and is published as on a worker, so that a call
 * that fills the thread's heap is known by the task it was in and cut short when that task is
 * played again. Restarts and informs are timed but not published: the guard they go through is
 * the one set last on the thread (setActiveGuard), perhaps another task's, whose count of calls
 * they would move. One that fills the heap stops the run, as it did before.
 */
export class BotTableGuard extends SharedChoiceGuard {
  private readonly timed: TimedChoiceGuard;

  constructor(watch: TaskWatch) {
    super(watch);
    this.timed = timedGuard(watch.seconds)!;
  }

  protected override call<V extends PlayerView>(
    seat: number,
    strategy: Strategy<V>,
    view: V,
    legal: Int32Array,
    count: number,
    rng: Rng,
  ): number {
    return this.timed.choose(seat, strategy, view, legal, count, rng);
  }

  override hook(seat: number, strategy: Strategy<any>, event: GameEvent | null): CallCutShort | null {
    return this.timed.hook(seat, strategy, event);
  }
}

/** The call a task's watch shows in progress (see SharedChoiceGuard): read once its thread has ended in it. */
export function callInProgress(buffer: SharedArrayBuffer): SeatCall | null {
  const slots = new Int32Array(buffer);
  return slots[PHASE] === CALLING ? publishedCall(slots) : null;
}

/** The call last published in a watch: read once its thread stays in it (stalled) or has ended in it. */
function publishedCall(slots: Int32Array): SeatCall {
  return { game: slots[GAME], seat: slots[SEAT], call: slots[CALL] };
}

/** A watch buffer for a task, where its guard publishes its calls. */
export function newWatchBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(WATCH_SLOTS * Int32Array.BYTES_PER_ELEMENT);
}

/**
 * The main thread's side: samples a worker's watch buffer and calls `onStall` once one call has
 * lasted longer than the limit; `stalled` is then that call. Between calls (loading strategies,
 * dealing, counting) nothing is timed.
 */
export class DecisionWatchdog {
  readonly buffer = newWatchBuffer();
  stalled: SeatCall | null = null;
  private readonly slots = new Int32Array(this.buffer);
  private readonly timer: NodeJS.Timeout;
  private watched = 0;
  private since = 0;

  constructor(limitMs: number, onStall: () => void) {
    // Several looks per limit: a stall is caught soon after the limit, and the looks cost nothing.
    const interval = Math.max(5, Math.min(50, limitMs / 4));
    this.timer = setInterval(() => {
      const sequence = this.slots[SEQUENCE];
      const now = performance.now();
      if (this.slots[PHASE] !== CALLING || sequence !== this.watched) {
        this.watched = this.slots[PHASE] === CALLING ? sequence : 0;
        this.since = now;
      } else if (now - this.since > limitMs) {
        this.stalled = publishedCall(this.slots);
        this.stop();
        onStall();
      }
    }, interval);
    this.timer.unref();
  }

  /** The call the worker is in, as it last published it; null between calls. */
  callInProgress(): SeatCall | null {
    return callInProgress(this.buffer);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** A TimedChoiceGuard of `seconds` (--move-timeout); null, calls not timed, without one. */
export function timedGuard(seconds: number | undefined): TimedChoiceGuard | null {
  if (seconds === undefined) return null;
  let guard = timedGuards.get(seconds);
  if (guard === undefined) timedGuards.set(seconds, (guard = new TimedChoiceGuard(seconds)));
  return guard;
}

/**
 * One guard per limit in a thread, shared by every table: each holds a vm context of its own
 * (about 180 KB), and a tournament of 11,880 Love Letter seatings made a table of each in the
 * main thread, 2.1 GB of contexts. A guard keeps nothing from one call to the next.
 */
const timedGuards = new Map<number, TimedChoiceGuard>();

/** What TimedChoiceGuard.within returns for a call that ran past the limit. */
export const TIMED_OUT = Symbol('timed out');

/**
 * For games played in the main thread (with bot processes, and replays), where a watchdog on
 * the same thread could never run: vm's timeout interrupts any synchronous JavaScript, functions
 * of this context included. It costs tens of microseconds a call (a timer thread per run), small
 * beside a bot process's answer but far too much for the worker threads' fast games.
 */
export class TimedChoiceGuard implements ChoiceGuard {
  readonly seconds: number;
  private readonly context = createContext({ call: null as (() => unknown) | null });
  private readonly script = new Script('call()');
  private readonly limitMs: number;

  constructor(seconds: number) {
    this.seconds = seconds;
    this.limitMs = Math.max(1, Math.round(seconds * 1000));
  }

  beginGame(): void {}

  choose<V extends PlayerView>(_seat: number, strategy: Strategy<V>, view: V, legal: Int32Array, count: number, rng: Rng): number {
    const result = this.within(() => strategy.choose(view, legal, count, rng));
    if (result === TIMED_OUT) throw new ChoiceTimeout(this.seconds);
    return result;
  }

  hook(_seat: number, strategy: Strategy<any>, event: GameEvent | null): CallCutShort | null {
    const result = this.within(() => (event === null ? strategy.restart() : strategy.inform(event)));
    return result === TIMED_OUT ? new ChoiceTimeout(this.seconds, HOOK_TIMEOUT) : null;
  }

  /** Runs `call` under the limit; TIMED_OUT when it ran past it. */
  within<T>(call: () => T): T | typeof TIMED_OUT {
    this.context.call = call;
    try {
      return this.script.runInContext(this.context, { timeout: this.limitMs }) as T;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return TIMED_OUT;
      throw error;
    } finally {
      this.context.call = null;
    }
  }
}

/**
 * The guard of the work this thread is playing now: a worker plays one task at a time, and the
 * main thread's games share one limit. MatchPlayer.guardChoices sets it with the tables' guard.
 */
let activeGuard: ChoiceGuard | null = null;

export function setActiveGuard(guard: ChoiceGuard | null): void {
  activeGuard = guard;
}

/**
 * A user's strategy with its every call under the active guard. `create` runs once per seat of
 * a table and is timed by vm wherever it runs (a worker's watch names only calls within a task's
 * games, and a thread that kept its tables creates nothing);
 * a `create` that runs out leaves a seat that forfeits every decision.
 */
export class TimedStrategy<V extends PlayerView> implements Strategy<V> {
  readonly observes: boolean;
  readonly ownView: boolean;
  /** The position it was created for (StrategyContext.seat), where its tables seat it: its hooks are that seat's calls. */
  private readonly seat: number;
  private readonly inner: Strategy<V> | null;
  private readonly seconds: number;
  /** A restart or inform threw or was cut short: the next decision forfeits with that error, and the run goes on. */
  private owedError: unknown = null;
  private readonly informsLater: boolean;

  /**
   * `informsLater`: the strategy's restart and inform only note the event, to act on it within its
   * next choice (a confined seat's): timing them would cost a guard's entry per event for nothing.
   */
  constructor(seat: number, create: () => Strategy<V>, informsLater = false) {
    this.seat = seat;
    this.informsLater = informsLater;
    const guard = activeGuard;
    this.seconds = guard?.seconds ?? 0;
    const created = guard ? new TimedChoiceGuard(guard.seconds).within(create) : create();
    this.inner = created === TIMED_OUT ? null : created;
    this.observes = this.inner?.observes ?? false;
    this.ownView = this.inner?.ownView === true;
  }

  restart(): void {
    this.tell(null);
  }

  inform(event: GameEvent): void {
    this.tell(event);
  }

  choose(view: V, legal: Int32Array, count: number, rng: Rng): number {
    if (this.inner === null) throw new ChoiceTimeout(this.seconds, 'create did not return');
    if (this.owedError !== null) {
      const error = this.owedError;
      this.owedError = null;
      throw error;
    }
    return this.inner.choose(view, legal, count, rng);
  }

  private tell(event: GameEvent | null): void {
    const inner = this.inner;
    if (inner === null || this.owedError !== null) return;
    const guard = activeGuard;
    try {
      if (guard === null || this.informsLater) {
        if (event === null) inner.restart();
        else inner.inform(event);
      } else this.owedError = guard.hook(this.seat, inner, event);
    } catch (error) {
      this.owedError = error;
    }
  }
}

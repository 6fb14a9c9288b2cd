import { Errors } from '../../../core/errors.ts';
import { cachedUnlessFailed } from '../../../core/cached-promise.ts';
import { oneLineDetail } from '../../../core/forfeits.ts';
import type { GameEvent } from '../../../core/events.ts';
import type { PlayerView } from '../../../core/game.ts';
import type { Rng } from '../../../core/random.ts';
import type { ParamSpec, Strategy, StrategyDefinition } from '../../../core/strategy.ts';
import { ChoiceOutOfMemory, TIMED_OUT, TimedChoiceGuard, TimedStrategy } from '../choice-guard.ts';
import { strategyBundle, type EngineBinaries, type StrategyBundle } from './bundle.ts';
import { bundledStrategy } from '../loading/main-thread-esbuild.ts';
import { PlacedError, shownPath } from '../table.ts';
import { RECORD_INTS, type ConfinedModule, type ConfinedSeat } from '../../../strategy/confined-seat.ts';
import { compartmentEvaluator, type Evaluation } from './realm.ts';
import { memoryRefusals } from './memory-meter.ts';
import { describeOnThread, type LoadCheck } from './load-check.ts';

/** How long a strategy file's own top-level code may run while it is loaded. */
const LOAD_SECONDS = 10;
// One for the thread: each guard holds a V8 context of its own, too dear to make for every seat.
let loadGuard: TimedChoiceGuard | null = null;

/** What the strategy's definition says of itself, read as plain data. */
interface Description {
  readonly name: string;
  readonly game: string;
  readonly summary: string;
  readonly params: readonly ParamSpec[];
  readonly error?: string;
}

// A tournament prepares many match-ups with the same file: ask for its bundle once per thread.
const bundles = new Map<string, Promise<StrategyBundle>>();

function bundleOnce(path: string, absolute: string, engines: EngineBinaries): Promise<StrategyBundle> {
  return cachedUnlessFailed(bundles, absolute, () => bundledStrategy(path, absolute, engines).then(strategyBundle));
}

/** Why the file's top-level code failed, as its realm told it (Evaluation). */
function loadFailure(path: string, failure: string): Error {
  return Errors.badStrategyModule(path, `failed to load: ${oneLineDetail(failure)}`);
}

/** A bundle loaded: what its definition says of itself (JSON), and a compartment readied for each seat. */
interface LoadedBundle {
  readonly description: string;
  readonly ready: () => Evaluation;
}

/**
 * Compiles the bundle and evaluates it once, under LOAD_SECONDS, and returns its definition with
 * a function that readies a compartment for a seat. A seat's evaluation runs the file's top-level
 * code again, timed with its `create` (TimedStrategy): a compartment starts from the same state
 * every time, but the code may still do there what it did not here, as the stack it runs on, which
 * it can measure, is of another depth.
 */
function load(path: string, code: string): LoadedBundle {
  const ready = compartmentEvaluator()(code);
  const evaluation = ready();
  loadGuard ??= new TimedChoiceGuard(LOAD_SECONDS);
  const result = loadGuard.within(() => {
    const evaluated = evaluation();
    return 'failure' in evaluated ? evaluated : { description: (evaluated.exported as ConfinedModule).describe() };
  });
  if (result === TIMED_OUT) throw Errors.badStrategyModule(path, `its top-level code ran past ${LOAD_SECONDS} s`);
  if ('failure' in result) throw loadFailure(path, result.failure);
  return { description: result.description, ready };
}

/** What a bundle's definition says of itself, as load-check-thread.ts reads it. */
export function describeBundle(path: string, code: string): string {
  return load(path, code).description;
}

// A command checks each file once for its heap limit, however many match-ups play it.
const checkedLoads = new Map<string, Promise<LoadedBundle>>();

/**
 * The bundle loaded after its load check on a thread of its own (load-check.ts). The description
 * comes from there; this thread runs the file's code only when it makes a seat itself, in a
 * match-up with a bot (the others make theirs on worker threads, Runners.checkStart; a contest
 * plays each file as a bot process of its own).
 */
function checkedLoad(path: string, absolute: string, code: string, check: LoadCheck): Promise<LoadedBundle> {
  return cachedUnlessFailed(checkedLoads, `${check.memoryMb} ${absolute}`, () =>
    describeOnThread({ path, code }, check).then((description) => {
      // The realm (SES's lockdown, tens of ms) and the file's compiled copies are made at the first
      // seat this thread makes, before that seat's clock starts (create), and never in a run whose
      // seats are all made on worker threads.
      let ready: (() => Evaluation) | null = null;
      return { description, ready: () => (ready ??= compartmentEvaluator()(code))() };
    }),
  );
}

/**
 * A strategy file loaded into confinement: its definition as data, and a `create` that gives each
 * seat a compartment of its own, so two seats of one file share no module state either. Like any
 * file's, its calls go through the checked apply and the move limit (TimedStrategy), a seat's
 * evaluation of the file's top-level code with its `create`. The seat played is the one the
 * compartment's ConfinedModule opened, which the strategy can neither replace nor forge (see
 * Evaluation), and it answers with numbers and text only.
 */
export async function loadConfinedStrategy(
  path: string,
  absolute: string,
  engines: EngineBinaries,
  check?: LoadCheck,
): Promise<StrategyDefinition<any>> {
  const bundle = await bundleOnce(path, absolute, engines);
  const loaded = check === undefined ? load(path, bundle.code) : await checkedLoad(path, absolute, bundle.code, check);
  const description = JSON.parse(loaded.description) as Description;
  if (description.error) throw Errors.badStrategyModule(path, description.error);
  return {
    name: description.name,
    game: description.game,
    summary: description.summary,
    params: description.params,
    trusted: false,
    create(context) {
      // Parlor's own work, before the seat's clock starts: only the file's code is timed.
      const evaluation = loaded.ready();
      const rules = JSON.stringify(context.rules);
      const params = JSON.stringify(context.params);
      return new TimedStrategy(
        context.seat,
        () => {
          const evaluated = evaluation();
          // As at load, unless the code does at this seat what it did not there.
          if ('failure' in evaluated) throw loadFailure(path, evaluated.failure);
          const seat = (evaluated.exported as ConfinedModule).seat(context.seat, context.players, rules, params);
          if (typeof seat === 'string') throw new Error(`create failed: ${seat}`);
          return new ConfinedStrategy(seat, bundle);
        },
        true,
      );
    },
  };
}

/**
 * The runner's side of a confined seat. It hands the compartment numbers only: the events'
 * fields, the legal actions and the stream's state copied into the seat's own buffers. The view
 * the strategy reads is its compartment's own, kept from the same events (the table leaves its own
 * copy as dealt: ownView).
 *
 * Events wait and cross with the seat's next choice (see ConfinedSeat), so the strategy's work on
 * them is timed with that choice's, and an error it throws there forfeits that decision, as one
 * thrown in a timed inform would. Waiting events go straight into the seat's buffer; past its
 * end, into one of this side's, handed over a buffer at a time before the choice.
 */
class ConfinedStrategy implements Strategy<PlayerView> {
  readonly observes: boolean;
  readonly ownView = true;
  private readonly seat: ConfinedSeat;
  private readonly bundle: StrategyBundle;
  // This realm's views of the seat's buffers: each realm's typed arrays have shapes of its own,
  // and the runner's code that writes them keeps to its realm's.
  private readonly legal: Int32Array;
  private readonly words: Int32Array;
  private readonly records: Int32Array;
  /** Events past the seat's buffer, in the same layout; grown as needed. */
  private overflow = new Int32Array(0);
  /** Numbers written, in `records` and then in `overflow`. */
  private written = 0;
  /** 1 when the strategy restarts before the next event. */
  private restartNext = 0;

  constructor(seat: ConfinedSeat, bundle: StrategyBundle) {
    this.seat = seat;
    this.bundle = bundle;
    this.observes = this.seat.observes === true;
    this.legal = ownView(this.seat.legal);
    this.words = ownView(this.seat.words);
    this.records = ownView(this.seat.records);
  }

  restart(): void {
    this.restartNext = 1;
  }

  inform(event: GameEvent): void {
    let at = this.written;
    let to = this.records;
    if (at >= to.length) {
      at -= to.length;
      if (at === this.overflow.length) this.growOverflow();
      to = this.overflow;
    }
    to[at] = this.restartNext;
    to[at + 1] = event.recipients;
    to[at + 2] = event.kind;
    to[at + 3] = event.a;
    to[at + 4] = event.b;
    to[at + 5] = event.c;
    to[at + 6] = event.d;
    this.restartNext = 0;
    this.written += RECORD_INTS;
  }

  choose(_view: PlayerView, legal: Int32Array, count: number, rng: Rng): number {
    const refusals = memoryRefusals[0];
    const mine = this.legal;
    for (let i = 0; i < count; i++) mine[i] = legal[i];
    const pending = this.handOverflow();
    rng.saveState(this.words);
    const action = this.seat.choose(pending, count);
    rng.loadState(this.words);
    // The call met the thread's memory limit: it crashes, whatever it made of the refusal.
    if (memoryRefusals[0] !== refusals) throw new ChoiceOutOfMemory();
    if (Number.isNaN(action)) this.fail(this.seat.failure());
    return action;
  }

  /** Delivers all but the last buffer's worth of waiting events; returns how many wait in the seat's buffer. */
  private handOverflow(): number {
    const records = this.records;
    let written = this.written;
    this.written = 0;
    if (written <= records.length) return written / RECORD_INTS;
    const overflow = this.overflow;
    let from = 0;
    for (written -= records.length; ; written -= records.length) {
      const failure = this.seat.deliver(records.length / RECORD_INTS);
      if (failure !== '') this.fail(failure);
      const next = Math.min(written, records.length);
      for (let i = 0; i < next; i++) records[i] = overflow[from + i];
      from += next;
      if (written <= records.length) return written / RECORD_INTS;
    }
  }

  private growOverflow(): void {
    const grown = new Int32Array(Math.max(this.records.length, this.overflow.length * 2));
    grown.set(this.overflow);
    this.overflow = grown;
  }

  /** The strategy's error, placed in its own file: the runner's stack here would name only this one. */
  private fail(failure: string): never {
    const source = this.bundle.sourceAt(this.seat.failedAt());
    throw new PlacedError(failure, source === null ? null : `${shownPath(source.file)}:${source.line}`);
  }
}

function ownView(array: Int32Array): Int32Array {
  return new Int32Array(array.buffer, array.byteOffset, array.length);
}

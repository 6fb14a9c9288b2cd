import { Piscina } from 'piscina';
import { moduleUrl } from '../../compiled.ts';
import { DecisionWatchdog, filledHeap, type SeatCall } from '../play/choice-guard.ts';
import { ActivityBuffer } from './pool-activity.ts';
import type { AsideTask, DetailTask, StartTask, Task, TaskRunner, TimingTask } from '../play/tasks.ts';
import type { PoolActivity } from './timeline.ts';
import type { ReplayedDetail, WorkerSetup } from '../play/threads/worker.ts';
import { errorOf, type ThreadFailure } from '../play/threads/thread-failure.ts';
import { trustedStrategyFiles } from '../play/loading/trust.ts';
import { serveEsbuildToThreads, threadEnvironment } from '../play/loading/main-thread-esbuild.ts';
import { defaultWorkerMemory } from './worker-memory.ts';

// Run from parlor's compiled bundle (bin/compile.js), workers load its worker entry directly, with no
// TypeScript compiler to load and nothing to transpile. Run from the sources, they start on a
// JavaScript file that registers tsx first (worker threads do not inherit the main thread's module hooks).
const WORKER_MODULE = moduleUrl('src/runner/play/threads/worker.ts');
const WORKER_ENTRY = WORKER_MODULE.endsWith('.ts') ? new URL('../play/threads/worker-entry.js', import.meta.url).href : WORKER_MODULE;

/** How long closing the pool waits for a worker still loading its code (see close). */
const LOAD_GRACE_MS = 10_000;

/**
 * Worker threads playing tasks. A task is a batch of games sized to take a good fraction of a
 * second, so the cost of posting it and copying its counters back is far below a percent.
 */
export class WorkerPool implements TaskRunner {
  readonly workers: number;
  /** Seconds one decision may take; without it decisions are not timed. */
  readonly moveTimeout: number | undefined;
  /** The most each worker's heap may take, in MB. */
  readonly heapMb: number;
  private readonly pool: Piscina;
  private readonly activity: ActivityBuffer;
  /** Workers started so far, replacements included. */
  private started: number;
  private closing = false;

  /**
   * Starts every worker at once (they load their code in parallel, while the caller goes on
   * planning); with `registry`, each loads that registry module before its first task too.
   * `heapMb`: the most each worker's heap may take (V8 ends a thread that needs more).
   */
  constructor(workers: number, moveTimeout?: number, registry?: string, heapMb: number = defaultWorkerMemory(workers)) {
    this.workers = workers;
    this.moveTimeout = moveTimeout;
    this.heapMb = heapMb;
    this.activity = ActivityBuffer.create(workers);
    this.started = workers;
    const workerData: WorkerSetup = {
      registry,
      activity: this.activity.buffer,
      trusted: trustedStrategyFiles(),
      esbuild: serveEsbuildToThreads(),
    };
    this.pool = new Piscina({
      filename: WORKER_ENTRY,
      minThreads: workers,
      maxThreads: workers,
      // Workers hold the match-ups' tables; keep them for the whole run.
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      workerData,
      env: threadEnvironment(),
    });
    this.pool.on('error', ignoreReportsOfAbandonedTasks);
    // Each worker ended while the pool runs (a call past the move timeout) is replaced by a new one, which loads its code again.
    this.pool.on('workerDestroy', () => {
      if (!this.closing) this.started++;
    });
  }

  /** When the workers were ready and how long they have played so far. */
  activitySoFar(): PoolActivity {
    return this.activity.read(this.workers);
  }

  /** `moveTimeout` replaces the pool's own limit for this task (a queued batch brings its job's). */
  async run(task: Task, signal?: AbortSignal, moveTimeout = this.moveTimeout): Promise<Float64Array> {
    if (moveTimeout === undefined) return this.runOnce(task, signal);
    // A call to a strategy past the limit ends the attempt (piscina terminates the worker of an
    // aborted task: nothing else stops a loop), as does one that fills the worker's heap (V8 ends
    // the thread), and the task is played again from its start with that call forfeited, as many
    // times as it has such calls.
    const timedOut: SeatCall[] = [];
    const outOfMemory: SeatCall[] = [];
    for (;;) {
      const attempt = new AbortController();
      const stop = () => attempt.abort();
      signal?.addEventListener('abort', stop);
      const watchdog = new DecisionWatchdog(moveTimeout * 1000, stop);
      try {
        const watch = { buffer: watchdog.buffer, seconds: moveTimeout, timedOut, outOfMemory };
        return await this.runOnce({ ...task, watch }, attempt.signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        if (watchdog.stalled !== null) {
          timedOut.push(watchdog.stalled);
        } else {
          const call = callThatFilledHeap(error, watchdog);
          if (call === null) throw error;
          outOfMemory.push(call);
        }
      } finally {
        watchdog.stop();
        signal?.removeEventListener('abort', stop);
      }
    }
  }

  /** Games per task for a job, timed on a worker (see TimingTask). */
  async timeBatches(task: TimingTask): Promise<number> {
    const [games] = await this.runOnce(task);
    return games;
  }

  /** Creates a match-up's seats on a worker (see StartTask). */
  async checkStart(task: StartTask): Promise<void> {
    await this.runOnce(task);
  }

  /** What went wrong in a forfeit's game, played again on a worker (see DetailTask). */
  async replayDetail(task: DetailTask): Promise<string | undefined> {
    return (await this.ask<ReplayedDetail>(task)).detail;
  }

  private runOnce(task: Task | AsideTask, signal?: AbortSignal): Promise<Float64Array> {
    return this.ask<Float64Array>(task, signal);
  }

  /** The worker's reply to the task, or the error it sent back in its place. */
  private async ask<Reply extends object>(task: Task | AsideTask, signal?: AbortSignal): Promise<Reply> {
    const reply = (await this.pool.run(task, signal ? { signal } : {})) as Reply | ThreadFailure;
    if ('failure' in reply) throw errorOf(reply);
    return reply;
  }

  /**
   * Ends the workers once each has loaded its code. Node 20 loads a worker's entry through
   * require() first, and a worker terminated while that instantiates its modules aborts the whole
   * process (a fatal error in ModuleWrap::InstantiateSync): a run refused, or stopped, just after
   * its workers started would end that way rather than with its message and exit status. A worker
   * that has not loaded within `graceMs` is ended all the same.
   */
  async close(graceMs: number = LOAD_GRACE_MS): Promise<void> {
    this.closing = true;
    await this.activity.untilReady(this.started, graceMs);
    await this.pool.destroy();
  }
}

/**
 * The pool's reports about tasks no one waits on any more, which are no error of the run; any
 * other stays one, as it was:
 * - a worker that died with no task of its own: one whose task was abandoned for a call past the
 *   move timeout is terminated, and a call filling a large heap can fill it before the termination
 *   lands (its task is played again on a fresh worker, which the pool starts in its place);
 * - a result for a task already aborted (a stop): the worker posted it as the abort took the task
 *   away, and the pool, finding no task for it, reports it as unexpected.
 */
export function ignoreReportsOfAbandonedTasks(error: unknown): void {
  if (!filledHeap(error) && !resultOfAbortedTask(error)) throw error;
}

function resultOfAbortedTask(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Unexpected message from Worker: ');
}

/**
 * The call to a strategy that filled its worker's heap and so ended the thread; null when the
 * error is another, or the heap filled between calls (parlor's own code was running then).
 */
function callThatFilledHeap(error: unknown, watchdog: DecisionWatchdog): SeatCall | null {
  return filledHeap(error) ? watchdog.callInProgress() : null;
}

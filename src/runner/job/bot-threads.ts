import { Worker } from 'node:worker_threads';
import { threadStart } from '../../compiled.ts';
import { botsStoppedFlag } from '../../core/bots-stopped.ts';
import { Errors } from '../../core/errors.ts';
import type { ExternalHostLoader, ExternalSettings } from '../play/external.ts';
import type { Task, TaskRunner } from '../play/tasks.ts';
import { errorOf, type ThreadFailure } from '../play/threads/thread-failure.ts';
import { callInProgress, filledHeap, newWatchBuffer, type SeatCall } from '../play/choice-guard.ts';
import { trustedStrategyFiles } from '../play/loading/trust.ts';
import { serveEsbuildToThreads, threadEnvironment } from '../play/loading/main-thread-esbuild.ts';

/** What a bot-hosting thread is started with. */
export interface BotThreadSetup {
  /** A module whose loadExternalHost() hosts the bots (the tasks name their registry module themselves). */
  readonly hostModule: string;
  readonly settings: ExternalSettings;
  /** The most the thread's heap may take, in MB (--worker-memory). */
  readonly heapMb: number;
  /** Strategy files the user trusts (--trust), as absolute paths; filled in as each thread starts. */
  readonly trusted?: readonly string[];
  /** The flag the main thread sets when it stops every bot of the run (core/bots-stopped.ts); filled in as each thread starts. */
  readonly botsStopped?: SharedArrayBuffer;
  /** Where the main thread hears the thread's esbuild work (serveEsbuildToThreads); filled in as each thread starts. */
  readonly esbuild?: string;
}

export type BotThreadMessage =
  | { readonly kind: 'run'; readonly id: number; readonly task: Task }
  | { readonly kind: 'abort'; readonly id: number }
  | { readonly kind: 'close' };

export type BotThreadReply = { readonly id: number; readonly data: Float64Array } | ({ readonly id: number } & ThreadFailure);

const THREAD = threadStart('src/runner/play/threads/bot-thread.ts');

/**
 * Why a thread hosting bots ended for filling its heap outside any choice a task published: only a
 * strategy file at its tables keeps much there, and a restart or inform is not published (see
 * BotTableGuard), so no call can be cut short and the run stops, saying what to do instead.
 */
function heapFilled(heapMb: number): Error {
  return new Error(
    `a strategy file at a table with bots filled the heap of the thread hosting them (--worker-memory ${heapMb} MB) ` +
      'outside a choice, where no call is cut short: play the file as a bot process of its own (cmd:npx parlor bot <file>), or give it more memory',
  );
}

/** The task's thread ended in this call, filling its heap: played again, the task forfeits it. */
class CallFilledHeap extends Error {
  readonly call: SeatCall;

  constructor(call: SeatCall) {
    super('a call filled the heap of the thread hosting bots');
    this.call = call;
  }
}

/** The task's thread ended in another task's call: the task is played again as it was, its bots started afresh. */
class EndedByAnotherTask extends Error {}

interface Pending {
  readonly resolve: (data: Float64Array) => void;
  readonly reject: (error: unknown) => void;
  /** Where the task's guard publishes its calls; null for a task with no move limit, whose calls are not published. */
  readonly watch: SharedArrayBuffer | null;
}

class BotThread {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();
  readonly exited: Promise<void>;
  /** Ended or ending: it takes no more tasks, and a new thread plays in its place. */
  ended = false;

  constructor(setup: BotThreadSetup) {
    this.worker = new Worker(THREAD.entry, {
      workerData: {
        ...setup,
        ...THREAD.workerData,
        trusted: trustedStrategyFiles(),
        botsStopped: botsStoppedFlag(),
        esbuild: serveEsbuildToThreads(),
      },
      // A bot's FIFO ends are opened with fs.open and handed to sockets, which close them: a thread
      // tracking them would keep their numbers as still open (warning when one comes round again)
      // and close whatever holds those numbers when it exits.
      trackUnmanagedFds: false,
      resourceLimits: { maxOldGenerationSizeMb: setup.heapMb },
      env: threadEnvironment(),
    });
    this.worker.on('message', (reply: BotThreadReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('data' in reply) pending?.resolve(reply.data);
      else pending?.reject(errorOf(reply));
    });
    this.exited = new Promise((done) => {
      const fail = (reasonFor: (pending: Pending) => unknown) => {
        // Before any task hears of it: one played again at once must not be sent here.
        this.ended = true;
        for (const pending of this.pending.values()) pending.reject(reasonFor(pending));
        this.pending.clear();
      };
      this.worker.on('error', (error) => {
        if (!filledHeap(error)) return fail(() => error);
        // The task in a published call filled the heap; the others only shared its thread.
        const calls = new Map([...this.pending.values()].map((pending) => [pending, pending.watch && callInProgress(pending.watch)]));
        const inCall = [...calls.values()].some((call) => call);
        fail((pending) => {
          const call = calls.get(pending);
          return call ? new CallFilledHeap(call) : inCall ? new EndedByAnotherTask() : heapFilled(setup.heapMb);
        });
      });
      this.worker.on('exit', () => {
        fail(() => Errors.internal('a thread hosting bots stopped'));
        done();
      });
    });
  }
}

/**
 * Plays the tasks of match-ups with bot seats on threads of their own, one per worker, each
 * hosting its tables' bot processes itself: a task goes to the thread with the fewest in flight.
 * Results do not depend on which thread plays what (random streams come from the seed, game and
 * seat). Aborting a task asks its thread to stop that task's bots; closing ends every thread's
 * bots (those kept for the run included) before the thread exits.
 */
export class BotThreads implements TaskRunner {
  private threads: BotThread[];
  private readonly setup: BotThreadSetup;
  private readonly cleanup: Promise<void>;
  private nextId = 0;

  /**
   * `host` is this thread's host of bot seats: only the main thread hears Ctrl-C, so its cleanup
   * is installed here, before any task is sent, to stop the other threads' bots too.
   */
  constructor(threads: number, setup: BotThreadSetup, host: ExternalHostLoader) {
    this.setup = setup;
    this.threads = Array.from({ length: Math.max(1, threads) }, () => new BotThread(setup));
    this.cleanup = host().then((loaded) => loaded.installCleanup?.());
    // Met again, and reported, by the first task; a run with no task must not leave it unhandled.
    this.cleanup.catch(() => {});
  }

  /**
   * Plays the task on a thread. A call to a strategy file that fills that thread's heap ends the
   * thread with every task on it, as on a worker: the task in that call is played again from its
   * start with the call forfeited (crashed), as many times as it has such calls, and the others
   * are played again as they were. Their bots lose their channels with the thread, and end on
   * them; any that does not is stopped with the run's other bots at its end.
   */
  async run(task: Task, signal?: AbortSignal): Promise<Float64Array> {
    await this.cleanup;
    const seconds = this.setup.settings.moveTimeout;
    if (seconds === undefined) return this.runOnce(task, null, signal);
    const outOfMemory: SeatCall[] = [];
    for (;;) {
      const buffer = newWatchBuffer();
      try {
        return await this.runOnce({ ...task, watch: { buffer, seconds, timedOut: [], outOfMemory } }, buffer, signal);
      } catch (error) {
        if (error instanceof CallFilledHeap) outOfMemory.push(error.call);
        else if (!(error instanceof EndedByAnotherTask)) throw error;
      }
    }
  }

  private runOnce(task: Task, watch: SharedArrayBuffer | null, signal?: AbortSignal): Promise<Float64Array> {
    this.threads = this.threads.map((thread) => (thread.ended ? new BotThread(this.setup) : thread));
    const thread = this.threads.reduce((least, candidate) => (candidate.pending.size < least.pending.size ? candidate : least));
    const id = this.nextId++;
    return new Promise<Float64Array>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => thread.worker.postMessage({ kind: 'abort', id } satisfies BotThreadMessage);
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      thread.pending.set(id, {
        // A task aborted never yields its counts, even where its thread finished it first: the
        // stop kills the bots under its games, which then end as forfeits that are no one's.
        resolve: (data) => (settle(), signal?.aborted ? reject(signal.reason) : resolve(data)),
        reject: (error) => (settle(), reject(signal?.aborted ? signal.reason : error)),
        watch,
      });
      thread.worker.postMessage({ kind: 'run', id, task } satisfies BotThreadMessage);
    });
  }

  async close(): Promise<void> {
    for (const thread of this.threads) if (!thread.ended) thread.worker.postMessage({ kind: 'close' } satisfies BotThreadMessage);
    await Promise.all(this.threads.map((thread) => thread.exited));
  }
}

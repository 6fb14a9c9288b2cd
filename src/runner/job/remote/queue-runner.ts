import { Queue, QueueEvents } from 'bullmq';
import { ErrorCodes, Errors, ParlorError, type ErrorCode } from '../../../core/errors.ts';
import type { Registry } from '../../../core/registry.ts';
import { strategyFiles } from '../../play/loading/sources.ts';
import { confines } from '../../play/loading/trust.ts';
import type { Task, TaskRunner } from '../../play/tasks.ts';
import { version } from '../version.ts';
import {
  batchId,
  decodeCounters,
  playingFingerprint,
  taskGame,
  taskSpecs,
  type RemoteBatch,
  type RemoteResult,
  type RemoteTask,
} from './batches.ts';
import { fileKey, packStrategy, type StrategyBundle } from './bundles.ts';
import { closeWithin, QUEUE_NAME, RedisLink, WORKER_NAME } from './redis.ts';

export interface QueueSettings {
  readonly registry: Registry;
  /** Seconds a strategy file may take per decision on the workers. */
  readonly moveTimeout?: number;
  /** Notes for the user: a batch taken up again after its worker stopped. */
  readonly warn: (text: string) => void;
}

// Uploaded strategy files outlive a run by a week, for a resume; each upload renews them.
const FILE_SECONDS = 7 * 24 * 3600;

interface Waiter {
  /** The batch in words, for notes. */
  readonly label: string;
  resolve(data: Float64Array): void;
  reject(error: Error): void;
}

/**
 * Plays tasks on `parlor worker` processes on any number of machines, through a BullMQ queue on
 * one Redis server: each task is a queued job, its counters come back as the job's result.
 *
 * A batch's job id is the hash of everything it carries (see batchId), so each batch of a run is
 * one job: queued again by a resume, it is the same job, and a result arriving twice for it (a
 * worker thought dead that finished after all) is taken once, since the batch's waiter is gone
 * after the first. A worker that dies mid-batch loses its lock and BullMQ puts the batch back for
 * another worker (see worker-service.ts for the lock times).
 */
export class QueueRunner implements TaskRunner {
  private readonly link: RedisLink;
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly settings: QueueSettings;
  private readonly waiting = new Map<string, Waiter[]>();
  /** The batches waited for, by job id: queued again if the server comes back without them. */
  private readonly queued = new Map<string, RemoteBatch>();
  private readonly bundles = new Map<string, Promise<StrategyBundle>>();
  /** The strategy files' contents uploaded, by hash: uploaded again with the batches. */
  private readonly uploads = new Map<string, string | Buffer>();

  private constructor(link: RedisLink, queue: Queue, events: QueueEvents, settings: QueueSettings) {
    this.link = link;
    this.queue = queue;
    this.events = events;
    this.settings = settings;
    events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, returnvalue as unknown as RemoteResult));
    events.on('failed', ({ jobId, failedReason }) => this.settle(jobId, { failure: { code: ErrorCodes.INTERNAL, message: failedReason } }));
    events.on('stalled', ({ jobId }) => {
      const waiter = this.waiting.get(jobId)?.[0];
      if (waiter) settings.warn(`note: the worker playing ${waiter.label} stopped answering; they are queued again`);
    });
    const lost = link.lossNoter((error) => settings.warn(`note: Redis at ${link.shown}: ${error.message}; waiting for it`));
    // A server restarted at once may never be reported lost, so every dropped connection counts.
    let dropped = false;
    link.client.on('close', () => (dropped = true));
    link.client.on('ready', () => {
      if (!dropped) return;
      dropped = false;
      this.requeueLost().catch((error: unknown) => lost(error instanceof Error ? error : new Error(String(error))));
    });
    queue.on('error', lost);
    events.on('error', lost);
  }

  /** Reaches the server (exit 3 with the URL when it cannot) and listens for results before any batch is queued. */
  static async open(url: string, settings: QueueSettings): Promise<QueueRunner> {
    const link = await RedisLink.reach(url);
    const queue = new Queue(QUEUE_NAME, { connection: link.client });
    let events: QueueEvents | null = null;
    try {
      await queue.waitUntilReady();
      events = await listen(link, queue);
      const threads = await connectedThreads(queue, link);
      if (threads === 0)
        settings.warn(`note: no parlor worker is taking batches from ${link.shown} yet; start some with: parlor worker --redis URL`);
      if (threads === null)
        settings.warn(
          `note: cannot tell which parlor workers take batches from ${link.shown} (its user may not list the server's clients); start some with: parlor worker --redis URL`,
        );
    } catch (error) {
      // What was opened would hold the process open after the error.
      await closeWithin(events === null ? [queue] : [events, queue]);
      link.close();
      throw error;
    }
    return new QueueRunner(link, queue, events, settings);
  }

  async run(task: Task, signal?: AbortSignal): Promise<Float64Array> {
    const batch = await this.batchOf(task);
    const id = batchId(batch);
    return new Promise<Float64Array>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      // A stopped run forgets the batch; the job stays queued and a resume picks up its result.
      const onAbort = () => {
        this.forget(id, waiter);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        label:
          task.kind === 'games'
            ? `games ${task.offset + task.from} to ${task.offset + task.to - 1}`
            : `blocks ${task.fromBlock} to ${task.toBlock - 1}`,
        resolve: (data) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(data);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, [...(this.waiting.get(id) ?? []), waiter]);
      this.queued.set(id, batch);
      this.enqueue(id, batch).catch((error: unknown) => {
        this.forget(id, waiter);
        waiter.reject(Errors.redisUnreachable(this.link.shown, error instanceof Error ? error.message : String(error)));
      });
    });
  }

  private async enqueue(id: string, batch: RemoteBatch): Promise<void> {
    await this.queue.add('batch', batch, { jobId: id, removeOnComplete: true, removeOnFail: true, attempts: 1 });
  }

  /**
   * Once the server answers again after a loss. One restarted with nothing saved has lost the
   * queued batches and the strategy files, and no worker would ever play them: those the run still
   * waits for and the server no longer holds are queued again, the files uploaded again first. A
   * batch finished just before the loss may so be played twice; its result is taken once.
   */
  private async requeueLost(): Promise<void> {
    const lost: [string, RemoteBatch][] = [];
    for (const [id, batch] of this.queued) if ((await this.queue.getJob(id)) === undefined) lost.push([id, batch]);
    if (lost.length === 0) return;
    for (const [hash, content] of this.uploads) await this.link.client.set(fileKey(hash), content, 'EX', FILE_SECONDS);
    for (const [id, batch] of lost) if (this.waiting.has(id)) await this.enqueue(id, batch);
    this.settings.warn(
      `note: Redis at ${this.link.shown} came back without ${lost.length} of the run's queued batches (restarted with nothing saved?); they are queued again`,
    );
  }

  async close(): Promise<void> {
    await closeWithin([this.events, this.queue]);
    this.link.close();
  }

  private settle(id: string, result: RemoteResult): void {
    const waiters = this.waiting.get(id);
    if (!waiters) return;
    this.waiting.delete(id);
    this.queued.delete(id);
    for (const waiter of waiters) {
      if ('counters' in result) waiter.resolve(decodeCounters(result.counters));
      else waiter.reject(new ParlorError(result.failure.code as ErrorCode, result.failure.message));
    }
  }

  private forget(id: string, waiter: Waiter): void {
    const rest = (this.waiting.get(id) ?? []).filter((other) => other !== waiter);
    if (rest.length > 0) this.waiting.set(id, rest);
    else {
      this.waiting.delete(id);
      this.queued.delete(id);
    }
  }

  private async batchOf(task: Task): Promise<RemoteBatch> {
    const { registry, moveTimeout } = this.settings;
    const game = taskGame(task);
    const files = strategyFiles(taskSpecs(task), (name) => registry.findStrategy(game, name) !== undefined);
    const names = [...new Set(files)].sort();
    const strategies: Record<string, StrategyBundle> = {};
    for (const name of names) strategies[name] = await this.upload(name);
    // As job.json records them: the workers run unconfined exactly the files the local threads would.
    const trusted = names.filter((name) => !confines(name));
    return {
      parlor: version,
      fingerprint: playingFingerprint(registry, game, trusted.length > 0),
      moveTimeout: moveTimeout ?? null,
      strategies,
      trusted,
      task: remoteTask(task),
    };
  }

  /** Packs a strategy file once per run (later edits do not reach this run) and uploads its contents. */
  private upload(name: string): Promise<StrategyBundle> {
    let bundle = this.bundles.get(name);
    if (!bundle) {
      bundle = (async () => {
        const { bundle: packed, contents } = packStrategy(name);
        for (const [hash, content] of contents) {
          this.uploads.set(hash, content);
          await this.link.client.set(fileKey(hash), content, 'EX', FILE_SECONDS);
        }
        return packed;
      })();
      this.bundles.set(name, bundle);
    }
    return bundle;
  }
}

/**
 * The queue's events from now on. Read from the stream's last entry as it is now, not from
 * whatever is last when the reader first asks: a batch added meanwhile may already be finished.
 */
export async function listen(link: RedisLink, queue: Queue): Promise<QueueEvents> {
  const last = await link.client.xrevrange(queue.keys.events, '+', '-', 'COUNT', 1);
  const events = new QueueEvents(QUEUE_NAME, { connection: link.client, lastEventId: last[0]?.[0] ?? '0' });
  await events.waitUntilReady();
  return events;
}

/**
 * The threads of the `parlor worker` processes taking batches from the server at `url` now (0:
 * none); null where the server does not let its user list the clients (an ACL without CLIENT, as
 * some hosted servers have), the workers then not counted.
 */
export async function queuedThreads(url: string): Promise<number | null> {
  const link = await RedisLink.reach(url);
  const queue = new Queue(QUEUE_NAME, { connection: link.client });
  try {
    return await connectedThreads(queue, link);
  } finally {
    await closeWithin([queue]);
    link.close();
  }
}

async function connectedThreads(queue: Queue, link: RedisLink): Promise<number | null> {
  // The server lists the clients of all its databases: a worker on another one never takes this
  // queue's batches (a URL whose database differs from the workers' would otherwise wait silently).
  const database = String(link.client.options.db ?? 0);
  let clients: Awaited<ReturnType<Queue['getWorkers']>>;
  try {
    clients = await queue.getWorkers();
  } catch (error) {
    // The server's answer, a refusal (NOPERM, an unknown or renamed command): the count is only advice.
    if (error instanceof Error && error.name === 'ReplyError') return null;
    throw error;
  }
  const threads = new Map<string, number>();
  for (const client of clients) {
    if (String((client as { db?: unknown }).db) !== database) continue;
    const named = WORKER_NAME.exec(String((client as { rawname?: unknown }).rawname ?? ''));
    if (named) threads.set(named[1], Number(named[2]));
  }
  return [...threads.values()].reduce((sum, count) => sum + count, 0);
}

/** The task without what belongs to this machine (see RemoteTask). */
function remoteTask(task: Task): RemoteTask {
  if (task.kind === 'games') {
    const { registry: _registry, watch: _watch, transcripts: _transcripts, trusted: _trusted, ...rest } = task;
    return rest;
  }
  const { registry: _registry, watch: _watch, trusted: _trusted, ...rest } = task;
  return rest;
}

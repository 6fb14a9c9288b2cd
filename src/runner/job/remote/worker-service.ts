import { hostname } from 'node:os';
import { Worker, type Job } from 'bullmq';
import { ErrorCodes, Errors, isParlorError } from '../../../core/errors.ts';
import type { Registry } from '../../../core/registry.ts';
import { WorkerPool } from '../pool.ts';
import type { Task } from '../../play/tasks.ts';
import { encodeCounters, readPlayingCode, refusal, renameStrategies, type RemoteBatch, type RemoteResult } from './batches.ts';
import { fileKey, StrategyCache } from './bundles.ts';
import { QUEUE_NAME, RedisLink, workerName } from './redis.ts';

/**
 * How long a batch stays a worker's without word from it. The worker's main thread only waits on
 * its threads, so it renews its locks on time (every half of this); a worker that died loses the
 * batch to another within this plus one stalled-job check.
 */
export const LOCK_MS = 6000;
const STALLED_CHECK_MS = 3000;
// A batch whose workers keep dying is not one to try forever: past this it fails the run.
const MOST_STALLS = 5;

export interface ServeSettings {
  readonly url: string;
  readonly threads: number;
  /** The most each thread's heap may take, in MB; by default defaultWorkerMemory's share. */
  readonly threadMemory?: number;
  readonly registry: Registry;
  /** URL of the module whose builtinRegistry() the threads load (this machine's parlor). */
  readonly registryModule: string;
  /** Refuse batches that trust a strategy file: every file this worker plays runs confined. */
  readonly refuseTrust?: boolean;
  /** Where strategy files sent with the batches are kept; by default ~/.cache/parlor/strategies. */
  readonly cacheDir?: string;
  /** Aborting stops taking batches; the batches in play are finished first. */
  readonly signal?: AbortSignal;
  /** Notes for whoever watches the worker: its start, batches it refused. */
  readonly log: (text: string) => void;
}

/**
 * `parlor worker`: takes batches from the queue and plays them on this machine's threads until
 * the signal stops it. Returns true once the batches it had taken are finished and handed back;
 * false where the server went away meanwhile, its connections then dropped. BullMQ keeps a timer
 * alive for a connection that never ends: the process has nothing left to do then but exit.
 */
export async function serveBatches(settings: ServeSettings): Promise<boolean> {
  const link = await RedisLink.reach(settings.url);
  const name = `${hostname()}:${process.pid}`;
  // The fingerprint is of the code the threads load now, not of whatever the disk holds later.
  readPlayingCode();
  // The threads load the registry as they start, while the worker connects and waits for batches.
  const pool = new WorkerPool(settings.threads, undefined, settings.registryModule, settings.threadMemory);
  const cache = new StrategyCache(settings.cacheDir);
  const fetchFile = (hash: string) => link.client.getBuffer(fileKey(hash));

  // Each reason once: the rest of a refused job's batches would only repeat it.
  const refusals = new Set<string>();
  const play = async (job: Job<RemoteBatch>): Promise<RemoteResult> => {
    const batch = job.data;
    try {
      const refused = refusal(settings.registry, batch, settings.refuseTrust === true);
      if (refused !== null) {
        if (!refusals.has(refused)) settings.log(`refused a batch: ${refused}`);
        refusals.add(refused);
        return { failure: { code: ErrorCodes.WORKER_REFUSED, message: Errors.workerRefused(name, refused).message } };
      }
      const paths = new Map<string, string>();
      for (const [spec, bundle] of Object.entries(batch.strategies))
        paths.set(spec, await cache.entryOf(bundle, fetchFile, batch.trusted.includes(spec)));
      const trusted = batch.trusted.flatMap((spec) => paths.get(spec) ?? []);
      const task = { ...renameStrategies(batch.task, paths), registry: settings.registryModule, trusted } as Task;
      return { counters: encodeCounters(await pool.run(task, undefined, batch.moveTimeout ?? undefined)) };
    } catch (error) {
      // The run's machine names the games; this names the machine they failed on.
      const where = ` (on parlor worker ${name})`;
      const failure = isParlorError(error)
        ? { code: error.code, message: error.message + where }
        : { code: ErrorCodes.INTERNAL, message: (error instanceof Error ? error.message : String(error)) + where };
      return { failure };
    }
  };

  // Two batches per thread, as the local pool keeps: a thread never waits for its next batch.
  const worker = new Worker<RemoteBatch, RemoteResult>(QUEUE_NAME, play, {
    connection: link.client,
    concurrency: settings.threads * 2,
    name: workerName(name, settings.threads),
    lockDuration: LOCK_MS,
    stalledInterval: STALLED_CHECK_MS,
    maxStalledCount: MOST_STALLS,
    autorun: false,
  });
  const handBacks = new Set<string>();
  worker.on(
    'error',
    link.lossNoter(
      (error) => settings.log(`queue: ${error.message}; waiting for the server`),
      (error) => {
        const note = queueErrorNote(error, handBacks);
        if (note !== null) settings.log(note);
      },
    ),
  );
  try {
    if (settings.signal?.aborted) return true;
    const running = worker.run();
    // Stopped, or the server gone before the run ends: run()'s own end is not waited on.
    running.catch(() => {});
    await worker.waitUntilReady();
    settings.log(`worker ${name}: ${settings.threads} thread${settings.threads === 1 ? '' : 's'}, taking batches from ${link.shown}`);
    await new Promise<void>((resolve) => {
      if (settings.signal?.aborted) resolve();
      settings.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    // No batch is taken from now on; those in play are finished and handed back, however long
    // they take. A server that went away never answers the close: once it has been gone a while,
    // the connections are dropped (what is in play then could not be handed back anyway).
    const closed = worker
      .close()
      .then(() => running)
      .then(
        () => true,
        () => true,
      );
    const watch = link.downAWhile();
    const answered = await Promise.race([closed, watch.down.then(() => false)]);
    watch.cancel();
    if (!answered) {
      worker.disconnect().catch(() => {});
      settings.log(`the server at ${link.shown} did not answer as the worker stopped: its connections are dropped`);
    }
    return answered;
  } finally {
    await pool.close();
    link.close();
  }
}

/** BullMQ's words for a finished batch whose job the server no longer holds as this worker's. */
const NOT_HANDED_BACK = /^(?:Missing key|Missing lock|Lock mismatch) for job (\S+?)\. /;

/**
 * What the worker says of an error of the queue's, or null where it has said it already. A batch
 * finished on a job that the server lost (restarted with nothing saved) or gave to another worker
 * (its lock lapsed) cannot be handed back: BullMQ reports that twice in its own terms, once for the
 * result and once for failing the job instead; the run plays such a batch again where it still
 * needs it, and nothing is counted twice, so one plain note a batch is enough.
 */
export function queueErrorNote(error: Error, told: Set<string>): string | null {
  const lost = NOT_HANDED_BACK.exec(error.message);
  if (lost === null) return `queue: ${error.message}`;
  if (told.has(lost[1])) return null;
  told.add(lost[1]);
  return `queue: a batch finished here could not be handed back (${lost[1]}: the server no longer holds it as this worker's, restarted or given to another worker); the run has it played again if it still needs it`;
}

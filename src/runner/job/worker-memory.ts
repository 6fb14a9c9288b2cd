import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';

const MB = 1024 * 1024;

/** Below this a worker thread could not hold parlor's own code and tables. */
export const MIN_WORKER_MEMORY_MB = 64;

/**
 * A worker thread's heap limit, in MB, when the run sets none: three quarters of the machine's
 * memory shared among the workers, and at most V8's own limit. Every worker may then fill its
 * heap (a strategy file that hoards) without the machine running out of memory, which would end
 * the whole run rather than the one call.
 */
export function defaultWorkerMemory(workers: number): number {
  const share = Math.floor((totalmem() * 0.75) / workers / MB);
  return Math.max(MIN_WORKER_MEMORY_MB, Math.min(share, Math.floor(getHeapStatistics().heap_size_limit / MB)));
}

/**
 * The heap limit, in MB, of the thread that first loads a run's strategy files (load-check.ts):
 * the one its worker threads get. With its games played on other machines (--redis), whose
 * workers set their own limits, none of this machine's threads plays: the check gets what one
 * thread may have here.
 */
export function loadCheckMemory(run: { readonly workers: number; readonly workerMemory?: number; readonly remote: boolean }): number {
  return run.workerMemory ?? defaultWorkerMemory(run.remote ? 1 : run.workers);
}

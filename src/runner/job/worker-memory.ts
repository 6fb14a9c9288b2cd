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

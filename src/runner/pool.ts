import { Piscina } from 'piscina';
import { ParlorError, type ErrorCode } from '../core/errors.ts';
import type { Task, TaskRunner } from './tasks.ts';
import type { TaskFailure } from './worker.ts';

const WORKER_ENTRY = new URL('./worker-entry.js', import.meta.url).href;

/**
 * Worker threads playing tasks. A task is a batch of games sized to take a good fraction of a
 * second, so the cost of posting it and transferring its counters back is far below a percent.
 */
export class WorkerPool implements TaskRunner {
  readonly workers: number;
  private readonly pool: Piscina;

  constructor(workers: number) {
    this.workers = workers;
    this.pool = new Piscina({
      filename: WORKER_ENTRY,
      minThreads: workers,
      maxThreads: workers,
      // Workers hold the match-ups' tables; keep them for the whole run.
      idleTimeout: 60_000,
    });
  }

  async run(task: Task, signal?: AbortSignal): Promise<Float64Array> {
    const result = (await this.pool.run(task, signal ? { signal } : {})) as Float64Array | TaskFailure;
    if (result instanceof Float64Array) return result;
    throw new ParlorError(result.failure.code as ErrorCode, result.failure.message);
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

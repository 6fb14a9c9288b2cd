import { ErrorCodes, Errors, isParlorError } from '../core/errors.ts';
import type { CounterLayout } from './counters.ts';
import { Counters } from './counters.ts';
import { matchSpecOf, planBatches, type BatchSpec, type JobSpec } from './job.ts';
import type { Runners } from './runners.ts';
import type { GamesTask } from './tasks.ts';

/** A job's progress as plain data (checkpoint.json): merged batches, and finished ones waiting their turn. */
export interface Checkpoint {
  readonly job: string;
  /** Batches merged, a prefix of the plan's order. */
  readonly merged: number;
  /** Per match-up counters of the merged batches. */
  readonly counters: readonly (readonly number[])[];
  /** Batches finished ahead of their turn (their games are done and must not be played again). */
  readonly pending: readonly { readonly batch: number; readonly data: readonly number[] }[];
}

/**
 * The results of a job so far. Batches finish in any order across workers; they are merged in the
 * plan's order, so the result is one fixed sequence of additions whatever the worker count.
 */
export class JobProgress {
  readonly job: JobSpec;
  readonly jobId: string;
  readonly batches: readonly BatchSpec[];
  readonly counters: Counters[];
  private mergedCount = 0;
  private readonly pending = new Map<number, Float64Array>();
  private games = 0;

  constructor(job: JobSpec, jobId: string, layouts: readonly CounterLayout[]) {
    this.job = job;
    this.jobId = jobId;
    this.batches = planBatches(job);
    this.counters = layouts.map((layout) => new Counters(layout));
  }

  get merged(): number {
    return this.mergedCount;
  }

  get gamesDone(): number {
    return this.games;
  }

  get complete(): boolean {
    return this.mergedCount === this.batches.length;
  }

  isDone(batch: number): boolean {
    return batch < this.mergedCount || this.pending.has(batch);
  }

  accept(batch: number, data: Float64Array): void {
    if (this.isDone(batch)) throw Errors.internal(`batch ${batch} finished twice`);
    this.pending.set(batch, data);
    this.games += this.batches[batch].to - this.batches[batch].from;
    for (let next = this.pending.get(this.mergedCount); next; next = this.pending.get(this.mergedCount)) {
      this.counters[this.batches[this.mergedCount].matchup].add(next);
      this.pending.delete(this.mergedCount);
      this.mergedCount++;
    }
  }

  /** Every finished batch so far, the ones ahead of their turn included (added in plan order, on copies). */
  snapshot(): Counters[] {
    const counters = this.counters.map((merged) => new Counters(merged.layout, merged.data.slice()));
    for (const [batch, data] of [...this.pending].sort(([a], [b]) => a - b)) counters[this.batches[batch].matchup].add(data);
    return counters;
  }

  checkpoint(): Checkpoint {
    return {
      job: this.jobId,
      merged: this.mergedCount,
      counters: this.counters.map((counters) => Array.from(counters.data)),
      pending: [...this.pending].map(([batch, data]) => ({ batch, data: Array.from(data) })),
    };
  }

  /** Takes up a checkpoint of the same job; throws a one-line reason when it does not fit. */
  restore(checkpoint: Checkpoint): void {
    if (checkpoint.job !== this.jobId) throw new Error(`its checkpoint belongs to job ${checkpoint.job}, not ${this.jobId}`);
    const fits = (data: readonly number[], size: number) => Array.isArray(data) && data.length === size && data.every(Number.isFinite);
    const { merged, counters, pending } = checkpoint;
    if (!Number.isInteger(merged) || merged < 0 || merged > this.batches.length)
      throw new Error('the checkpoint counts batches that do not exist');
    if (
      !Array.isArray(counters) ||
      counters.length !== this.counters.length ||
      !counters.every((data, m) => fits(data, this.counters[m].data.length))
    ) {
      throw new Error('the checkpoint counters do not fit the job');
    }
    if (!Array.isArray(pending)) throw new Error('the checkpoint has no pending list');
    counters.forEach((data, m) => this.counters[m].data.set(data));
    this.mergedCount = merged;
    this.games = this.batches.slice(0, merged).reduce((sum, batch) => sum + batch.to - batch.from, 0);
    for (const { batch, data } of pending) {
      const size = this.counters[this.batches[batch]?.matchup]?.data.length;
      if (!Number.isInteger(batch) || batch < merged || size === undefined || !fits(data, size) || this.pending.has(batch)) {
        throw new Error('the checkpoint lists a pending batch that does not fit the job');
      }
      this.accept(batch, Float64Array.from(data));
    }
  }
}

export interface ExecuteOptions {
  /** Tasks in flight at once: a little more than the workers, so none waits between tasks. */
  readonly concurrency: number;
  /** URL of the module whose builtinRegistry() the workers use. */
  readonly registry: string;
  /** Aborting stops the run: no new tasks, tasks in flight dropped (their games are played again on resume). */
  readonly signal?: AbortSignal;
  readonly onBatch?: (progress: JobProgress) => void;
}

/** Plays every batch not yet done. Resolves when the job is complete or the signal stopped it. */
export async function executeJob(progress: JobProgress, runners: Runners, options: ExecuteOptions): Promise<'complete' | 'interrupted'> {
  const job = progress.job;
  const todo = progress.batches.map((_, index) => index).filter((index) => !progress.isDone(index));
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort);
  if (options.signal?.aborted) stop.abort();
  let next = 0;
  let failure: unknown = null;
  const lane = async () => {
    while (!stop.signal.aborted && next < todo.length) {
      const index = todo[next++];
      const batch = progress.batches[index];
      const match = matchSpecOf(job, batch.matchup);
      const offset = job.matchups[batch.matchup].offset;
      const task: GamesTask = {
        kind: 'games',
        registry: options.registry,
        match,
        design: job.design,
        offset,
        from: batch.from,
        to: batch.to,
      };
      try {
        const data = await runners.runnerFor(match.seats).run(task, stop.signal);
        progress.accept(index, data);
        options.onBatch?.(progress);
      } catch (error) {
        if (stop.signal.aborted) return;
        failure = batchFailure(error, job.seed, offset + batch.from, offset + batch.to);
        stop.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, lane));
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (failure) throw failure;
  return progress.complete ? 'complete' : 'interrupted';
}

function batchFailure(error: unknown, seed: string, first: number, end: number) {
  if (isParlorError(error) && error.code !== ErrorCodes.INTERNAL) return error;
  const message = error instanceof Error ? error.message : String(error);
  return Errors.batchFailed(first, end - 1, seed, message);
}

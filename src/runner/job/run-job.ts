import { ErrorCodes, Errors, isParlorError } from '../../core/errors.ts';
import type { CounterLayout } from '../play/counters.ts';
import { Counters, DEAL_GROUPS, Global } from '../play/counters.ts';
import { blockGames } from '../play/design.ts';
import { BatchPlan, matchSpecOf, type BatchSpec, type JobSpec } from './job.ts';
import { PieceScheduler, type Piece } from './pieces.ts';
import type { Runners } from './runners.ts';
import type { GamesTask } from '../play/tasks.ts';
import { decodeSums, encodeSums, type SparseSums } from './sparse-sums.ts';

/** What a match-up's batches add up into: a flat array of whole-number sums, the first of them its games. */
export interface Sums {
  readonly data: Float64Array;
  add(batch: Float64Array): void;
}

/**
 * Makes a match-up's sums, empty or over the data given. `size`: their cells, known without making
 * them. `older`: how the checkpoints of formats before 3 laid them out, where that differs (see
 * CHECKPOINT_FORMAT).
 */
export type SumsOf<S extends Sums> = ((data?: Float64Array) => S) & { readonly size: number; readonly older?: OlderSums };

/** Sums of `size` cells as checkpoints before format 3 kept them, and how they read in today's layout (null: they do not fit it). */
export interface OlderSums {
  readonly size: number;
  read(data: Float64Array): Float64Array | null;
}

export function countersOf(layout: CounterLayout): SumsOf<Counters> {
  const make = Object.assign((data?: Float64Array) => new Counters(layout, data), { size: layout.size });
  if (layout.dealGroups === DEAL_GROUPS) return make;
  return Object.assign(make, { older: { size: layout.everyGroup().size, read: (data: Float64Array) => layout.fromEveryGroup(data) } });
}

/**
 * How checkpoints keep their sums: 3, sparse (see sparse-sums.ts), each match-up's in a layout of
 * the deal groups it can reach (CounterLayout.dealGroups). Format 2 kept every deal group, and
 * checkpoints of older parlors have no format and keep every cell; both are read as well, and one
 * of a later format is refused.
 */
export const CHECKPOINT_FORMAT = 3;

/** A match-up's sums in a checkpoint: sparse, or every cell in checkpoints of older parlors. */
export type StoredSums = SparseSums | readonly number[];

/** A job's progress as plain data (checkpoint.json): merged batches, and finished ones waiting their turn. */
export interface Checkpoint {
  readonly job: string;
  /** How the sums are kept (see CHECKPOINT_FORMAT); absent from the checkpoints of older parlors. */
  readonly format?: number;
  /** Batches merged, a prefix of the plan's order. */
  readonly merged: number;
  /** Per match-up counters of the merged batches. */
  readonly counters: readonly StoredSums[];
  /** Batches finished ahead of their turn (their games are done and must not be played again). */
  readonly pending: readonly { readonly batch: number; readonly data: StoredSums }[];
  /** What the command keeps besides the sums (a sequential test: its looks so far). */
  readonly extra?: unknown;
  /**
   * The batches are numbered round by round (see BatchPlan); absent from the checkpoints of older
   * parlors, which numbered a job of several match-ups match-up by match-up.
   */
  readonly order?: 'rounds';
}

/**
 * The results of a job so far. Batches finish in any order across workers; they are merged in the
 * plan's order, so the result is one fixed sequence of additions whatever the worker count.
 */
export class JobProgress<S extends Sums = Counters> {
  readonly job: JobSpec;
  readonly jobId: string;
  readonly plan: BatchPlan;
  /**
   * Per match-up, the sums of its merged batches; undefined until a batch is merged into it or a
   * checkpoint restores some: made up front, the 11,880 match-ups of a big tournament held 96 MB
   * of zeros from its start, most of them until its last round.
   */
  readonly counters: (S | undefined)[];
  /** Sees each batch as it is merged, in plan order (a sequential test reads its looks here). */
  onMerged: ((batch: number, sums: S) => void) | null = null;
  private readonly sumsOf: readonly SumsOf<S>[];
  private mergedCount = 0;
  /**
   * Batches finished ahead of their turn, kept sparse as checkpoints keep them (sparse-sums.ts): a
   * batch of one game of a big tournament's match-up fills a few hundred of its 6,613 cells, and
   * all 11,880 of them waited for the round's last, 630 MB as arrays.
   */
  private readonly pending = new Map<number, SparseSums>();
  /** One array per size that a pending batch is decoded into to be added (every Sums.add copies it). */
  private readonly scratch = new Map<number, Float64Array>();
  /**
   * Pending batches per round, by the round's first batch: whether a round is finished whole is
   * then one look, however many batches it holds (a big tournament's table has thousands, most of
   * them pending until its last one finishes, and the progress meter asks after every batch).
   */
  private readonly pendingInRound = new Map<number, number>();
  private ended = false;

  constructor(job: JobSpec, jobId: string, sumsOf: readonly SumsOf<S>[]) {
    this.job = job;
    this.jobId = jobId;
    this.plan = new BatchPlan(job);
    this.sumsOf = sumsOf;
    this.counters = new Array<S | undefined>(sumsOf.length);
  }

  /** Match-up `m`'s merged sums, made empty if it has none yet. */
  mergedSums(m: number): S {
    return (this.counters[m] ??= this.sumsOf[m]());
  }

  get merged(): number {
    return this.mergedCount;
  }

  /** Games of the batches kept: merged, or finished ahead of their turn in a round finished whole. */
  get gamesDone(): number {
    let games = this.plan.gamesBefore(this.mergedCount);
    for (const batch of this.keptPending()) games += this.plan.games(batch);
    return games;
  }

  /**
   * Games of the batches finished in rounds not yet finished whole: left out of the results so
   * far, but kept in the checkpoint, so that a resume does not play them again.
   */
  get gamesAhead(): number {
    let games = 0;
    for (const batch of this.pending.keys()) if (!this.roundFinished(batch)) games += this.plan.games(batch);
    return games;
  }

  get complete(): boolean {
    return this.ended || this.mergedCount === this.plan.count;
  }

  /**
   * The job needs no more batches (a test has decided): batches still in flight are dropped unread,
   * and so are those that finished ahead of their turn, so the results are the merged prefix alone.
   */
  end(): void {
    this.ended = true;
    this.pending.clear();
    this.pendingInRound.clear();
  }

  isDone(batch: number): boolean {
    return batch < this.mergedCount || this.pending.has(batch);
  }

  accept(batch: number, data: Float64Array): void {
    this.acceptSparse(batch, encodeSums(data));
  }

  private acceptSparse(batch: number, sums: SparseSums): void {
    if (this.isDone(batch)) throw Errors.internal(`batch ${batch} finished twice`);
    if (this.ended) return;
    this.pending.set(batch, sums);
    const round = this.plan.roundOf(batch).first;
    this.pendingInRound.set(round, (this.pendingInRound.get(round) ?? 0) + 1);
    // Whole rounds only: the merged results hold every match-up alike (see BatchPlan).
    while (!this.ended && this.roundFinished(this.mergedCount)) {
      const { first, end } = this.plan.roundOf(this.mergedCount);
      for (let merged = this.mergedCount; merged < end && !this.ended; merged++) {
        const sums = this.mergedSums(this.plan.batch(merged).matchup);
        sums.add(this.pendingData(merged));
        this.pending.delete(merged);
        const left = this.pendingInRound.get(first)! - 1;
        if (left > 0) this.pendingInRound.set(first, left);
        else this.pendingInRound.delete(first);
        this.mergedCount = merged + 1;
        this.onMerged?.(merged, sums);
      }
    }
  }

  /**
   * Every batch kept so far, the ones ahead of their turn included (added in plan order, on
   * copies), but only in rounds finished whole: a round half played would weigh its match-ups unevenly.
   * A match-up that no such batch adds to is its merged sums themselves, to be read before more
   * are merged: copying every match-up took a big tournament as much memory again as its counters.
   * One with nothing yet gets empty sums of its own, not kept.
   */
  snapshot(): S[] {
    const kept = this.keptPending();
    const added = new Set(kept.map((batch) => this.plan.batch(batch).matchup));
    const counters = this.sumsOf.map((make, m) => {
      const merged = this.counters[m];
      if (merged === undefined) return make();
      return added.has(m) ? make(merged.data.slice()) : merged;
    });
    for (const batch of kept) counters[this.plan.batch(batch).matchup].add(this.pendingData(batch));
    return counters;
  }

  /** A pending batch's sums, decoded into the scratch array of their size: read them before the next. */
  private pendingData(batch: number): Float64Array {
    const sums = this.pending.get(batch)!;
    return decodeSums(sums, sums.size, this.scratchOf(sums.size));
  }

  /** The one array of `size` cells that sums are decoded into to be read (see `scratch`). */
  private scratchOf(size: number): Float64Array {
    let into = this.scratch.get(size);
    if (into === undefined) this.scratch.set(size, (into = new Float64Array(size)));
    return into;
  }

  /** Whether every batch of the round that holds batch `index` is merged or pending. */
  private roundFinished(index: number): boolean {
    if (index >= this.plan.count) return false;
    const { first, end } = this.plan.roundOf(index);
    const merged = Math.max(0, Math.min(end, this.mergedCount) - first);
    return merged + (this.pendingInRound.get(first) ?? 0) === end - first;
  }

  /** The pending batches, in plan order, of the rounds they finish whole. */
  private keptPending(): number[] {
    return [...this.pending.keys()].filter((batch) => this.roundFinished(batch)).sort((a, b) => a - b);
  }

  /** Takes a batch played in pieces: they are added up in order, as the whole batch would count. */
  acceptPieces(batch: number, pieces: readonly Float64Array[]): void {
    const sums = this.sumsOf[this.plan.batch(batch).matchup]();
    for (const piece of pieces) sums.add(piece);
    this.accept(batch, sums.data);
  }

  checkpoint(): Checkpoint {
    return {
      job: this.jobId,
      format: CHECKPOINT_FORMAT,
      merged: this.mergedCount,
      counters: this.sumsOf.map((make, m) => {
        const merged = this.counters[m];
        return merged === undefined ? { size: make.size, runs: [] } : encodeSums(merged.data);
      }),
      // Every batch finished, a round's half played included: the results so far leave that half out
      // (snapshot), so that they weigh every match-up alike, but a resume must not play it again.
      pending: [...this.pending.keys()].sort((a, b) => a - b).map((batch) => ({ batch, data: this.pending.get(batch)! })),
      order: 'rounds',
    };
  }

  /**
   * Takes up a checkpoint of the same job, after checking that it is one this job could have
   * written: batches within the plan, each once, and every count holding exactly the games of the
   * batches it claims. Throws a one-line reason when it does not fit.
   */
  restore(checkpoint: Checkpoint): void {
    if (checkpoint.job !== this.jobId) throw new Error(`its checkpoint belongs to job ${checkpoint.job}, not ${this.jobId}`);
    const { merged, counters, pending } = checkpoint;
    // An older parlor's batch numbers name other games wherever there are several match-ups: its
    // batches would be counted as games they are not (and those games played again), so it is
    // refused rather than taken, even where the game counts happen to fit (nothing merged yet).
    if (this.plan.roundSize > 1 && checkpoint.order !== 'rounds' && (merged !== 0 || (Array.isArray(pending) && pending.length > 0)))
      throw new Error(
        'the checkpoint was written by an older parlor, which played the match-ups one after another: start the run again in a new folder',
      );
    if (!Number.isInteger(merged) || merged < 0 || merged > this.plan.count)
      throw new Error(`the checkpoint counts ${merged} batches merged, the job has ${this.plan.count}`);
    const format = checkpoint.format ?? 1;
    if (format > CHECKPOINT_FORMAT)
      throw new Error(
        `the checkpoint was written by a newer parlor (its format ${format}, this one reads up to ${CHECKPOINT_FORMAT}): resume it with that parlor`,
      );
    if (format !== 1 && format !== 2 && format !== CHECKPOINT_FORMAT)
      throw new Error(`the checkpoint names format ${JSON.stringify(format)}, which no parlor writes`);
    const read = (stored: unknown, m: number, into?: Float64Array) => {
      const older = format < 3 ? this.sumsOf[m].older : undefined;
      if (older === undefined) return readSums(format, stored, this.sumsOf[m].size, into);
      const data = older.read(readSums(format, stored, older.size));
      if (data === null) throw new Error('the checkpoint counters do not fit the job');
      into?.set(data);
      return into ?? data;
    };
    if (!Array.isArray(counters) || counters.length !== this.sumsOf.length) throw new Error('the checkpoint counters do not fit the job');
    // Every match-up is checked before any is taken, through one array per size: decoded whole,
    // the sums of a big tournament would take as much memory again as its counters. Only those
    // that hold anything are taken, into sums made for them.
    const mergedGames = this.plan.gamesPerMatchupBefore(merged);
    const held: number[] = [];
    counters.forEach((stored, m) => {
      const data = read(stored, m, this.scratchOf(this.sumsOf[m].size));
      if (data[Global.GAMES] !== mergedGames[m])
        throw new Error(`the checkpoint counts ${data[Global.GAMES]} games of match-up ${m + 1} where its batches hold ${mergedGames[m]}`);
      if (data.some((value) => !Object.is(value, 0))) held.push(m);
    });
    if (!Array.isArray(pending)) throw new Error('the checkpoint has no pending list');
    const seen = new Set<number>();
    const pendingData: SparseSums[] = [];
    for (const entry of pending) {
      const batch = entry?.batch;
      if (!Number.isInteger(batch) || batch < 0 || batch >= this.plan.count)
        throw new Error(`the checkpoint lists pending batch ${batch}, outside the job's ${this.plan.count} batches`);
      if (batch < merged) throw new Error(`the checkpoint lists pending batch ${batch}, already merged`);
      if (seen.has(batch)) throw new Error(`the checkpoint lists pending batch ${batch} twice`);
      seen.add(batch);
      const games = this.plan.games(batch);
      let data: Float64Array;
      try {
        const m = this.plan.batch(batch).matchup;
        data = read(entry.data, m, this.scratchOf(this.sumsOf[m].size));
      } catch {
        throw new Error(`the checkpoint's batch ${batch} does not hold its ${games} games`);
      }
      if (data[Global.GAMES] !== games) throw new Error(`the checkpoint's batch ${batch} does not hold its ${games} games`);
      pendingData.push(encodeSums(data));
    }
    for (const m of held) read(counters[m], m, this.mergedSums(m).data);
    this.mergedCount = merged;
    pending.forEach(({ batch }, i) => this.acceptSparse(batch, pendingData[i]));
  }
}

export interface ExecuteOptions {
  /** Tasks in flight at once: a little more than the workers, so none waits between tasks. */
  readonly concurrency: number;
  /** URL of the module whose builtinRegistry() the workers use. */
  readonly registry: string;
  /** Aborting stops the run: no new tasks, tasks in flight dropped (their games are played again on resume). */
  readonly signal?: AbortSignal;
  readonly onBatch?: (progress: JobProgress<any>) => void;
  /** Plays one batch; by default the job's match-up games, on the runner its seats need. */
  readonly play?: (batch: BatchSpec, signal: AbortSignal) => Promise<Float64Array>;
}

/** Plays every batch not yet done. Resolves when the job is complete or the signal stopped it. */
export async function executeJob<S extends Sums>(
  progress: JobProgress<S>,
  runners: Runners,
  options: ExecuteOptions,
): Promise<'complete' | 'interrupted'> {
  const job = progress.job;
  const lanes = Math.max(1, options.concurrency);
  // Batches are cut into pieces as lanes free up: no list of them, however many there are.
  const blockSize = blockGames(job.design, job.players);
  const scheduler = new PieceScheduler(progress.plan, (batch) => progress.isDone(batch), lanes, blockSize, job.batchGames);
  // Each lane has a signal of its own, so a signal carries one listener per task in flight (the
  // pool's) whatever the worker count; the caller's signal carries this one for the whole job.
  const laneStops = Array.from({ length: lanes }, () => new AbortController());
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const lane of laneStops) lane.abort();
  };
  options.signal?.addEventListener('abort', stop);
  if (options.signal?.aborted) stop();
  const play =
    options.play ??
    ((batch: BatchSpec, signal: AbortSignal) => {
      const match = matchSpecOf(job, batch.matchup);
      const task: GamesTask = {
        kind: 'games',
        registry: options.registry,
        match,
        design: job.design,
        offset: job.matchups[batch.matchup].offset,
        from: batch.from,
        to: batch.to,
      };
      return runners.runnerFor(match.seats).run(task, signal);
    });
  const pieces = new BatchPieces(progress);
  let failure: unknown = null;
  const lane = async (signal: AbortSignal) => {
    for (let piece = scheduler.next(); piece && !stopped && !progress.complete; piece = stopped ? null : scheduler.next()) {
      const offset = job.matchups[piece.spec.matchup].offset;
      try {
        const data = await play(piece.spec, signal);
        // Finished after the stop, its games may have been cut short by it (bots killed under
        // them end as forfeits): dropped, to be played again on resume.
        if (stopped) return;
        if (pieces.finish(piece, data)) options.onBatch?.(progress);
      } catch (error) {
        if (stopped) return;
        failure = batchFailure(error, job.game, job.seed, offset + piece.spec.from, offset + piece.spec.to);
        stop();
      }
    }
  };
  try {
    await Promise.all(laneStops.map((controller) => lane(controller.signal)));
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  if (failure) throw failure;
  return progress.complete ? 'complete' : 'interrupted';
}

/** Collects the pieces of batches cut up near the end and hands each batch to the progress once whole. */
class BatchPieces {
  private readonly progress: JobProgress<any>;
  private readonly partial = new Map<number, { parts: Float64Array[]; count: number; finished: number }>();

  constructor(progress: JobProgress<any>) {
    this.progress = progress;
  }

  /** Takes a finished piece; true when it completed its batch. */
  finish(piece: Piece, data: Float64Array): boolean {
    if (piece.part === 0 && piece.last) {
      this.progress.accept(piece.batch, data);
      return true;
    }
    let entry = this.partial.get(piece.batch);
    if (!entry) this.partial.set(piece.batch, (entry = { parts: [], count: Infinity, finished: 0 }));
    entry.parts[piece.part] = data;
    entry.finished++;
    if (piece.last) entry.count = piece.part + 1;
    if (entry.finished < entry.count) return false;
    this.partial.delete(piece.batch);
    this.progress.acceptPieces(piece.batch, entry.parts);
    return true;
  }
}

function batchFailure(error: unknown, game: string, seed: string, first: number, end: number) {
  if (isParlorError(error) && error.code !== ErrorCodes.INTERNAL) return error;
  const message = error instanceof Error ? error.message : String(error);
  return Errors.batchFailed(game, first, end - 1, seed, message);
}

/**
 * One match-up's sums from a checkpoint of format `format`, checked to be `size` whole, finite
 * counts. Throws a one-line reason when they are not.
 */
function readSums(format: number, stored: unknown, size: number, into?: Float64Array): Float64Array {
  let data: Float64Array;
  if (format === 1) {
    const fits = Array.isArray(stored) && stored.length === size && stored.every((value) => typeof value === 'number');
    if (!fits) throw new Error('the checkpoint counters do not fit the job');
    data = into ?? new Float64Array(size);
    data.set(stored as readonly number[]);
  } else {
    try {
      data = decodeSums(stored, size, into);
    } catch {
      throw new Error('the checkpoint counters do not fit the job');
    }
  }
  if (!data.every(Number.isFinite)) throw new Error('the checkpoint counters do not fit the job');
  return data;
}

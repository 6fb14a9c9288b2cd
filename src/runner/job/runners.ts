import { Errors } from '../../core/errors.ts';
import { BotThreads } from './bot-threads.ts';
import { isExternalSpec } from '../../core/strategy-spec.ts';
import { ExternalRunner, externalResolver, type ExternalHost, type ExternalHostLoader, type ExternalSettings } from '../play/external.ts';
import { seatsUntrusted, untrustedSpecs, type PreparedMatch, type StrategyResolver } from '../play/match.ts';
import { blockGames, type DesignName } from '../play/design.ts';
import { WorkerPool } from './pool.ts';
import { filledHeap, timedGuard } from '../play/choice-guard.ts';
import { loadCheckMemory } from './worker-memory.ts';
import { MadeSeats, MatchPlayer } from '../play/batch.ts';
import { chooseBatchGames, evenBatchGames, timedSample } from '../play/calibrate.ts';
import { resolveStrategy } from '../play/loading/strategies.ts';
import type { Task, TaskRunner } from '../play/tasks.ts';
import type { ForfeitNote } from '../play/counters.ts';
import type { PoolActivity } from './timeline.ts';

/** How threads start: the modules they load for themselves (they cannot be handed functions), and their heap. */
export interface ThreadSetup {
  /** The registry module the workers' tasks name, for them to load as they start. */
  readonly registry?: string;
  /** A module exporting loadExternalHost(): its host plays bot tables on threads of their own. */
  readonly host?: string;
  /** The most each worker thread's heap may take, in MB; by default defaultWorkerMemory's share. */
  readonly workerMemory?: number;
}

/**
 * Picks where each match-up's tasks run: the worker pool for in-process strategies, the main
 * thread's external host for match-ups with a bot process in a seat. Each is started on first use.
 * The host comes from whoever composes parlor (src/app.ts); without one, bot seats are refused.
 * A remote runner (a queue of workers on other machines) replaces the pool, and refuses bot seats.
 */
export class Runners {
  readonly workers: number;
  private readonly host: ExternalHostLoader;
  private pool: WorkerPool | null = null;
  /** The thread that does a queued run's work aside from its games (checkStart, replayDetail). */
  private asideThread: WorkerPool | null = null;
  private external: TaskRunner | null = null;
  private externalSettings: ExternalSettings;
  private readonly threads: ThreadSetup;
  private readonly remote: TaskRunner | null;

  constructor(
    workers: number,
    host: ExternalHostLoader | null,
    externalSettings: ExternalSettings = {},
    threads: ThreadSetup = {},
    remote: TaskRunner | null = null,
  ) {
    this.workers = workers;
    this.remote = remote;
    this.host = host ?? (() => Promise.reject(Errors.badOption('external bots (cmd: seats) need a host of external seats')));
    this.externalSettings = externalSettings;
    this.threads = threads;
  }

  static create(
    workers: number,
    loadHost: ExternalHostLoader,
    externalSettings: ExternalSettings = {},
    threads: ThreadSetup = {},
    remote: TaskRunner | null = null,
  ): Runners {
    return new Runners(workers, loadHost, externalSettings, threads, remote);
  }

  /**
   * Starts the worker threads now if any of the match-ups will need them, so that they load their
   * code while the job is still being planned rather than after. A run on a queue starts none:
   * its games are played on the queue's workers.
   */
  startWorkers(matchupSeats: readonly (readonly string[])[]): void {
    if (this.remote === null && matchupSeats.some((seats) => !this.hasExternalSeat(seats))) this.workerPool();
  }

  /**
   * Games per task for a job's in-process match-ups, from timing the first blocks of a few of
   * them (timedSample). Built-ins are timed here, on tables made for it. Tables with a strategy
   * file are timed on a worker thread, whose heap limit stops one that hoards (in this thread it
   * would end the run); with the workers on other machines (--redis), not at all.
   */
  async batchGamesFor(matches: readonly PreparedMatch[], design: DesignName, totalGames: number, moveTimeout?: number): Promise<number> {
    const timed = timedSample(matches);
    if (!matches.some(seatsUntrusted)) {
      const players = timed.map((match) => new MatchPlayer(match, design, timedGuard(moveTimeout)));
      return chooseBatchGames(players, totalGames, this.workers, moveTimeout);
    }
    const even = evenBatchGames(blockGames(design, matches[0].spec.seats.length), totalGames, this.workers);
    const registry = this.threads.registry;
    if (this.remote !== null || registry === undefined) return even;
    const task = {
      kind: 'timing',
      registry,
      matches: timed.map((match) => match.spec),
      design,
      games: totalGames,
      workers: this.workers,
      moveTimeout,
    } as const;
    try {
      return await this.workerPool().timeBatches(task);
    } catch (error) {
      // A strategy filled the heap while timed: the games are shared out evenly, and the job's own
      // tasks forfeit the call that does it.
      if (filledHeap(error)) return even;
      throw error;
    }
  }

  /** What the worker threads have done so far; null when the run started none. */
  poolActivity(): PoolActivity | null {
    return this.pool?.activitySoFar() ?? null;
  }

  /**
   * Bot tables play on threads of their own, one per worker, when a module that exports the host
   * is named (threads load it themselves); else in this thread, several ranges at once. A bot
   * thread's heap has the workers' limit: the strategy files at its tables are held to it too.
   */
  private botRunner(): TaskRunner {
    const hostModule = this.threads.host;
    if (hostModule === undefined) return new ExternalRunner(this.host, this.externalSettings);
    return new BotThreads(this.workers, { hostModule, settings: this.externalSettings, heapMb: this.threadHeapMb() }, this.host);
  }

  private workerPool(): WorkerPool {
    return (this.pool ??= new WorkerPool(
      this.workers,
      this.externalSettings.moveTimeout,
      this.threads.registry,
      this.threads.workerMemory,
    ));
  }

  /** Bot logs and transcripts (--transcripts) go into the run's results folder. */
  useResultsFolder(resultsDir: string): void {
    this.externalSettings = { ...this.externalSettings, resultsDir };
  }

  hasExternalSeat(seats: readonly string[]): boolean {
    return seats.some(isExternalSpec);
  }

  /**
   * Checks that a match-up's seats can be made, before any game: a seat whose creation throws
   * fails the command. A match-up with strategy files has them made on a worker thread (StartTask),
   * never in this one: a file whose seat fills the heap as it is made ends that thread, and the
   * command fails naming the match-up's files. Others, and every match-up of runs without a
   * registry module for the threads, are made here. Neither is made where `made` holds every seat
   * of the match-up already (MadeSeats): the player made here is returned, null where none was.
   */
  async checkStart(match: PreparedMatch, design: DesignName, moveTimeout?: number, made?: MadeSeats): Promise<MatchPlayer | null> {
    if (made?.covers(match, design)) return null;
    const registry = this.threads.registry;
    if (registry === undefined || !seatsUntrusted(match) || this.hasExternalSeat(match.spec.seats)) {
      const player = new MatchPlayer(match, design, timedGuard(moveTimeout));
      made?.add(match, design);
      return player;
    }
    // Counted as made before the thread makes them: the match-ups are checked all at once, and a
    // seat that fails there fails the command. Each check of a strategy file took a worker 70 ms:
    // minutes before the first game of a tournament of thousands of seatings.
    made?.add(match, design);
    const pool = this.asidePool(registry);
    try {
      await pool.checkStart({ kind: 'start', registry, match: match.spec, design, moveTimeout });
    } catch (error) {
      if (!filledHeap(error)) throw error;
      throw Errors.badStrategyModule(
        untrustedSpecs(match).join(', '),
        `filled a worker thread's heap as its match-up was loaded and its seats made (${pool.heapMb} MB, --worker-memory)`,
      );
    }
    return null;
  }

  /**
   * What went wrong in a forfeit's game, played again on a worker thread (DetailTask): the
   * strategy's code runs there rather than in this thread, under the same limits as the games.
   * Undefined when that tells nothing more, whatever stopped it.
   */
  async replayDetail(
    match: PreparedMatch,
    design: DesignName,
    offset: number,
    note: ForfeitNote,
    moveTimeout?: number,
  ): Promise<string | undefined> {
    const registry = this.threads.registry;
    if (registry === undefined) return undefined;
    try {
      return await this.asidePool(registry).replayDetail({
        kind: 'detail',
        registry,
        match: match.spec,
        design,
        offset,
        note,
        moveTimeout,
      });
    } catch {
      return undefined;
    }
  }

  /** Where work aside from the games runs: the workers, or with the games on other machines, a thread of its own here. */
  private asidePool(registry: string): WorkerPool {
    return this.remote === null ? this.workerPool() : (this.asideThread ??= new WorkerPool(1, undefined, registry, this.threadHeapMb()));
  }

  /** Strategy files are loaded first on a thread with the workers' heap limit: see load-check.ts. */
  resolverFor(seats: readonly string[]): StrategyResolver {
    if (this.remote) refuseRemoteBots(seats);
    const resolve = this.hasExternalSeat(seats) ? externalResolver(this.host, this.externalSettings.cwd) : resolveStrategy;
    const check = { memoryMb: this.threadHeapMb() };
    return (registry, gameId, spec) => resolve(registry, gameId, spec, check);
  }

  /** The heap limit, in MB, of the threads here that run strategy files: workers, bot threads, load checks. */
  private threadHeapMb(): number {
    return loadCheckMemory({ workers: this.workers, workerMemory: this.threads.workerMemory, remote: this.remote !== null });
  }

  /** The host of external seats; only for match-ups hasExternalSeat accepted. */
  externalHost(): Promise<ExternalHost> {
    return this.host();
  }

  runnerFor(seats: readonly string[]): TaskRunner {
    if (this.remote) return this.remote;
    if (this.hasExternalSeat(seats)) return (this.external ??= this.botRunner());
    const pool = this.workerPool();
    const { transcripts, resultsDir } = this.externalSettings;
    return transcripts && resultsDir !== undefined ? new TranscribingRunner(pool, resultsDir) : pool;
  }

  async close(): Promise<void> {
    await Promise.all([this.pool?.close(), this.asideThread?.close(), this.external?.close(), this.remote?.close()]);
    this.pool = null;
    this.asideThread = null;
    this.external = null;
  }
}

/** Bot processes run where their command lines make sense, on the machine given them: never through the queue. */
export function refuseRemoteBots(seats: readonly string[]): void {
  const bot = seats.find(isExternalSpec);
  if (bot !== undefined) throw Errors.badOption(`${bot}: bot seats (cmd:) play on this machine only; run them without --redis`);
}

/** Asks the workers for every game's transcript, written into the results folder. */
class TranscribingRunner implements TaskRunner {
  private readonly inner: TaskRunner;
  private readonly resultsDir: string;

  constructor(inner: TaskRunner, resultsDir: string) {
    this.inner = inner;
    this.resultsDir = resultsDir;
  }

  run(task: Task, signal?: AbortSignal): Promise<Float64Array> {
    return this.inner.run(task.kind === 'games' ? { ...task, transcripts: this.resultsDir } : task, signal);
  }

  async close(): Promise<void> {}
}

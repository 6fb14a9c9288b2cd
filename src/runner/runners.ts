import { Errors } from '../core/errors.ts';
import { isExternalSpec } from '../core/strategy-spec.ts';
import { ExternalRunner, externalResolver, type ExternalHost, type ExternalHostLoader, type ExternalSettings } from './external.ts';
import type { StrategyResolver } from './match.ts';
import { WorkerPool } from './pool.ts';
import { resolveStrategy } from './strategies.ts';
import type { Task, TaskRunner } from './tasks.ts';
import type { PoolActivity } from './timeline.ts';

/**
 * Picks where each match-up's tasks run: the worker pool for in-process strategies, the main
 * thread's external host for match-ups with a bot process in a seat. Each is started on first use.
 * The host comes from whoever composes parlor (src/app.ts); without one, bot seats are refused.
 */
export class Runners {
  readonly workers: number;
  private readonly host: ExternalHostLoader;
  private pool: WorkerPool | null = null;
  private external: ExternalRunner | null = null;
  private externalSettings: ExternalSettings;
  /** The registry module the workers' tasks will name, for them to load as they start. */
  private readonly registryModule: string | undefined;

  constructor(workers: number, host: ExternalHostLoader | null, externalSettings: ExternalSettings = {}, registryModule?: string) {
    this.workers = workers;
    this.host = host ?? (() => Promise.reject(Errors.badOption('external bots (cmd: seats) need a host of external seats')));
    this.externalSettings = externalSettings;
    this.registryModule = registryModule;
  }

  static create(workers: number, loadHost: ExternalHostLoader, externalSettings: ExternalSettings = {}, registryModule?: string): Runners {
    return new Runners(workers, loadHost, externalSettings, registryModule);
  }

  /**
   * Starts the worker threads now if any of the match-ups will need them, so that they load their
   * code while the job is still being planned rather than after.
   */
  startWorkers(matchupSeats: readonly (readonly string[])[]): void {
    if (matchupSeats.some((seats) => !this.hasExternalSeat(seats))) this.workerPool();
  }

  /** What the worker threads have done so far; null when the run started none. */
  poolActivity(): PoolActivity | null {
    return this.pool?.activitySoFar() ?? null;
  }

  private workerPool(): WorkerPool {
    return (this.pool ??= new WorkerPool(this.workers, this.externalSettings.moveTimeout, this.registryModule));
  }

  /** Bot logs and transcripts (--transcripts) go into the run's results folder. */
  useResultsFolder(resultsDir: string): void {
    this.externalSettings = { ...this.externalSettings, resultsDir };
  }

  hasExternalSeat(seats: readonly string[]): boolean {
    return seats.some(isExternalSpec);
  }

  resolverFor(seats: readonly string[]): StrategyResolver {
    return this.hasExternalSeat(seats) ? externalResolver(this.host) : resolveStrategy;
  }

  /** The host of external seats; only for match-ups hasExternalSeat accepted. */
  externalHost(): Promise<ExternalHost> {
    return this.host();
  }

  runnerFor(seats: readonly string[]): TaskRunner {
    if (this.hasExternalSeat(seats)) return (this.external ??= new ExternalRunner(this.host, this.externalSettings));
    const pool = this.workerPool();
    const { transcripts, resultsDir } = this.externalSettings;
    return transcripts && resultsDir !== undefined ? new TranscribingRunner(pool, resultsDir) : pool;
  }

  async close(): Promise<void> {
    await Promise.all([this.pool?.close(), this.external?.close()]);
    this.pool = null;
    this.external = null;
  }
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

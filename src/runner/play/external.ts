import type { GameRange, MatchPlayer } from './batch.ts';
import type { Counters } from './counters.ts';
import type { StrategyResolver } from './match.ts';
import type { Registry } from '../../core/registry.ts';
import type { StrategySpec } from '../../core/strategy-spec.ts';
import type { LoadCheck } from './confined/load-check.ts';
import { resolveStrategy, type ResolvedStrategy } from './loading/strategies.ts';
import { TaskPlayer } from './task-player.ts';
import type { Task, TaskRunner } from './tasks.ts';

/**
 * What a host of external seats (bot processes speaking a game's protocol) provides to the
 * runner. Match-ups with such a seat are not sent to worker threads: their tasks run here, in
 * the main thread, through the host, which plays each game asynchronously. The runner still owns
 * the designs and the counting: `playExternalRange` is expected to call
 * `player.playAsync(range, counters, playOne)` with a `playOne` that plays one game on the table
 * it is handed (for example with playGameAsync and the host's choosers).
 */
export interface ExternalHost {
  /** Loads every seat spec of a match-up with an external seat (the built-ins included). */
  readonly resolveStrategy?: ExternalResolver;
  playExternalRange(player: MatchPlayer, range: GameRange, counters: Counters, options: ExternalRangeOptions): Promise<void>;
  /** The ranges of one run on hosts that keep their bots from range to range until it is closed. */
  openSession(settings: ExternalSettings): ExternalRangeSession;
  /** Ends the run's external play once every range is done (bot logs note what their caps dropped). */
  finishRun(): void;
  /** Makes every bot of this process, whichever thread started it, die with it (at exit, or on Ctrl-C). */
  installCleanup?(): void;
}

export interface ExternalRangeSession {
  play(player: MatchPlayer, range: GameRange, counters: Counters, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** A StrategyResolver whose `cmd:` seats name their programs from `cwd` (this process's folder when absent). */
export type ExternalResolver = (
  registry: Registry,
  gameId: string,
  spec: StrategySpec,
  check?: LoadCheck,
  cwd?: string,
) => Promise<ResolvedStrategy>;

/** What a sandboxed bot may use; `--sandbox memory=MB,cpu=SECONDS,processes=N`. */
export interface SandboxLimits {
  /** Megabytes of private writable memory (RLIMIT_DATA: heaps and anonymous maps, not reserved address space). */
  readonly memory: number;
  /** Seconds of CPU time over the bot process's life (RLIMIT_CPU: SIGXCPU, then SIGKILL). */
  readonly cpu: number;
  /** Processes and threads at once (a pids cgroup where one can be made, else RLIMIT_NPROC). */
  readonly processes: number;
}

/** How external seats are run: chosen by the user, the same for every range of a job. */
export interface ExternalSettings {
  /** Seconds a bot may take per decision before it forfeits. */
  readonly moveTimeout?: number;
  /** Seconds a bot may take to start and open its channel. */
  readonly startTimeout?: number;
  /** Keep each game's protocol message log under the results folder. */
  readonly transcripts?: boolean;
  /** Where bot logs and transcripts go. */
  readonly resultsDir?: string;
  /** How `cmd:` bots are reached (a channel the game's protocol offers); the game's own when absent. */
  readonly channel?: string;
  /** How messages are framed (a framing the game's protocol offers); its original server's when absent. */
  readonly framing?: string;
  /** Run `cmd:` bots in a sandbox with these limits (--sandbox). */
  readonly sandbox?: SandboxLimits;
  /**
   * The bots' working folder, where their relative paths start: the folder the run was started in,
   * which a resume or replay from elsewhere is not; this process's when absent.
   */
  readonly cwd?: string;
}

export interface ExternalRangeOptions extends ExternalSettings {
  /** Aborted when the run is interrupted: stop the bots and reject. */
  readonly signal?: AbortSignal;
}

/**
 * Loads the host of external seats. The runner is handed one (by src/app.ts, which composes
 * parlor) rather than importing the protocol code itself, and loads it only once a run has a bot
 * seat: in-process runs start faster without child processes and transports.
 */
export type ExternalHostLoader = () => Promise<ExternalHost>;

/** Runs tasks of match-ups with external seats in this thread, through the host. */
export class ExternalRunner implements TaskRunner {
  private readonly player: TaskPlayer;
  private readonly host: ExternalHostLoader;
  private session: Promise<ExternalRangeSession> | null = null;

  constructor(host: ExternalHostLoader, settings: ExternalSettings) {
    this.host = host;
    this.player = new TaskPlayer(
      async (player, range, counters, signal) => {
        this.session ??= host().then((loaded) => loaded.openSession(settings));
        await (await this.session).play(player, range, counters, signal);
      },
      externalResolver(host, settings.cwd),
      settings.moveTimeout,
    );
  }

  run(task: Task, signal?: AbortSignal): Promise<Float64Array> {
    return this.player.run(task, signal);
  }

  /** Stops the run's bots (those kept for the session) and closes their logs. */
  async close(): Promise<void> {
    if (!this.session) return;
    await (await this.session).close();
    (await this.host()).finishRun();
  }
}

/** Loads every seat spec of a match-up with an external seat through the host, `cmd:` programs from `cwd`. */
export function externalResolver(host: ExternalHostLoader, cwd?: string): StrategyResolver {
  return async (registry, gameId, spec, check) => {
    const resolve = (await host()).resolveStrategy;
    return resolve ? resolve(registry, gameId, spec, check, cwd) : resolveStrategy(registry, gameId, spec, check);
  };
}

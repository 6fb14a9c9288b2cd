import type { GameRange, MatchPlayer } from './batch.ts';
import type { Counters } from './counters.ts';
import type { StrategyResolver } from './match.ts';
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
  isExternalSpec(text: string): boolean;
  /** Loads every seat spec of a match-up with an external seat (the built-ins included). */
  readonly resolveStrategy?: StrategyResolver;
  playExternalRange(player: MatchPlayer, range: GameRange, counters: Counters, options: ExternalRangeOptions): Promise<void>;
  /** Ends the run's external play once every range is done (bot logs note what their caps dropped). */
  finishRun(): void;
}

/** How external seats are run: chosen by the user, the same for every range of a job. */
export interface ExternalSettings {
  /** Seconds a bot may take per decision before it forfeits. */
  readonly moveTimeout?: number;
  /** Keep each game's protocol message log under the results folder. */
  readonly transcripts?: boolean;
  /** Where bot logs and transcripts go. */
  readonly resultsDir?: string;
}

export interface ExternalRangeOptions extends ExternalSettings {
  /** Aborted when the run is interrupted: stop the bots and reject. */
  readonly signal?: AbortSignal;
}

/** Where the runner gets its host of external seats: passed in by the composition root (src/app.ts), never imported. */
export type ExternalHostLoader = () => Promise<ExternalHost>;

/** Runs tasks of match-ups with external seats in this thread, through the host. */
export class ExternalRunner implements TaskRunner {
  private readonly player: TaskPlayer;
  private readonly host: ExternalHost;

  constructor(host: ExternalHost, settings: ExternalSettings) {
    this.host = host;
    this.player = new TaskPlayer(
      (player, range, counters, signal) => host.playExternalRange(player, range, counters, { ...settings, signal }),
      host.resolveStrategy,
      settings.moveTimeout,
    );
  }

  run(task: Task, signal?: AbortSignal): Promise<Float64Array> {
    return this.player.run(task, signal);
  }

  async close(): Promise<void> {
    this.host.finishRun();
  }
}

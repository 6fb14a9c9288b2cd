import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import { MatchPlayer } from '../../runner/batch.ts';
import { chooseBatchGames } from '../../runner/calibrate.ts';
import { TimedChoiceGuard } from '../../runner/choice-guard.ts';
import { blockGames } from '../../runner/design.ts';
import { buildJob, jobId, matchSpecOf, specOf, type JobFile, type JobInput, type JobSpec } from '../../runner/job.ts';
import { prepareMatch, type PreparedMatch } from '../../runner/match.ts';
import { lockResultsFolder, type FolderLock } from '../../runner/folder-lock.ts';
import { ProgressMeter } from '../../runner/progress.ts';
import {
  claimFreshFolder,
  createResultsFolder,
  hasCheckpoint,
  readCheckpoint,
  readJob,
  readSummary,
  removeCheckpoint,
  writeCheckpoint,
  writeJob,
  writeSummary,
} from '../../runner/results.ts';
import { countersOf, executeJob, JobProgress, type Checkpoint, type ExecuteOptions } from '../../runner/run-job.ts';
import type { Counters } from '../../runner/counters.ts';
import type { Runners } from '../../runner/runners.ts';
import { createRunners } from '../../app.ts';
import { channelFor } from '../../protocol/protocols.ts';
import { changedSources, sourceHashes, type SourceHashes } from '../../runner/sources.ts';
import { summarizeRun, type RunSummary } from '../../runner/summary.ts';
import { WriteFailure } from '../../runner/write-errors.ts';
import type { CommandContext } from '../command.ts';
import { formatRunSummary } from '../format.ts';
import { invokedCommand } from '../invocation.ts';
import { gitCommit, version } from '../version.ts';

/** Options every command that runs a job shares. */
export interface RunOptions {
  readonly workers: number;
  readonly batch?: number;
  readonly out?: string;
  readonly name?: string;
  readonly force?: boolean;
  readonly resume?: string;
  readonly json?: boolean;
  readonly quiet?: boolean;
  readonly moveTimeout?: number;
  /** How `cmd:` bots talk to parlor (--channel). */
  readonly channel?: string;
  readonly transcripts?: boolean;
}

/** A job without its batch size, which is chosen once the strategies are loaded. */
export type JobPlan = Omit<JobInput, 'batchGames'>;

/** What differs between the commands that run jobs (sim, tournament). */
export interface RunKind<O extends RunOptions> {
  readonly command: string;
  /** Checks the options and lays out the job. */
  plan(registry: Registry, options: O): JobPlan;
  /** The options that would plan `job` again: a resume lays the options typed over these. */
  optionsOf(job: JobSpec): Partial<O>;
}

/** Options that change what a job plays; on --resume they must agree with the job. */
const JOB_OPTIONS = ['game', 'players', 'strategies', 'seat', 'games', 'seed', 'design', 'seatings', 'rules', 'batch'];

// A run stopped by a signal exits as a shell reports a process killed by it: 128 + the signal number.
const SIGNAL_EXIT: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * SIGINT and SIGTERM for the whole life of a run, from its first step: the first one asks the run
 * to stop where it is (keeping its finished batches), and takes the handler away, so that a
 * second one ends the process at once as if parlor had none (the last checkpoint is whole, and a
 * lock left behind by a dead process is taken over).
 */
export class SignalStop {
  private readonly controller = new AbortController();
  private received: string | null = null;
  private readonly handler = (signal: string) => {
    this.received ??= signal;
    // Taken away once this signal's other listeners have run: a listener that acts only when no
    // one else handles the signal (the bot cleanup) must still count this one for the first signal.
    setImmediate(() => this.dispose());
    this.controller.abort();
  };

  constructor() {
    for (const signal of Object.keys(SIGNAL_EXIT)) process.on(signal, this.handler);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  get exitCode(): number {
    return SIGNAL_EXIT[this.received ?? 'SIGINT'];
  }

  dispose(): void {
    for (const signal of Object.keys(SIGNAL_EXIT)) process.off(signal, this.handler);
  }
}

/** Threads beyond this many per core only share the same cores, and each costs a worker's memory. */
const WORKERS_PER_CORE = 2;

/** --workers, capped at a few per core with a note. */
export function usableWorkers(context: CommandContext, requested: number): number {
  const cores = availableParallelism();
  const most = WORKERS_PER_CORE * cores;
  if (requested <= most) return requested;
  context.warn(
    `note: --workers ${requested} capped at ${most} (${WORKERS_PER_CORE} per core on ${cores} cores): more threads would only share the same cores`,
  );
  return most;
}

export async function runJobCommand<O extends RunOptions>(
  context: CommandContext,
  kind: RunKind<O>,
  typed: O,
  given: ReadonlySet<string>,
): Promise<number> {
  const stop = new SignalStop();
  try {
    const options: O = { ...typed, workers: usableWorkers(context, typed.workers) };
    const runners = createRunners(options.workers, {
      moveTimeout: options.moveTimeout,
      transcripts: options.transcripts,
      channel: options.channel,
    });
    try {
      return options.resume
        ? await resume(context, kind, options, given, runners, stop)
        : await start(context, kind, options, runners, stop);
    } finally {
      await runners.close();
    }
  } finally {
    stop.dispose();
  }
}

/** Holds the lock of a results folder while `work` runs. */
export async function whileLocked<T>(lock: FolderLock, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/** The hashes of a job's strategy files (see sources.ts). */
export function jobSources(context: CommandContext, job: Pick<JobSpec, 'game' | 'strategies'>): SourceHashes {
  return sourceHashes(job.strategies, (name) => context.registry.findStrategy(job.game, name) !== undefined);
}

export function stoppedBeforeStart(context: CommandContext, stop: SignalStop): number {
  context.warn('stopped before the run started; nothing was written');
  return stop.exitCode;
}

async function start<O extends RunOptions>(
  context: CommandContext,
  kind: RunKind<O>,
  options: O,
  runners: Runners,
  stop: SignalStop,
): Promise<number> {
  const plan = kind.plan(context.registry, options);
  const probe = buildJob({ ...plan, batchGames: blockGames(plan.design, plan.players) });
  if (options.channel !== undefined) channelFor(probe.game, options.channel);
  const players = await preparePlayers(context.registry, probe, runners, options.moveTimeout);
  const inProcess = players.filter((player) => !runners.hasExternalSeat(player.match.spec.seats));
  const batchGames =
    options.batch ??
    (inProcess.length > 0
      ? chooseBatchGames(inProcess, probe.games, options.workers, options.moveTimeout)
      : EXTERNAL_BATCH_BLOCKS * blockGames(plan.design, plan.players));
  const spec = buildJob({ ...plan, batchGames });
  if (stop.stopped) return stoppedBeforeStart(context, stop);
  const name = options.name ?? kind.command;
  const loaded = Object.fromEntries(
    players
      .flatMap((player) => player.match.slots)
      .map((slot) => [slot.spec.text, { strategy: slot.definition.name, params: slot.params }]),
  );
  const job: JobFile = {
    id: jobId(spec),
    name,
    created: new Date().toISOString(),
    parlor: { version, commit: gitCommit() },
    loaded,
    sources: jobSources(context, spec),
    ...spec,
  };
  const { dir, lock } = openResultsFolder(options, name);
  return whileLocked(lock, async () => {
    writeJob(dir, job);
    return execute(
      context,
      dir,
      job,
      players.map((player) => player.match),
      null,
      options,
      runners,
      stop,
    );
  });
}

/**
 * The run's results folder, made fresh and locked: --out (emptied with --force, unless another
 * run holds it), else results/<date>-<time>-<name>.
 */
export function openResultsFolder(options: Pick<RunOptions, 'out' | 'force'>, name: string): { dir: string; lock: FolderLock } {
  if (options.out === undefined) return claimFreshFolder(join('results', `${timestamp(new Date())}-${safeName(name)}`));
  return { dir: options.out, lock: createResultsFolder(options.out, options.force === true) };
}

/** Refuses to resume a job whose strategy files changed since it started: its results would mix two versions. */
export function checkSources(context: CommandContext, dir: string, job: JobFile): void {
  if (!job.sources) return;
  const changed = changedSources(job.sources, jobSources(context, job));
  if (changed.length > 0)
    throw Errors.resumeMismatch(
      dir,
      `strategy file ${changed.join(', ')} changed or went missing since the run started (its results would mix two versions; start a new run)`,
    );
}

// Bot processes start once per round: a few blocks per task keep every worker's bots busy.
const EXTERNAL_BATCH_BLOCKS = 8;

async function resume<O extends RunOptions>(
  context: CommandContext,
  kind: RunKind<O>,
  options: O,
  given: ReadonlySet<string>,
  runners: Runners,
  stop: SignalStop,
): Promise<number> {
  const dir = options.resume as string;
  const job = readJob(dir);
  if (jobId(job) !== job.id) throw Errors.corruptResults(dir, 'job.json does not match its id (was it edited?)');
  if (job.command !== kind.command) throw Errors.resumeMismatch(dir, `it holds a ${job.command} run, not a ${kind.command} run`);
  for (const option of ['out', 'name', 'force']) {
    if (given.has(option)) throw Errors.resumeMismatch(dir, `--${option} cannot be changed on resume`);
  }
  const typed = JOB_OPTIONS.filter((option) => given.has(option));
  if (typed.length > 0) {
    const stored = kind.optionsOf(job) as Record<string, unknown>;
    if (given.has('seat')) delete stored.strategies;
    if (given.has('strategies')) delete stored.seat;
    const overlay = Object.fromEntries(typed.map((option) => [option, (options as unknown as Record<string, unknown>)[option]]));
    const merged = { ...options, ...stored, ...overlay, rules: { ...job.rules, ...((overlay.rules as object) ?? {}) } } as O;
    const plan = kind.plan(context.registry, merged);
    const again = buildJob({ ...plan, batchGames: merged.batch ?? job.batchGames });
    if (jobId(again) !== job.id) {
      const differing = Object.keys(specOf(again)).filter(
        (key) => JSON.stringify(again[key as keyof JobSpec]) !== JSON.stringify(job[key as keyof JobSpec]),
      );
      throw Errors.resumeMismatch(dir, `the options given describe another job (${differing.join(', ')} differ)`);
    }
  }
  if (options.channel !== undefined) channelFor(job.game, options.channel);
  return whileLocked(lockResultsFolder(dir), () => resumeLocked(context, dir, job, options, runners, stop));
}

async function resumeLocked(
  context: CommandContext,
  dir: string,
  job: JobFile,
  options: RunOptions,
  runners: Runners,
  stop: SignalStop,
): Promise<number> {
  checkSources(context, dir, job);
  const summary = hasCheckpoint(dir) ? null : existingSummary(dir);
  if (summary?.complete) {
    context.progress(`${dir} is already complete\n`);
    printSummary(context, summary, dir, options);
    return 0;
  }
  if (summary) throw Errors.corruptResults(dir, 'its summary is unfinished but its checkpoint is missing');
  // No checkpoint and no summary: the run was stopped before its first game, so it starts afresh.
  const checkpoint = hasCheckpoint(dir) ? readCheckpoint(dir) : null;
  const players = await preparePlayers(context.registry, job, runners, options.moveTimeout);
  return execute(
    context,
    dir,
    job,
    players.map((player) => player.match),
    checkpoint,
    options,
    runners,
    stop,
  );
}

function existingSummary(dir: string): RunSummary | null {
  try {
    return readSummary(dir);
  } catch {
    return null;
  }
}

/** Loads every match-up's strategies and builds its tables here first, so bad input fails before any work starts. */
async function preparePlayers(registry: Registry, job: JobSpec, runners: Runners, moveTimeout?: number): Promise<MatchPlayer[]> {
  const players: MatchPlayer[] = [];
  for (let index = 0; index < job.matchups.length; index++) {
    const spec = matchSpecOf(job, index);
    const match = await prepareMatch(registry, spec, runners.resolverFor(spec.seats));
    try {
      players.push(new MatchPlayer(match, job.design, moveTimeout === undefined ? null : new TimedChoiceGuard(moveTimeout)));
    } catch (error) {
      throw Errors.badStrategyModule(spec.seats.join(', '), `failed to start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return players;
}

async function execute(
  context: CommandContext,
  dir: string,
  job: JobFile,
  matches: readonly PreparedMatch[],
  checkpoint: Checkpoint | null,
  options: RunOptions,
  runners: Runners,
  stop: SignalStop,
): Promise<number> {
  runners.useResultsFolder(dir);
  const progress = new JobProgress(
    job,
    job.id,
    matches.map((match) => countersOf(match.layout)),
  );
  if (checkpoint) restoreProgress(context, dir, job, progress, checkpoint);
  const meter = new ProgressMeter((text) => context.progress(text), job.games);
  const { status, summary } = await keepingCheckpoint(job, dir, async () => {
    let played: 'complete' | 'interrupted';
    try {
      played = await playJob(context, dir, progress, options, runners, stop, { onBatch: (done) => meter.update(done.gamesDone) });
    } finally {
      meter.finish();
    }
    const written = summarize(context, job, matches, progress);
    writeSummary(dir, written);
    return { status: played, summary: written };
  });
  for (const note of summary.forfeitGames) {
    context.warn(
      `forfeit in game ${note.game} (--seed ${job.seed} --game ${note.game}): seat ${note.seat}, ${note.strategy}, ${note.reason}; ` +
        `transcript: ${invokedCommand()} replay --job ${dir} --game ${note.game}`,
    );
  }
  const unlisted = progress.counters.reduce((sum, counters) => sum + counters.noteCount(), 0) - summary.forfeitGames.length;
  if (unlisted > 0) {
    context.warn(
      `and ${unlisted.toLocaleString('en-US')} more forfeits not listed (one per game, seat and reason); forfeits.csv counts them all`,
    );
  }
  if (status === 'interrupted') {
    // The report of the games so far is drawn too, marked partial; a second signal stops it at once.
    await runResultHooks(context, dir, summary, job);
    printSummary(context, summary, dir, options);
    warnStopped(context, job, dir, progress.gamesDone);
    return stop.exitCode;
  }
  removeCheckpoint(dir);
  await runResultHooks(context, dir, summary, job);
  printSummary(context, summary, dir, options);
  return 0;
}

/** Takes up a resumed job's checkpoint, refusing one that does not fit the job. */
export function restoreProgress(
  context: CommandContext,
  dir: string,
  job: JobFile,
  progress: JobProgress<any>,
  checkpoint: Checkpoint,
): void {
  try {
    progress.restore(checkpoint);
  } catch (error) {
    throw Errors.resumeMismatch(dir, error instanceof Error ? error.message : String(error));
  }
  const commit = gitCommit();
  if (job.parlor?.commit && commit && job.parlor.commit !== commit) {
    context.warn(`note: ${dir} was started at commit ${job.parlor.commit.slice(0, 12)}, this is ${commit.slice(0, 12)}`);
  }
}

export interface PlayHooks {
  readonly onBatch?: (progress: JobProgress<any>) => void;
  readonly play?: ExecuteOptions['play'];
  /** What the command keeps in the checkpoint besides the sums. */
  readonly extra?: () => unknown;
}

/**
 * Plays a job's remaining batches, checkpointing as it goes, until it is complete or a signal
 * stops it; the finished batches are in checkpoint.json either way.
 */
export async function playJob(
  context: CommandContext,
  dir: string,
  progress: JobProgress<any>,
  options: Pick<RunOptions, 'workers'>,
  runners: Runners,
  stop: SignalStop,
  hooks: PlayHooks = {},
): Promise<'complete' | 'interrupted'> {
  const save = () => writeCheckpoint(dir, { ...progress.checkpoint(), ...(hooks.extra ? { extra: hooks.extra() } : {}) });
  save();
  let lastSave = Date.now();
  let status: 'complete' | 'interrupted';
  try {
    // A lane plays one table at a time: with bots in every match-up it is a table of bot processes
    // (each seat's kept for the run where the game's protocol says so), and lanes beyond the
    // workers would only start more of them; worker tasks get two per worker, so none waits.
    const botsOnly = progress.job.matchups.every((matchup) => runners.hasExternalSeat(matchup.seats));
    status = await executeJob(progress, runners, {
      concurrency: botsOnly ? options.workers : options.workers * 2,
      registry: context.registryModule,
      signal: stop.signal,
      play: hooks.play,
      onBatch: (done) => {
        hooks.onBatch?.(done);
        if (Date.now() - lastSave >= CHECKPOINT_MS) {
          save();
          lastSave = Date.now();
        }
      },
    });
  } catch (error) {
    // Whatever stopped the run, its finished batches are kept, unless writing is what failed.
    if (!(error instanceof WriteFailure)) save();
    throw error;
  }
  save();
  return status;
}

/**
 * Runs `work`, which writes into a results folder whose checkpoint holds the run so far: a write
 * that fails is reported with how to go on. Every write replaces a whole file, so the last
 * checkpoint written is intact and the run resumes from there.
 */
export async function keepingCheckpoint<T>(job: JobFile, dir: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WriteFailure)) throw error;
    const fix = error.outOfSpace ? 'free some space' : 'make it writable';
    throw error.withAdvice(
      `the games up to the last checkpoint are kept: ${fix}, then continue with: ${invokedCommand()} ${job.command} --resume ${dir}`,
    );
  }
}

export function warnStopped(context: CommandContext, job: JobFile, dir: string, gamesDone: number): void {
  context.warn(
    `stopped after ${gamesDone.toLocaleString('en-US')} of ${job.games.toLocaleString('en-US')} games; ` +
      `results so far in ${dir}; continue with: ${invokedCommand()} ${job.command} --resume ${dir}`,
  );
}

/** Lets the result hooks (charts, report) finish a results folder; a hook's failure is only reported. */
export async function runResultHooks(context: CommandContext, dir: string, summary: RunSummary, job: JobFile): Promise<void> {
  for (const hook of context.resultHooks) {
    try {
      await hook(dir, summary, job);
    } catch (error) {
      if (error instanceof WriteFailure)
        throw error.withAdvice(`the results are complete; draw the charts again with: parlor chart ${dir}`);
      context.warn(`could not finish the results folder: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

// Often enough that a crash loses little, rarely enough that writing costs nothing noticeable.
const CHECKPOINT_MS = 500;

function summarize(context: CommandContext, job: JobFile, matches: readonly PreparedMatch[], progress: JobProgress<Counters>): RunSummary {
  const counters = progress.snapshot();
  return summarizeRun({
    game: context.registry.game(job.game),
    design: job.design,
    seed: job.seed,
    gamesPlanned: job.games,
    strategies: job.strategies,
    ratings: job.command === 'tournament',
    matchups: matches.map((match, index) => ({
      seats: job.matchups[index].seats,
      offset: job.matchups[index].offset,
      slotNames: match.slots.map((slot) => slot.spec.text),
      counters: counters[index],
    })),
  });
}

function printSummary(context: CommandContext, summary: RunSummary, dir: string, options: RunOptions): void {
  // The folder goes beside the figures, not into summary.json: a folder may be moved after the run.
  context.print(
    options.json ? JSON.stringify({ ...summary, resultsDir: dir }, null, 2) : `${formatRunSummary(summary)}\n\nresults: ${dir}`,
  );
}

function timestamp(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'run';
}

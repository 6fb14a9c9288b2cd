import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { BUILTIN_REGISTRY_MODULE, loadExternalHost } from '../../app.ts';
import { Errors } from '../../core/errors.ts';
import { keyValueText } from '../../core/key-values.ts';
import type { Game } from '../../core/game.ts';
import type { Registry } from '../../core/registry.ts';
import { PLAY_SETTING_FLAGS, recordedSettings, type JobFile, type JobSpec, type RecordedSettings } from '../../runner/job/job.ts';
import { checkSameJob, readJobToResume, resumeJob, startJob, type JobContext } from '../../runner/job/jobs.ts';
import type { JobPlan } from '../../runner/job/plan.ts';
import type { RunSummary } from '../../runner/summary/summary-types.ts';
import { Timeline } from '../../runner/job/timeline.ts';
import type { CommandContext } from '../command.ts';
import { batchNote, count, countOf, formatRunSummary, gamesNote } from '../format.ts';
import { invokedCommand, resumeCommand } from '../invocation.ts';
import type { SandboxLimits } from '../../runner/play/external.ts';

/** Options every command that runs a job shares. */
export interface RunOptions {
  readonly workers: number;
  /** The most each worker thread's heap may take, in MB (--worker-memory). */
  readonly workerMemory?: number;
  readonly batch?: number;
  readonly out?: string;
  readonly name?: string;
  readonly force?: boolean;
  readonly resume?: string;
  readonly json?: boolean;
  readonly quiet?: boolean;
  readonly moveTimeout?: number;
  readonly startTimeout?: number;
  /** How `cmd:` bots talk to parlor (--channel). */
  readonly channel?: string;
  /** How their messages are framed (--framing). */
  readonly framing?: string;
  /** Run them in a sandbox with these limits (--sandbox). */
  readonly sandbox?: SandboxLimits;
  readonly transcripts?: boolean;
  /** A Redis server whose workers play the batches (--redis). */
  readonly redis?: string;
}

/** What differs between the commands that run jobs (sim, tournament). */
export interface RunKind<O extends RunOptions> {
  readonly command: string;
  /** Checks the options and lays out the job. */
  plan(registry: Registry, options: O): JobPlan;
  /** The options that would plan `job` again: a resume lays the options typed over these. */
  optionsOf(job: JobSpec): Partial<O>;
}

/** Options that change what a job plays; on --resume they must agree with the job. */
const JOB_OPTIONS = [
  'game',
  'players',
  'strategies',
  'seat',
  'games',
  'seed',
  'design',
  'seatings',
  'rules',
  'batch',
  'untilClear',
  'measure',
];

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

/**
 * The threads that play a run: --workers as typed, capped at a few per core with a note; with
 * --redis they are other machines' threads, not capped, and by default those of the workers
 * taking batches when the run starts.
 */
export async function runThreads(
  context: CommandContext,
  options: { readonly workers: number; readonly redis?: string },
  given: ReadonlySet<string>,
): Promise<number> {
  if (options.redis === undefined) return usableWorkers(context, options.workers);
  if (given.has('workers')) return options.workers;
  const threads = await (await import('../../runner/job/remote/queue-runner.ts')).queuedThreads(options.redis);
  // None taking batches yet, or none the server lets us count: this machine's cores.
  return threads !== null && threads > 0 ? threads : options.workers;
}

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

/** The runner's view of a command's surroundings: the bot host, the words that start parlor again, the profile if asked for. */
export function jobContext(context: CommandContext, timeline?: Timeline): JobContext {
  return { ...context, loadExternalHost, hostModule: BUILTIN_REGISTRY_MODULE, invocation: invokedCommand(), timeline };
}

/** PARLOR_PROFILE=1 asks for the run's time breakdown on stderr. */
export function profileRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PARLOR_PROFILE !== undefined && env.PARLOR_PROFILE !== '' && env.PARLOR_PROFILE !== '0';
}

export async function runJobCommand<O extends RunOptions>(
  context: CommandContext,
  kind: RunKind<O>,
  typed: O,
  given: ReadonlySet<string>,
): Promise<number> {
  const stop = new SignalStop();
  const timeline = profileRequested() ? new Timeline() : undefined;
  timeline?.end('load');
  try {
    const options: O = { ...typed, workers: await runThreads(context, typed, given) };
    const settings = { ...options, signal: stop.signal };
    let outcome;
    if (options.resume) {
      const job = resumableJob(context, kind, options, given);
      await checkChannel(context.registry.game(job.game), options);
      await checkRecordedSettings(context.registry.game(job.game), options.resume, job, options, given);
      outcome = await inRunFolder(options.resume, job, (dir) => resumeJob(jobContext(context, timeline), dir, settings, job));
    } else {
      const plan = kind.plan(context.registry, options);
      await checkChannel(context.registry.game(plan.game), options);
      for (const note of [gamesNote(plan), batchNote(plan, options.batch)]) if (note !== null) context.warn(note);
      outcome = await startJob(jobContext(context, timeline), plan, settings);
    }
    if (outcome.status === 'not-started') return stoppedBeforeStart(context, stop);
    if (outcome.status === 'already-complete') noteFinished(context, outcome.dir);
    printSummary(context, outcome.summary, outcome.dir, options);
    if (timeline) context.warn(timeline.format());
    if (outcome.status !== 'interrupted') return 0;
    warnStopped(context, outcome, options.redis);
    return stop.exitCode;
  } finally {
    stop.dispose();
  }
}

/** A resume of a run that had finished plays nothing: said before its results are shown again. */
export function noteFinished(context: CommandContext, dir: string): void {
  context.warn(`note: ${dir} holds a finished run: nothing was left to play`);
}

/**
 * Resumes in the folder the run was started in (job.json's cwd, while it exists): its strategy
 * files' relative paths lead there, so the rest of the run loads, checks and plays the files its
 * start did, wherever it is resumed from. `resume` gets the results folder's path from there; the
 * process goes back to its own folder after.
 */
export async function inRunFolder<T>(dir: string, job: { readonly cwd?: string }, resume: (dir: string) => Promise<T>): Promise<T> {
  const here = process.cwd();
  if (job.cwd === undefined || resolve(job.cwd) === here || !existsSync(job.cwd)) return resume(dir);
  const absolute = resolve(dir);
  process.chdir(job.cwd);
  try {
    return await resume(absolute);
  } finally {
    process.chdir(here);
  }
}

/** Refuses a --channel or --framing the game's bots cannot talk over, before anything starts. */
export async function checkChannel(game: Game<any, any>, { channel, framing }: { channel?: string; framing?: string }): Promise<void> {
  if (channel === undefined && framing === undefined) return;
  const { channelFor, framingFor } = await import('../../protocol/protocols.ts');
  channelFor(game, channel);
  framingFor(game, framing);
}

/** The job in --resume's folder, checked against the options typed with it. */
function resumableJob<O extends RunOptions>(context: CommandContext, kind: RunKind<O>, options: O, given: ReadonlySet<string>): JobFile {
  const dir = options.resume as string;
  const job = readJobToResume(dir, kind.command);
  if (given.has('out') && resolve(options.out as string) !== resolve(dir))
    throw Errors.resumeMismatch(dir, '--out cannot be changed on resume: the rest of the run goes into its own folder');
  if (given.has('name') && options.name !== job.name) throw Errors.resumeMismatch(dir, '--name cannot be changed on resume');
  if (given.has('force'))
    throw Errors.resumeMismatch(
      dir,
      `--force does not apply to a resume, which keeps the games the folder holds (to play it afresh instead: --out ${dir} --force, without --resume)`,
    );
  const typed = JOB_OPTIONS.filter((option) => given.has(option));
  if (typed.length > 0) {
    const stored = kind.optionsOf(job) as Record<string, unknown>;
    if (given.has('seat')) delete stored.strategies;
    if (given.has('strategies')) delete stored.seat;
    const overlay = Object.fromEntries(typed.map((option) => [option, (options as unknown as Record<string, unknown>)[option]]));
    const merged = { ...options, ...stored, ...overlay, rules: { ...job.rules, ...((overlay.rules as object) ?? {}) } } as O;
    checkSameJob(dir, job, kind.plan(context.registry, merged), merged.batch ?? job.batchGames);
  }
  return job;
}

/** The options of how games are played that a job records, with their flags. */
const SETTING_FLAGS = { ...PLAY_SETTING_FLAGS, sandbox: '--sandbox' } as const satisfies Partial<Record<keyof RecordedSettings, string>>;

/**
 * What the resume of a comparison or tuning run may be told: where and how it runs, and the play
 * settings it recorded (checkRecordedSettings holds those to the run's values). Everything else
 * comes from its job.json.
 */
const RESUMABLE_OPTIONS: ReadonlySet<string> = new Set(['resume', 'workers', 'redis', 'json', 'quiet', ...Object.keys(SETTING_FLAGS)]);

/** Refuses, naming them, the options typed on such a resume that it cannot change. */
export function refuseFixedOnResume(dir: string, given: ReadonlySet<string>): void {
  const fixed = [...given].filter((option) => !RESUMABLE_OPTIONS.has(option));
  if (fixed.length === 0) return;
  const flags = fixed.map((option) => `--${option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`);
  throw Errors.resumeMismatch(dir, `${flags.join(', ')} cannot be changed on resume`);
}

/**
 * Refuses a setting typed on --resume that differs from the one the job recorded: the rest of the
 * run plays with the recorded one (its games so far did), so one typed otherwise would be ignored.
 */
export async function checkRecordedSettings(
  game: Game<any, any>,
  dir: string,
  job: Pick<JobFile, 'cwd' | 'play' | 'sandbox'>,
  options: Partial<Pick<RecordedSettings, keyof typeof SETTING_FLAGS>>,
  given: ReadonlySet<string>,
): Promise<void> {
  const recorded = recordedSettings(job);
  const typed = (Object.keys(SETTING_FLAGS) as (keyof typeof SETTING_FLAGS)[]).filter((option) => given.has(option) && option in recorded);
  if (typed.length === 0) return;
  const { channelFor, framingFor } = await import('../../protocol/protocols.ts');
  // A channel or framing left out is the game's own: typing that one changes nothing.
  const effective = (option: keyof typeof SETTING_FLAGS, value: unknown): unknown =>
    option === 'channel'
      ? channelFor(game, value as string | undefined)
      : option === 'framing'
        ? framingFor(game, value as string | undefined)
        : value;
  for (const option of typed) {
    const ran = recorded[option];
    if (JSON.stringify(effective(option, options[option])) === JSON.stringify(effective(option, ran))) continue;
    throw Errors.resumeMismatch(
      dir,
      `${SETTING_FLAGS[option]} ${shownSetting(option, options[option])} differs from what the run played with ` +
        `(${shownSetting(option, ran)}), and the rest of it plays so too (start a new run to change it)`,
    );
  }
}

function shownSetting(option: keyof typeof SETTING_FLAGS, value: unknown): string {
  if (value === undefined) return option === 'sandbox' ? 'no sandbox' : 'the default';
  if (typeof value === 'object' && value !== null) return keyValueText(value);
  return String(value);
}

export function stoppedBeforeStart(context: CommandContext, stop: SignalStop): number {
  context.warn('stopped before the run started; nothing was written');
  return stop.exitCode;
}

/** Where a stopped run stands: its games in the results so far, and those kept only for its resume. */
export interface StoppedRun {
  readonly job: JobFile;
  readonly dir: string;
  readonly gamesDone: number;
  /** Games of a round not finished whole: in the checkpoint, not in the results (JobProgress.gamesAhead). */
  readonly gamesAhead?: number;
}

/** Says where a stopped run stands and how to go on, on the queue it used (`redis`) if any. */
export function warnStopped(context: CommandContext, { job, dir, gamesDone, gamesAhead = 0 }: StoppedRun, redis?: string): void {
  // A tournament's results so far hold whole rounds only (JobProgress.snapshot); the rest played is not lost.
  const ahead =
    gamesAhead === 0
      ? ''
      : `; the resume keeps ${countOf(gamesAhead, 'more game')} played in a round not yet finished, left out of those results`;
  context.warn(
    `stopped after ${count(gamesDone)} of ${count(job.games)} games; results so far in ${dir}${ahead}; ` +
      `continue with: ${resumeCommand(job.command, dir, redis)}`,
  );
}

function printSummary(context: CommandContext, summary: RunSummary, dir: string, options: RunOptions): void {
  // The folder goes beside the figures, not into summary.json: a folder may be moved after the run.
  context.print(
    options.json ? JSON.stringify({ ...summary, resultsDir: dir }, null, 2) : `${formatRunSummary(summary)}\n\nresults: ${dir}`,
  );
}

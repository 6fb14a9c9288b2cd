import { join } from 'node:path';
import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import { MatchPlayer } from '../../runner/batch.ts';
import { chooseBatchGames } from '../../runner/calibrate.ts';
import { blockGames } from '../../runner/design.ts';
import { buildJob, jobId, matchSpecOf, specOf, type JobFile, type JobInput, type JobSpec } from '../../runner/job.ts';
import { prepareMatch, type PreparedMatch } from '../../runner/match.ts';
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
import { JobProgress, executeJob } from '../../runner/run-job.ts';
import { Runners } from '../../runner/runners.ts';
import { summarizeRun, type RunSummary } from '../../runner/summary.ts';
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

export async function runJobCommand<O extends RunOptions>(
  context: CommandContext,
  kind: RunKind<O>,
  options: O,
  given: ReadonlySet<string>,
): Promise<number> {
  const runners = await Runners.create(options.workers, { moveTimeout: options.moveTimeout, transcripts: options.transcripts });
  try {
    return options.resume ? await resume(context, kind, options, given, runners) : await start(context, kind, options, runners);
  } finally {
    await runners.close();
  }
}

async function start<O extends RunOptions>(context: CommandContext, kind: RunKind<O>, options: O, runners: Runners): Promise<number> {
  const plan = kind.plan(context.registry, options);
  const probe = buildJob({ ...plan, batchGames: blockGames(plan.design, plan.players) });
  const players = await preparePlayers(context.registry, probe, runners);
  const inProcess = players.filter((player) => !runners.hasExternalSeat(player.match.spec.seats));
  const batchGames =
    options.batch ??
    (inProcess.length > 0
      ? chooseBatchGames(inProcess, probe.games, options.workers)
      : EXTERNAL_BATCH_BLOCKS * blockGames(plan.design, plan.players));
  const spec = buildJob({ ...plan, batchGames });
  const name = options.name ?? kind.command;
  const dir = openResultsFolder(options, name);
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
    ...spec,
  };
  writeJob(dir, job);
  return execute(
    context,
    dir,
    job,
    players.map((player) => player.match),
    null,
    options,
    runners,
  );
}

/** The run's results folder, made fresh: --out (emptied with --force), else results/<date>-<time>-<name>. */
export function openResultsFolder(options: Pick<RunOptions, 'out' | 'force'>, name: string): string {
  if (options.out === undefined) return claimFreshFolder(join('results', `${timestamp(new Date())}-${safeName(name)}`));
  createResultsFolder(options.out, options.force === true);
  return options.out;
}

// Bot processes start once per round: a few blocks per task keep every worker's bots busy.
const EXTERNAL_BATCH_BLOCKS = 8;

async function resume<O extends RunOptions>(
  context: CommandContext,
  kind: RunKind<O>,
  options: O,
  given: ReadonlySet<string>,
  runners: Runners,
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
  const summary = hasCheckpoint(dir) ? null : existingSummary(dir);
  if (summary?.complete) {
    context.progress(`${dir} is already complete\n`);
    printSummary(context, summary, dir, options);
    return 0;
  }
  if (summary) throw Errors.corruptResults(dir, 'its summary is unfinished but its checkpoint is missing');
  // No checkpoint and no summary: the run was stopped before its first game, so it starts afresh.
  const checkpoint = hasCheckpoint(dir) ? readCheckpoint(dir) : null;
  const players = await preparePlayers(context.registry, job, runners);
  return execute(
    context,
    dir,
    job,
    players.map((player) => player.match),
    checkpoint,
    options,
    runners,
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
async function preparePlayers(registry: Registry, job: JobSpec, runners: Runners): Promise<MatchPlayer[]> {
  const players: MatchPlayer[] = [];
  for (let index = 0; index < job.matchups.length; index++) {
    const spec = matchSpecOf(job, index);
    const match = await prepareMatch(registry, spec, runners.resolverFor(spec.seats));
    try {
      players.push(new MatchPlayer(match, job.design));
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
  checkpoint: ReturnType<typeof readCheckpoint> | null,
  options: RunOptions,
  runners: Runners,
): Promise<number> {
  runners.useResultsFolder(dir);
  const progress = new JobProgress(
    job,
    job.id,
    matches.map((match) => match.layout),
  );
  if (checkpoint) {
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
  writeCheckpoint(dir, progress.checkpoint());
  const meter = new ProgressMeter((text) => context.progress(text), job.games);
  const stop = new AbortController();
  let stoppedBy: string | null = null;
  const handlers = Object.keys(SIGNAL_EXIT).map((signal) => {
    const handler = () => {
      stoppedBy ??= signal;
      stop.abort();
    };
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  let lastSave = Date.now();
  let status: 'complete' | 'interrupted';
  try {
    status = await executeJob(progress, runners, {
      concurrency: options.workers * 2,
      registry: context.registryModule,
      signal: stop.signal,
      onBatch: (done) => {
        meter.update(done.gamesDone);
        if (Date.now() - lastSave >= CHECKPOINT_MS) {
          writeCheckpoint(dir, done.checkpoint());
          lastSave = Date.now();
        }
      },
    });
  } finally {
    for (const remove of handlers) remove();
    meter.finish();
    writeCheckpoint(dir, progress.checkpoint());
  }
  const summary = summarize(context, job, matches, progress);
  writeSummary(dir, summary);
  for (const note of summary.forfeitGames) {
    context.warn(
      `forfeit in game ${note.game} (--seed ${job.seed} --game ${note.game}): seat ${note.seat}, ${note.strategy}, ${note.reason}; ` +
        `transcript: ${invokedCommand()} replay --job ${dir} --game ${note.game}`,
    );
  }
  if (status === 'interrupted') {
    // The report of the games so far is drawn too, marked partial; a second signal stops it at once.
    await runResultHooks(context, dir, summary, job);
    printSummary(context, summary, dir, options);
    context.warn(
      `stopped after ${progress.gamesDone.toLocaleString('en-US')} of ${job.games.toLocaleString('en-US')} games; ` +
        `results so far in ${dir}; continue with: ${invokedCommand()} ${job.command} --resume ${dir}`,
    );
    return SIGNAL_EXIT[stoppedBy ?? 'SIGINT'];
  }
  removeCheckpoint(dir);
  await runResultHooks(context, dir, summary, job);
  printSummary(context, summary, dir, options);
  return 0;
}

/** Lets the result hooks (charts, report) finish a results folder; a hook's failure is only reported. */
export async function runResultHooks(context: CommandContext, dir: string, summary: RunSummary, job: JobFile): Promise<void> {
  for (const hook of context.resultHooks) {
    try {
      await hook(dir, summary, job);
    } catch (error) {
      context.warn(`could not finish the results folder: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

// Often enough that a crash loses little, rarely enough that writing costs nothing noticeable.
const CHECKPOINT_MS = 500;

function summarize(context: CommandContext, job: JobFile, matches: readonly PreparedMatch[], progress: JobProgress): RunSummary {
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

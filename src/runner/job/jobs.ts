import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import type { Counters } from '../play/counters.ts';
import { blockGames } from '../play/design.ts';
import type { ExternalHostLoader } from '../play/external.ts';
import { lockResultsFolder, type FolderLock } from './folder-lock.ts';
import {
  BatchPlan,
  buildJob,
  jobId,
  locateGame,
  matchSpecOf,
  playSettingsOf,
  recordedSettings,
  specOf,
  type JobFile,
  type JobSpec,
} from './job.ts';
import { TRANSCRIPTS_FOLDER } from '../play/transcript.ts';
import { prepareMatch, type PreparedMatch } from '../play/match.ts';
import type { JobPlan } from './plan.ts';
import { ProgressMeter } from './progress.ts';
import { CheckpointPace } from './checkpoint-pace.ts';
import {
  claimFreshFolder,
  createResultsFolder,
  hasCheckpoint,
  readCheckpoint,
  readJob,
  readJobCommand,
  readSummary,
  removeCheckpoint,
  ResultFiles,
  writeCheckpoint,
  writeJob,
  writeSummary,
} from './results.ts';
import { countersOf, executeJob, JobProgress, type Checkpoint, type ExecuteOptions } from './run-job.ts';
import { Runners } from './runners.ts';
import { MadeSeats } from '../play/batch.ts';
import { changedSources, sourceHashes, strategyFiles, type SourceHashes } from '../play/loading/sources.ts';
import { confinementOf, trustStrategyFiles } from '../play/loading/trust.ts';
import type { SandboxLimits } from '../play/external.ts';
import { summarizeRun } from '../summary/summary.ts';
import type { RunSummary } from '../summary/summary-types.ts';
import type { Timeline } from './timeline.ts';
import { chooseMeasure } from '../summary/measures.ts';
import { ClearLeaderStop, untilClearLookGames } from '../compare/until-clear.ts';
import { forfeitDetails, type ForfeitDetail, type NotedMatchup } from './forfeit-detail.ts';
import { gitCommit, version } from './version.ts';
import { WriteFailure } from '../../core/write-errors.ts';
import { shellWord } from '../../core/shell-word.ts';

/** Runs after a run has written its results folder (charts, reports), while the folder is still locked. */
export type ResultHook = (dir: string, summary: RunSummary, job: JobFile) => Promise<void>;

/** What a job runs with: the games and strategies, the host of bot seats, and where it reports. */
export interface JobContext {
  readonly registry: Registry;
  /** URL of the module whose builtinRegistry() worker threads load (the same games and strategies as `registry`). */
  readonly registryModule: string;
  /** The host of bot-process seats, passed in so that the runner never loads the protocol code itself. */
  readonly loadExternalHost: ExternalHostLoader;
  /**
   * URL of a module whose loadExternalHost() gives the same host: with it, bot tables play on
   * threads of their own, one per worker; without, all in the main thread.
   */
  readonly hostModule?: string;
  readonly resultHooks: readonly ResultHook[];
  /** The words that start parlor, for the printed hints that continue or replay a run. */
  readonly invocation: string;
  /** Progress and notices, for a terminal. */
  progress(text: string): void;
  /** Anomalies the caller must see: forfeits, a resumed run's notes, a result hook that failed. */
  warn(text: string): void;
  /** Called as the games start: loads what the result hooks will need while the workers play. */
  readonly prepareResultHooks?: () => void;
  /** Where the run notes the end of each phase, when its time breakdown is wanted. */
  readonly timeline?: Timeline;
}

/** How a job runs and where its results land; none of it changes the results. */
export interface JobSettings {
  readonly workers: number;
  /** Games per task; by default about a quarter second of play. */
  readonly batch?: number;
  /** The results folder; by default results/<date>-<time>-<name>. */
  readonly out?: string;
  readonly name?: string;
  /** Empty `out` first, unless another run holds it. */
  readonly force?: boolean;
  /** Seconds a strategy file or bot may take per decision. */
  readonly moveTimeout?: number;
  /** The most each worker thread's heap may take, in MB; by default a share of the machine's memory. */
  readonly workerMemory?: number;
  /** Seconds a bot may take to start and open its channel. */
  readonly startTimeout?: number;
  /** Keep each game's protocol message log in the results folder. */
  readonly transcripts?: boolean;
  /** How `cmd:` bots talk to parlor (a channel the game's protocol offers); its default when absent. */
  readonly channel?: string;
  /** How messages to and from `cmd:` bots are framed; the game's original framing when absent. */
  readonly framing?: string;
  /** Run `cmd:` bots in a sandbox with these limits (--sandbox). */
  readonly sandbox?: SandboxLimits;
  /** Aborting stops the run where it is, keeping its finished batches for a resume. */
  readonly signal?: AbortSignal;
  /**
   * A Redis server's URL: the batches are queued there for `parlor worker` processes instead of
   * played here, and `workers` counts the threads of all of them together.
   */
  readonly redis?: string;
}

/** How a job ended: stopped before its folder was made, or with a results folder and its summary. */
export type JobOutcome =
  | { readonly status: 'not-started' }
  | {
      readonly status: 'complete' | 'interrupted' | 'already-complete';
      readonly dir: string;
      readonly job: JobFile;
      readonly summary: RunSummary;
      readonly gamesDone: number;
      /** Games played in a round not finished whole: kept for a resume, not in the results (JobProgress.gamesAhead). */
      readonly gamesAhead: number;
    };

/** Holds the lock of a results folder while `work` runs. */
export async function whileLocked<T>(lock: FolderLock, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/**
 * What every job file records beside its spec: its id and name, when and by which parlor it ran,
 * from which folder, what each seat loaded, the strategy files' hashes, and which of them ran
 * confined.
 */
export function jobHead(registry: Registry, spec: JobSpec, name: string, loaded: JobFile['loaded']) {
  return {
    id: jobId(spec),
    name,
    created: new Date().toISOString(),
    parlor: { version, commit: gitCommit() },
    cwd: process.cwd(),
    loaded,
    sources: jobSources(registry, spec),
    confinement: confinementOf(strategyFiles(spec.strategies, (strategy) => registry.findStrategy(spec.game, strategy) !== undefined)),
  };
}

/** The hashes of a job's strategy files (see sources.ts). */
export function jobSources(registry: Registry, job: Pick<JobSpec, 'game' | 'strategies'>): SourceHashes {
  return sourceHashes(job.strategies, (name) => registry.findStrategy(job.game, name) !== undefined);
}

/** Plans the job's batches, loads its strategies, makes its results folder and plays it to the end or to a stop. */
export async function startJob(context: JobContext, plan: JobPlan, settings: JobSettings): Promise<JobOutcome> {
  const runners = await createRunners(context, settings);
  return withRunners(runners, settings, async () => {
    runners.startWorkers(plan.matchupSeats);
    const { matches, batchGames } = await prepareAndSize(context.registry, plan, settings, runners);
    const spec = buildJob({ ...plan, batchGames });
    if (settings.signal?.aborted) return { status: 'not-started' };
    const name = settings.name ?? plan.command;
    const loaded = Object.fromEntries(
      matches.flatMap((match) => match.slots).map((slot) => [slot.spec.text, { strategy: slot.definition.name, params: slot.params }]),
    );
    const job: JobFile = {
      ...jobHead(context.registry, spec, name, loaded),
      ...(settings.sandbox ? { sandbox: settings.sandbox } : {}),
      ...(settings.transcripts ? { transcripts: true } : {}),
      play: playSettingsOf(settings),
      ...spec,
    };
    const { dir, lock } = openResultsFolder(settings, name);
    return await whileLocked(lock, async () => {
      writeJob(dir, job);
      return execute(context, dir, job, matches, null, settings, runners);
    });
  });
}

/**
 * The job's match-ups, loaded and checked, and its games per batch. The tables made here to check
 * and time the match-ups are let go as soon as they have done so: held for the whole run, a
 * tournament of 11,880 Love Letter seatings kept 1.2 GB of tables its games never play on (the
 * workers make their own).
 */
async function prepareAndSize(
  registry: Registry,
  plan: JobPlan,
  settings: JobSettings,
  runners: Runners,
): Promise<{ matches: PreparedMatch[]; batchGames: number }> {
  const probe = buildJob({ ...plan, batchGames: blockGames(plan.design, plan.players) });
  const matches = await prepareMatches(registry, probe, runners, settings.moveTimeout);
  const inProcess = matches.filter((match) => !runners.hasExternalSeat(match.spec.seats));
  // A sequential stop looks after each batch, so its batches are sized from the job alone: timing
  // them would let the machine decide where the run stops.
  const batchGames =
    settings.batch ??
    (plan.untilClear !== undefined
      ? untilClearLookGames(probe.games)
      : inProcess.length > 0
        ? await runners.batchGamesFor(inProcess, plan.design, probe.games, settings.moveTimeout)
        : EXTERNAL_BATCH_BLOCKS * blockGames(plan.design, plan.players));
  return { matches, batchGames };
}

/**
 * Plays with `runners`, closes them, and then, once nothing plays any more, leaves a stopped run's
 * transcripts to the games its checkpoint counts: a batch cut short leaves the logs of games its
 * results do not count yet (a resume plays them again and writes them anew).
 */
async function withRunners(
  runners: Runners,
  settings: Pick<JobSettings, 'transcripts'>,
  play: () => Promise<JobOutcome>,
): Promise<JobOutcome> {
  let outcome: JobOutcome;
  try {
    outcome = await play();
  } finally {
    await runners.close();
  }
  if (outcome.status === 'interrupted' && settings.transcripts) keepCountedTranscripts(outcome.dir, outcome.job);
  return outcome;
}

function keepCountedTranscripts(dir: string, job: JobSpec): void {
  const folder = join(dir, TRANSCRIPTS_FOLDER);
  if (!existsSync(folder) || !hasCheckpoint(dir)) return;
  const checkpoint = readCheckpoint(dir);
  const plan = new BatchPlan(job);
  const counted = (batch: number) => batch < checkpoint.merged || checkpoint.pending.some((pending) => pending.batch === batch);
  for (const name of readdirSync(folder)) {
    const game = /^game-(\d+)\.txt$/.exec(name);
    const place = game === null ? null : locateGame(job, Number(game[1]));
    if (place !== null && !counted(plan.batchOf(place.matchup, place.local))) rmSync(join(folder, name), { force: true });
  }
}

/** The runners of a job: worker threads (or the queue of remote workers), and the host of bot seats with the run's settings. */
export async function createRunners(
  context: JobContext,
  settings: Pick<
    JobSettings,
    'workers' | 'moveTimeout' | 'workerMemory' | 'startTimeout' | 'transcripts' | 'channel' | 'framing' | 'sandbox' | 'redis'
  > & {
    readonly resultsDir?: string;
    /** Where bots run and their relative paths start; this process's folder when absent. */
    readonly cwd?: string;
  },
): Promise<Runners> {
  if (settings.redis !== undefined && settings.transcripts)
    throw Errors.badOption('--transcripts is not available with --redis: the games are played on other machines');
  // The queue's code (BullMQ) loads only for a run that uses it.
  const remote =
    settings.redis === undefined
      ? null
      : await (
          await import('./remote/queue-runner.ts')
        ).QueueRunner.open(settings.redis, { registry: context.registry, moveTimeout: settings.moveTimeout, warn: context.warn });
  return Runners.create(
    settings.workers,
    context.loadExternalHost,
    {
      moveTimeout: settings.moveTimeout,
      startTimeout: settings.startTimeout,
      transcripts: settings.transcripts,
      channel: settings.channel,
      framing: settings.framing,
      resultsDir: settings.resultsDir,
      sandbox: settings.sandbox,
      cwd: settings.cwd,
    },
    { registry: context.registryModule, host: context.hostModule, workerMemory: settings.workerMemory },
    remote,
  );
}

/**
 * The run's results folder, made fresh and locked: --out (emptied with --force, unless another
 * run holds it), else results/<date>-<time>-<name>.
 */
export function openResultsFolder(
  options: Pick<JobSettings, 'out' | 'force'>,
  name: string,
  marker: string = ResultFiles.JOB,
): { dir: string; lock: FolderLock } {
  if (options.out === undefined) return claimFreshFolder(join('results', `${timestamp(new Date())}-${safeName(name)}`));
  return { dir: options.out, lock: createResultsFolder(options.out, options.force === true, marker) };
}

/** Refuses to resume a job whose strategy files changed since it started: its results would mix two versions. */
export function checkSources(registry: Registry, dir: string, job: JobFile): void {
  if (!job.sources) return;
  const changed = changedSources(job.sources, jobSources(registry, job));
  if (changed.length > 0)
    throw Errors.resumeMismatch(
      dir,
      `strategy file ${changed.join(', ')} changed or went missing since the run started (its results would mix two versions; start a new run)`,
    );
}

// Bot processes start once per round: a few blocks per task keep every worker's bots busy.
const EXTERNAL_BATCH_BLOCKS = 8;

/** A results folder's job, checked to be whole and, when `command` is given, of that command. */
export function readJobToResume(dir: string, command?: string): JobFile {
  // Read for its command first: another command's job.json (a tuning run's) is whole, only not laid out as this one's.
  const held = command === undefined ? undefined : readJobCommand(dir);
  if (held !== undefined && held !== command)
    throw Errors.resumeMismatch(
      dir,
      `it holds a ${held} run, not a ${command} run: continue it with parlor ${held} --resume ${shellWord(dir)}`,
    );
  const job = readJob(dir);
  if (jobId(job) !== job.id) throw Errors.corruptResults(dir, 'job.json does not match its id (was it edited?)');
  if (command !== undefined && job.command !== command)
    throw Errors.resumeMismatch(dir, `it holds a ${job.command} run, not a ${command} run`);
  return job;
}

/** Refuses a plan that describes another job than the folder's, naming what differs. */
export function checkSameJob(dir: string, job: JobFile, plan: JobPlan, batchGames: number): void {
  const again = buildJob({ ...plan, batchGames });
  if (jobId(again) === job.id) return;
  const differing = Object.keys(specOf(again)).filter(
    (key) => JSON.stringify(again[key as keyof JobSpec]) !== JSON.stringify(job[key as keyof JobSpec]),
  );
  throw Errors.resumeMismatch(dir, `the options given describe another job (${differing.join(', ')} differ)`);
}

/**
 * Goes on with an interrupted job from its results folder: the batches its checkpoint holds are
 * kept, the rest are played. A complete folder is only read back. The settings the job recorded
 * (timeouts, channel, framing, sandbox, the folder its bots ran in) replace those given: a game
 * played with others could end otherwise, and the results would no longer be one run's.
 */
export async function resumeJob(
  context: JobContext,
  dir: string,
  given: Omit<JobSettings, 'batch' | 'out' | 'name' | 'force'>,
  job: JobFile = readJobToResume(dir),
): Promise<JobOutcome> {
  // The files trusted when the run began stay trusted: the rest of it plays as its start did.
  trustStrategyFiles(job.confinement?.trusted ?? []);
  // A folder whose run kept transcripts gets those of the rest of its games, typed again or not.
  const settings = { ...given, ...recordedSettings(job), transcripts: given.transcripts === true || job.transcripts === true };
  const runners = await createRunners(context, settings);
  return withRunners(runners, settings, () =>
    whileLocked(lockResultsFolder(dir), () => resumeLocked(context, dir, job, settings, runners)),
  );
}

async function resumeLocked(context: JobContext, dir: string, job: JobFile, settings: JobSettings, runners: Runners): Promise<JobOutcome> {
  checkSources(context.registry, dir, job);
  const summary = hasCheckpoint(dir) ? null : existingSummary(dir);
  if (summary?.complete) {
    context.progress(`${dir} is already complete\n`);
    return { status: 'already-complete', dir, job, summary, gamesDone: job.games, gamesAhead: 0 };
  }
  if (summary) throw Errors.corruptResults(dir, 'its summary is unfinished but its checkpoint is missing');
  // No checkpoint and no summary: the run was stopped before its first game, so it starts afresh.
  const checkpoint = hasCheckpoint(dir) ? readCheckpoint(dir) : null;
  runners.startWorkers(job.matchups.map((matchup) => matchup.seats));
  const matches = await prepareMatches(context.registry, job, runners, settings.moveTimeout);
  return execute(context, dir, job, matches, checkpoint, settings, runners);
}

function existingSummary(dir: string): RunSummary | null {
  try {
    return readSummary(dir);
  } catch {
    return null;
  }
}

/**
 * Loads every match-up's strategies and makes its seats once (Runners.checkStart: those with
 * strategy files on a worker thread), so bad input fails before any work starts. A seat made for
 * one match-up is not made again for another that puts the same strategy at the same position
 * (MadeSeats), and the tables made are dropped once made.
 */
async function prepareMatches(registry: Registry, job: JobSpec, runners: Runners, moveTimeout?: number): Promise<PreparedMatch[]> {
  const matches: PreparedMatch[] = [];
  for (let index = 0; index < job.matchups.length; index++) {
    const spec = matchSpecOf(job, index);
    matches.push(await prepareMatch(registry, spec, runners.resolverFor(spec.seats)));
  }
  const made = new MadeSeats();
  await Promise.all(matches.map(async (match) => void (await runners.checkStart(match, job.design, moveTimeout, made))));
  return matches;
}

async function execute(
  context: JobContext,
  dir: string,
  job: JobFile,
  matches: readonly PreparedMatch[],
  checkpoint: Checkpoint | null,
  settings: JobSettings,
  runners: Runners,
): Promise<JobOutcome> {
  runners.useResultsFolder(dir);
  const progress = new JobProgress(
    job,
    job.id,
    matches.map((match) => countersOf(match.layout)),
  );
  const stop =
    job.untilClear === undefined
      ? null
      : new ClearLeaderStop(
          job.untilClear,
          matches[0].slots.map((slot) => slot.spec.text),
          chooseMeasure(matches[0].game, job.measure),
        );
  stop?.watch(progress);
  if (checkpoint) {
    restoreProgress(context, dir, job, progress, checkpoint);
    stop?.resumeFrom(progress);
  }
  const meter = new ProgressMeter((text) => context.progress(text), job.games);
  const timeline = context.timeline;
  timeline?.end('plan');
  context.prepareResultHooks?.();
  const { status, summary } = await keepingCheckpoint(context, job, dir, async () => {
    let played: 'complete' | 'interrupted';
    try {
      played = await playJob(context, dir, progress, settings, runners, { onBatch: (done) => meter.update(done.gamesDone) });
    } finally {
      meter.finish();
    }
    timeline?.end('play');
    timeline?.poolActivity(runners.poolActivity());
    const counters = progress.snapshot();
    const noted = matches.map((match, index) => ({ match, offset: job.matchups[index].offset, counters: counters[index] }));
    const details = await forfeitDetails(runners, job.design, noted, settings.moveTimeout);
    const written = summarizeJob(context.registry, job, noted, details, progress, stop, played === 'complete');
    writeSummary(dir, written);
    return { status: played, summary: written };
  });
  for (const note of summary.forfeitGames) {
    context.warn(
      `forfeit in game ${note.game} (--game ${job.game} --seed ${shellWord(job.seed)} --index ${note.game}): seat ${note.seat}, ${note.strategy}, ${note.reason}` +
        `${note.detail === undefined ? '' : `: ${note.detail}`}; ` +
        `transcript: ${context.invocation} replay --job ${shellWord(dir)} --index ${note.game}`,
    );
  }
  const unlisted = progress.counters.reduce((sum, counters) => sum + (counters?.noteCount() ?? 0), 0) - summary.forfeitGames.length;
  if (unlisted > 0) {
    context.warn(
      `and ${unlisted.toLocaleString('en-US')} more forfeits not listed (one per game, seat and reason); forfeits.csv counts them all`,
    );
  }
  // An interrupted run's report of the games so far is drawn too, marked partial; its checkpoint stays for a resume.
  if (status === 'complete') removeCheckpoint(dir);
  timeline?.end('summary');
  await runResultHooks(context, dir, summary, job);
  timeline?.end('charts');
  return { status, dir, job, summary, gamesDone: progress.gamesDone, gamesAhead: progress.gamesAhead };
}

/** Takes up a resumed job's checkpoint, refusing one that does not fit the job. */
export function restoreProgress(context: JobContext, dir: string, job: JobFile, progress: JobProgress<any>, checkpoint: Checkpoint): void {
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
  /** What the caller keeps in the checkpoint besides the sums. */
  readonly extra?: () => unknown;
}

/**
 * Plays a job's remaining batches, checkpointing as it goes, until it is complete or the signal
 * stops it; the finished batches are in checkpoint.json either way.
 */
export async function playJob(
  context: Pick<JobContext, 'registryModule'>,
  dir: string,
  progress: JobProgress<any>,
  settings: Pick<JobSettings, 'workers' | 'signal'>,
  runners: Runners,
  hooks: PlayHooks = {},
): Promise<'complete' | 'interrupted'> {
  const pace = new CheckpointPace();
  const save = () => pace.write(() => writeCheckpoint(dir, { ...progress.checkpoint(), ...(hooks.extra ? { extra: hooks.extra() } : {}) }));
  save();
  let status: 'complete' | 'interrupted';
  try {
    // A lane plays one table at a time: with bots in every match-up it is a table of bot processes
    // (each seat's kept for the run where the game's protocol says so), and lanes beyond the
    // workers would only start more of them; worker tasks get two per worker, so none waits.
    const botsOnly = progress.job.matchups.every((matchup) => runners.hasExternalSeat(matchup.seats));
    status = await executeJob(progress, runners, {
      concurrency: botsOnly ? settings.workers : settings.workers * 2,
      registry: context.registryModule,
      signal: settings.signal,
      play: hooks.play,
      onBatch: (done) => {
        hooks.onBatch?.(done);
        if (pace.due) save();
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
export async function keepingCheckpoint<T>(
  context: Pick<JobContext, 'invocation'>,
  job: JobFile,
  dir: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WriteFailure)) throw error;
    const fix = error.outOfSpace ? 'free some space' : 'make it writable';
    throw error.withAdvice(
      `the games up to the last checkpoint are kept: ${fix}, then continue with: ${context.invocation} ${job.command} --resume ${shellWord(dir)}`,
    );
  }
}

/** Lets the result hooks (charts, report) finish a results folder; a hook's failure is only reported. */
export async function runResultHooks(context: JobContext, dir: string, summary: RunSummary, job: JobFile): Promise<void> {
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

/** The summary of a job's games so far (all of them once it is complete, or up to its stop). */
function summarizeJob(
  registry: Registry,
  job: JobFile,
  matchups: readonly NotedMatchup[],
  details: readonly (ForfeitDetail | undefined)[],
  progress: JobProgress<Counters>,
  stop: ClearLeaderStop | null,
  finished: boolean,
): RunSummary {
  const untilClear = stop?.summary(job.games, finished);
  const summary = summarizeRun({
    game: registry.game(job.game),
    design: job.design,
    seed: job.seed,
    // A run that stopped clear played all it had to: its figures are complete.
    gamesPlanned: stop?.clear ? progress.gamesDone : job.games,
    strategies: job.strategies,
    ratings: job.command === 'tournament',
    matchups: matchups.map(({ match, offset, counters }, index) => ({
      seats: job.matchups[index].seats,
      offset,
      slotNames: match.slots.map((slot) => slot.spec.text),
      counters,
      forfeitDetail: details[index],
    })),
  });
  return untilClear ? { ...summary, untilClear } : summary;
}

function timestamp(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'run';
}

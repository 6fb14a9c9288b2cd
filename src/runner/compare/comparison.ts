import { join } from 'node:path';
import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import { waldBounds, type SprtConfig, type SprtResult } from '../../stats/sprt.ts';
import {
  comparisonEstimate,
  varianceReduction,
  type ComparisonEstimate,
  type ComparisonRun,
  type SprtPoint,
  type VarianceReduction,
  type Verdict,
} from './compare.ts';
import { playComparison, type ComparisonJob, type ComparisonPlaySettings, type PlayedComparison } from './comparison-job.ts';
import { expectedLength, planComparison, type ComparisonPlan, type ComparisonRequest, type ExpectedLength } from './comparison-plan.ts';
import { blockGames } from '../play/design.ts';
import { JOB_FORMAT, playSettingsOf, recordedSettings, type JobFile, type JobSpec, type PlaySettings } from '../job/job.ts';
import {
  checkSources,
  createRunners,
  jobHead,
  keepingCheckpoint,
  openResultsFolder,
  readJobToResume,
  runResultHooks,
  whileLocked,
  type JobContext,
  type JobSettings,
} from '../job/jobs.ts';
import type { Counters } from '../play/counters.ts';
import { lockResultsFolder } from '../job/folder-lock.ts';
import { prepareMatch, type PreparedMatch } from '../play/match.ts';
import { pairedArms, type PairedSpec, type PairedTotals } from './paired.ts';
import { refuseRemoteBots } from '../job/runners.ts';
import { hasCheckpoint, readCheckpoint, readSummary, removeCheckpoint, writeFileAtomic, writeJob, writeSummary } from '../job/results.ts';
import type { Checkpoint } from '../job/run-job.ts';
import type { PresetName } from './sprt-choices.ts';
import type { ResolvedStrategy } from '../play/loading/strategies.ts';
import { summarizeRun } from '../summary/summary.ts';
import { loadCheckMemory } from '../job/worker-memory.ts';
import type { RunSummary } from '../summary/summary-types.ts';
import { firstDetail, toCsv } from '../summary/tables.ts';

/** How a comparison runs and where its results land; the verdict depends on none of it. */
export type ComparisonSettings = Omit<JobSettings, 'batch' | 'transcripts'> & {
  /** Where bots run and their relative paths start; this process's folder when absent. */
  readonly cwd?: string;
};

/** Exit statuses of `parlor compare`, for scripts and CI (bad input is 3, as for every command). */
export const CompareExit = { PASS: 0, FAIL: 1, UNDECIDED: 2 } as const;

const EXIT_OF: Readonly<Record<Verdict, number>> = { H1: CompareExit.PASS, H0: CompareExit.FAIL, undecided: CompareExit.UNDECIDED };

/**
 * Loads both arms' strategies before anything is written, so bad input fails first and alone;
 * returns what job.json records of them: each spec's strategy and parameters as loaded.
 */
async function loadStrategies(
  context: JobContext,
  paired: PairedSpec,
  settings: Pick<ComparisonSettings, 'workers' | 'workerMemory' | 'redis' | 'cwd'>,
): Promise<NonNullable<JobFile['loaded']>> {
  // One thread loads here; the files are checked with the heap limit the run's workers will have.
  const workerMemory = loadCheckMemory({ ...settings, remote: settings.redis !== undefined });
  const runners = await createRunners(context, { workers: 1, workerMemory, cwd: settings.cwd });
  try {
    const loaded: Record<string, { strategy: string; params: ResolvedStrategy['params'] }> = {};
    for (const arm of Object.values(pairedArms(paired))) {
      const match = await prepareMatch(context.registry, arm, runners.resolverFor(arm.seats));
      for (const slot of match.slots) loaded[slot.spec.text] = { strategy: slot.definition.name, params: slot.params };
    }
    return loaded;
  } finally {
    await runners.close();
  }
}

/** A comparison's results, as summary.json holds them beside the two arms' usual figures. */
export interface ComparisonSummary {
  readonly candidate: string;
  readonly baseline: string;
  readonly opponents: readonly string[];
  readonly paired: boolean;
  readonly test: SprtConfig & { readonly preset: PresetName | null; readonly lower: number; readonly upper: number };
  /**
   * Normal approximation at the midpoint between the hypotheses, printed before the run (logistic
   * bounds: after the first look, from its spread; null if that spread was zero).
   */
  readonly expectedBlocks: number | null;
  readonly expectedGames: number | null;
  readonly maxGames: number;
  readonly batchGames: number;
  readonly verdict: Verdict;
  /** True when H1 was accepted, false for H0, null when the cap came first. */
  readonly passed: boolean | null;
  readonly exitCode: number;
  readonly blocks: number;
  readonly gamesPerArm: number;
  readonly games: number;
  readonly llr: number;
  /** The LLR after each batch (the report's trajectory chart) between the bounds that end the test. */
  readonly sprt: { readonly points: readonly SprtPoint[]; readonly lower: number; readonly upper: number };
  readonly estimate: ComparisonEstimate & { readonly biased: boolean; readonly note: string };
  readonly variance: VarianceReduction;
  /** Block scores (mean win share over the block) of the compared seat in each arm. */
  readonly arms: {
    readonly candidate: { readonly mean: number; readonly se: number };
    readonly baseline: { readonly mean: number; readonly se: number };
  };
  /** The paired differences observed, with their counts. */
  readonly differences: { readonly values: readonly number[]; readonly counts: readonly number[] };
}

/** A comparison's summary.json: the run's figures, both arms together, and the test's outcome. */
export interface CompareSummary extends RunSummary {
  readonly comparison: ComparisonSummary;
}

const BIAS_NOTE =
  'the test stopped as soon as the evidence was clear, which pulls these estimates towards its verdict; ' +
  'play a fixed number of games for unbiased ones';
const CAPPED_NOTE = 'the test ran to its cap without deciding; the estimates come from a fixed number of games';

function comparisonSummary(plan: ComparisonPlan, run: ComparisonRun, expected: ExpectedLength | null): ComparisonSummary {
  const { totals } = run;
  const bounds = waldBounds(plan.sprt.alpha, plan.sprt.beta);
  return {
    candidate: plan.paired.candidate,
    baseline: plan.paired.baseline,
    opponents: plan.paired.opponents,
    paired: plan.paired.baselineSeed === undefined,
    test: { preset: plan.preset, ...plan.sprt, ...bounds },
    expectedBlocks: expected?.blocks ?? null,
    expectedGames: expected?.games ?? null,
    maxGames: plan.maxGames,
    batchGames: plan.batchBlocks * plan.blockGames,
    verdict: run.verdict,
    passed: run.verdict === 'undecided' ? null : run.verdict === 'H1',
    exitCode: EXIT_OF[run.verdict],
    blocks: totals.blocks,
    gamesPerArm: totals.gamesPerArm,
    games: 2 * totals.gamesPerArm,
    llr: run.sprt.llr,
    sprt: { points: run.trajectory, ...bounds },
    estimate: {
      ...comparisonEstimate(plan.paired, totals),
      biased: run.verdict !== 'undecided',
      note: run.verdict === 'undecided' ? CAPPED_NOTE : BIAS_NOTE,
    },
    variance: varianceReduction(totals, plan.blockGames),
    arms: {
      candidate: { mean: totals.candidate.mean, se: totals.candidate.se },
      baseline: { mean: totals.baseline.mean, se: totals.baseline.se },
    },
    differences: { values: totals.support, counts: totals.counts },
  };
}

function jobOf(
  registry: Registry,
  plan: ComparisonPlan,
  name: string,
  loaded: JobFile['loaded'],
  settings: Pick<ComparisonSettings, keyof PlaySettings | 'sandbox' | 'cwd'>,
): ComparisonJobFile {
  const arms = pairedArms(plan.paired);
  const armGames = plan.maxBlocks * plan.blockGames;
  // Both arms play game indices 0, 1, ...: `parlor replay --job DIR --index i` shows the candidate's game i, `--arm baseline` the baseline's.
  const spec: JobSpec = {
    format: JOB_FORMAT,
    command: 'compare',
    game: plan.paired.game,
    players: plan.players,
    rules: plan.paired.rules,
    seed: plan.paired.seed,
    design: plan.paired.design,
    seatings: null,
    strategies: [...new Set([...arms.candidate.seats, ...arms.baseline.seats])],
    matchups: [arms.candidate, arms.baseline].map((arm) => ({ seats: arm.seats, offset: 0, games: armGames })),
    games: 2 * armGames,
    batchGames: plan.batchBlocks * plan.blockGames,
  };
  const comparison = {
    candidate: plan.paired.candidate,
    baseline: plan.paired.baseline,
    opponents: plan.paired.opponents,
    baselineSeed: plan.paired.baselineSeed ?? plan.paired.seed,
    ...(plan.paired.measure === undefined ? {} : { measure: plan.paired.measure }),
    preset: plan.preset,
    sprt: plan.sprt,
    maxGames: plan.maxGames,
  };
  return {
    ...jobHead(registry, spec, name, loaded),
    // A tuning run resumed elsewhere verifies with its bots in its own folder, which is then this one's.
    ...(settings.cwd === undefined ? {} : { cwd: settings.cwd }),
    ...(settings.sandbox ? { sandbox: settings.sandbox } : {}),
    play: playSettingsOf(settings),
    ...spec,
    comparison,
  };
}

/** What job.json holds for a comparison: the usual job, and the test. */
interface ComparisonJobFile extends JobFile {
  readonly comparison: {
    readonly candidate: string;
    readonly baseline: string;
    readonly opponents: readonly string[];
    readonly baselineSeed: string;
    /** The measure the test reads, where not the win share. */
    readonly measure?: string;
    readonly preset: PresetName | null;
    readonly sprt: SprtConfig;
    readonly maxGames: number;
  };
}

/** What a comparison tells its caller as it goes, besides progress and warnings. */
export interface ComparisonWatch {
  /** The plan, checked and its strategies loaded, before the first game. */
  started?(plan: ComparisonPlan, expected: ExpectedLength | null): void;
  /** The expected length, once the first look's spread gives it (logistic bounds). */
  learned?(expected: ExpectedLength | null, blocks: number): void;
  /** Each look of the test: the cumulative totals and the test on them. */
  looked?(totals: PairedTotals, sprt: SprtResult): void;
  /** Play has ended, decided or stopped. */
  played?(): void;
}

/** How a comparison ended. */
export type ComparisonOutcome =
  | { readonly status: 'not-started' }
  | { readonly status: 'interrupted'; readonly dir: string; readonly job: JobFile; readonly gamesDone: number }
  | {
      readonly status: 'complete' | 'already-complete';
      readonly dir: string;
      readonly job: JobFile;
      readonly plan: ComparisonPlan;
      readonly summary: CompareSummary;
    };

/** Plans a comparison, loads its strategies, makes its results folder and plays until the test decides or a stop. */
export async function startComparison(
  context: JobContext,
  request: ComparisonRequest,
  settings: ComparisonSettings,
  watch: ComparisonWatch = {},
): Promise<ComparisonOutcome> {
  const plan = planComparison(context.registry, request);
  const loaded = await loadStrategies(context, plan.paired, settings);
  if (settings.redis !== undefined)
    await checkRemote(settings.redis, [plan.paired.candidate, plan.paired.baseline, ...plan.paired.opponents]);
  const expected = expectedLength(plan);
  watch.started?.(plan, expected);
  if (settings.signal?.aborted) return { status: 'not-started' };
  const { dir, lock } = openResultsFolder(settings, settings.name ?? 'compare');
  const job = jobOf(context.registry, plan, settings.name ?? 'compare', loaded, settings);
  return await whileLocked(lock, () => {
    writeJob(dir, job);
    return compareInto({ context, settings, plan, job, dir, firstExpected: expected, checkpoint: null, watch });
  });
}

/** Refuses a queued comparison the workers cannot play, before its folder is made. */
async function checkRemote(url: string, seats: readonly string[]): Promise<void> {
  refuseRemoteBots(seats);
  const { RedisLink } = await import('../job/remote/redis.ts');
  (await RedisLink.reach(url)).close();
}

/** A comparison's job from its folder, checked to be whole and a comparison. */
export function readComparisonJob(dir: string): ComparisonJobFile {
  // Named, so that another command's folder (a tuning run's) is told as such, not as damaged.
  const job = readJobToResume(dir, 'compare') as ComparisonJobFile;
  if (job.command !== 'compare' || typeof job.comparison?.maxGames !== 'number')
    throw Errors.resumeMismatch(dir, `it holds a ${job.command} run, not a comparison this parlor can resume`);
  return job;
}

/**
 * Goes on with an interrupted comparison from its folder, whose job.json says everything but where
 * its games run: the settings it recorded (timeouts, channel, framing, sandbox, the folder its bots
 * ran in) replace those given, as a resumed run's do, so its bots play the rest as they played the start.
 */
export async function resumeComparison(
  context: JobContext,
  dir: string,
  given: Omit<ComparisonSettings, 'out' | 'name' | 'force'>,
  watch: ComparisonWatch = {},
  job: ComparisonJobFile = readComparisonJob(dir),
): Promise<ComparisonOutcome> {
  const settings = { ...given, ...recordedSettings(job) };
  const { comparison } = job;
  const size = blockGames(job.design, job.players);
  const plan: ComparisonPlan = {
    paired: {
      game: job.game,
      candidate: comparison.candidate,
      baseline: comparison.baseline,
      opponents: comparison.opponents,
      rules: job.rules,
      seed: job.seed,
      design: job.design,
      ...(comparison.baselineSeed !== job.seed ? { baselineSeed: comparison.baselineSeed } : {}),
      ...(comparison.measure === undefined ? {} : { measure: comparison.measure }),
    },
    players: job.players,
    preset: comparison.preset,
    sprt: comparison.sprt,
    blockGames: size,
    batchBlocks: job.batchGames / size,
    maxBlocks: job.matchups[0].games / size,
    maxGames: comparison.maxGames,
  };
  return whileLocked(lockResultsFolder(dir), async () => {
    checkSources(context.registry, dir, job);
    const checkpoint = hasCheckpoint(dir) ? readCheckpoint(dir) : null;
    if (!checkpoint) {
      const done = finishedSummary(dir);
      if (done) {
        context.progress(`${dir} is already complete\n`);
        return { status: 'already-complete', dir, job, plan, summary: done };
      }
    }
    const expected = expectedLength(plan);
    watch.started?.(plan, expected);
    return compareInto({ context, settings, plan, job, dir, firstExpected: expected, checkpoint, watch });
  });
}

function finishedSummary(dir: string): CompareSummary | null {
  try {
    const summary = readSummary(dir) as CompareSummary;
    return summary.comparison ? summary : null;
  } catch {
    return null;
  }
}

/** Where play stands and what it reports: the expected length is learned at the first look where the bounds need it. */
function comparisonPlay(into: ComparisonInto): ComparisonJob {
  const { context, settings, plan, job, dir, checkpoint, watch } = into;
  const playing: ComparisonJob = {
    context,
    dir,
    job,
    plan,
    workers: settings.workers,
    moveTimeout: settings.moveTimeout,
    workerMemory: settings.workerMemory,
    startTimeout: settings.startTimeout,
    channel: settings.channel,
    framing: settings.framing,
    sandbox: settings.sandbox,
    signal: settings.signal,
    redis: settings.redis,
    cwd: settings.cwd,
    checkpoint,
    expected: into.firstExpected,
    onLook: (totals: PairedTotals, sprt: SprtResult) => {
      if (playing.expected === null && totals.blocks === Math.min(plan.batchBlocks, plan.maxBlocks)) {
        playing.expected = expectedLength(plan, totals);
        watch.learned?.(playing.expected, totals.blocks);
      }
      watch.looked?.(totals, sprt);
    },
  };
  return playing;
}

/** Both arms' usual figures, each arm a match-up of the run, with the test's beside them. */
function compareSummaryOf(
  context: JobContext,
  plan: ComparisonPlan,
  job: JobFile,
  run: PlayedComparison,
  expected: ExpectedLength | null,
): CompareSummary {
  const { totals } = run;
  const arm = (index: number, match: PreparedMatch, counters: Counters) => ({
    seats: job.matchups[index].seats,
    offset: 0,
    slotNames: match.slots.map((slot) => slot.spec.text),
    counters,
    forfeitDetail: run.forfeitDetails[index],
    arm: index === 0 ? ('candidate' as const) : ('baseline' as const),
  });
  const runSummary = summarizeRun({
    game: context.registry.game(plan.paired.game),
    design: plan.paired.design,
    seed: plan.paired.seed,
    gamesPlanned: 2 * totals.gamesPerArm,
    strategies: job.strategies,
    matchups: [arm(0, totals.candidateMatch, totals.candidateCounters), arm(1, totals.baselineMatch, totals.baselineCounters)],
  });
  return { ...runSummary, comparison: comparisonSummary(plan, run, expected) };
}

async function writeComparisonResults(context: JobContext, job: JobFile, dir: string, run: ComparisonRun, summary: CompareSummary) {
  await keepingCheckpoint(context, job, dir, async () => {
    writeSummary(dir, summary);
    writeFileAtomic(
      join(dir, 'sprt.csv'),
      toCsv(
        ['blocks', 'games', 'llr'],
        run.trajectory.map((point) => [point.blocks, point.games, point.llr]),
      ),
    );
  });
  removeCheckpoint(dir);
  for (const row of summary.forfeits) {
    const detail = firstDetail(summary, row.strategy, row.what);
    context.warn(
      `${row.strategy}: ${Math.round(row.count).toLocaleString('en-US')} forfeits (${row.what})${detail ? `, the first: ${detail}` : ''}; ` +
        `see ${join(dir, 'forfeits.csv')}`,
    );
  }
  await runResultHooks(context, dir, summary, job);
}

/** What playing a comparison into its folder takes: the plan, where it stands, and who watches. */
interface ComparisonInto {
  readonly context: JobContext;
  readonly settings: ComparisonPlaySettings;
  readonly plan: ComparisonPlan;
  readonly job: JobFile;
  readonly dir: string;
  readonly firstExpected: ExpectedLength | null;
  readonly checkpoint: Checkpoint | null;
  readonly watch: ComparisonWatch;
}

async function compareInto(into: ComparisonInto): Promise<ComparisonOutcome> {
  const { context, plan, job, dir, watch } = into;
  const playing = comparisonPlay(into);
  const run = await keepingCheckpoint(context, job, dir, () => playComparison(playing));
  watch.played?.();
  if (!('verdict' in run)) return { status: 'interrupted', dir, job, gamesDone: run.gamesDone };
  const summary = compareSummaryOf(context, plan, job, run, playing.expected);
  await writeComparisonResults(context, job, dir, run, summary);
  return { status: 'complete', dir, job, plan, summary };
}

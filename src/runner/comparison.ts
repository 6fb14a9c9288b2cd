import { join } from 'node:path';
import { Errors } from '../core/errors.ts';
import type { Registry } from '../core/registry.ts';
import { parseStrategySpec } from '../core/strategy-spec.ts';
import { expectedBlocks, SPRT_PRESETS, waldBounds, type SprtConfig, type SprtResult } from '../stats/sprt.ts';
import {
  comparisonEstimate,
  comparisonScale,
  varianceReduction,
  type ComparisonEstimate,
  type ComparisonRun,
  type SprtPoint,
  type VarianceReduction,
  type Verdict,
} from './compare.ts';
import { playComparison } from './comparison-job.ts';
import { blockGames, type DesignName } from './design.ts';
import { JOB_FORMAT, jobId, type JobFile, type JobSpec } from './job.ts';
import {
  checkSources,
  createRunners,
  jobSources,
  keepingCheckpoint,
  openResultsFolder,
  readJobToResume,
  runResultHooks,
  whileLocked,
  type JobContext,
  type JobSettings,
} from './jobs.ts';
import { lockResultsFolder } from './folder-lock.ts';
import { prepareMatch } from './match.ts';
import { pairedArms, type PairedSpec, type PairedTotals } from './paired.ts';
import { refuseRemoteBots } from './runners.ts';
import { fullRules } from './plan.ts';
import { hasCheckpoint, readCheckpoint, readSummary, removeCheckpoint, writeFileAtomic, writeJob, writeSummary } from './results.ts';
import type { Checkpoint } from './run-job.ts';
import type { PresetName, SprtEloScale } from './sprt-choices.ts';
import type { ResolvedStrategy } from './strategies.ts';
import { summarizeRun, type RunSummary } from './summary.ts';
import { toCsv } from './tables.ts';
import { gitCommit, version } from './version.ts';

/** The presets by their command-line names. */
const PRESETS: Readonly<Record<PresetName, SprtConfig>> = { gainer: SPRT_PRESETS.gainer, 'non-regression': SPRT_PRESETS.nonRegression };

/**
 * The largest Elo a hypothesis may name, per scale. Normalized Elo names a t-value, sqrt(k) times
 * larger for a block of k games; the constrained fit starts from the uniform distribution, where a
 * t-value past about 0.9 leaves no support value above its linearized constraint. Within +-100
 * per game that stays out of reach for blocks of up to 8 games (and 100 is a gap no test needs to
 * resolve finely). Logistic Elo beyond +-1000 (a score past 0.997) tests nothing useful.
 */
const MAX_ELO: Readonly<Record<SprtEloScale, number>> = { normalized: 100, logistic: 1000 };

/** What a comparison tests: a candidate against its baseline, on the same deals until the test decides. */
export interface ComparisonRequest {
  readonly candidate: string;
  readonly baseline: string;
  readonly opponents?: readonly string[];
  readonly game: string;
  readonly players?: number;
  readonly sprt?: readonly [number, number];
  readonly sprtElo: SprtEloScale;
  readonly preset?: PresetName;
  readonly maxGames: number;
  /** Games per arm between two looks of the test. */
  readonly batch: number;
  readonly seed: string;
  readonly design: DesignName;
  readonly unpaired?: boolean;
  readonly rules?: Readonly<Record<string, string>>;
}

/** How a comparison runs and where its results land; the verdict depends on none of it. */
export type ComparisonSettings = Omit<JobSettings, 'batch' | 'transcripts'>;

/** Exit statuses of `parlor compare`, for scripts and CI (bad input is 3, as for every command). */
export const CompareExit = { PASS: 0, FAIL: 1, UNDECIDED: 2 } as const;

const EXIT_OF: Readonly<Record<Verdict, number>> = { H1: CompareExit.PASS, H0: CompareExit.FAIL, undecided: CompareExit.UNDECIDED };

// The unpaired control's baseline arm plays under a seed of its own, derived so it is reproducible.
const UNPAIRED_SEED_SUFFIX = '/unpaired-baseline';

/** A comparison's plan, checked: what job.json records besides the usual job fields. */
export interface ComparisonPlan {
  readonly paired: PairedSpec;
  readonly players: number;
  readonly preset: PresetName | null;
  readonly sprt: SprtConfig;
  readonly blockGames: number;
  readonly batchBlocks: number;
  readonly maxBlocks: number;
  /** Most games, both arms together, as asked (maxBlocks is what fits of it). */
  readonly maxGames: number;
}

export function planComparison(registry: Registry, options: ComparisonRequest): ComparisonPlan {
  const game = registry.game(options.game);
  const candidate = parseStrategySpec(options.candidate).text;
  const baseline = parseStrategySpec(options.baseline).text;
  if (candidate === baseline) throw Errors.badOption(`--candidate and --baseline are the same strategy '${candidate}'`);
  const listed = (options.opponents ?? [baseline]).map((spec) => parseStrategySpec(spec).text);
  if (listed.length === 0) throw Errors.badOption('--opponents: give at least one strategy');
  const players = options.players ?? (listed.length > 1 ? listed.length + 1 : 2);
  if (players < game.minPlayers || players > game.maxPlayers) throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  const opponents = listed.length === 1 ? Array<string>(players - 1).fill(listed[0]) : listed;
  if (opponents.length !== players - 1) throw Errors.seatCount(opponents.length + 1, players);
  const sprt = sprtConfig(options);
  const preset = options.sprt ? null : (options.preset ?? 'gainer');
  const size = blockGames(options.design, players);
  const maxBlocks = Math.floor(options.maxGames / (2 * size));
  if (maxBlocks < 1) throw Errors.badOption(`--max-games must be at least ${2 * size}: one block of ${size} games in each arm`);
  const paired: PairedSpec = {
    game: game.id,
    candidate,
    baseline,
    opponents,
    rules: fullRules(registry, game.id, options.rules),
    seed: options.seed,
    design: options.design,
    ...(options.unpaired ? { baselineSeed: options.seed + UNPAIRED_SEED_SUFFIX } : {}),
  };
  const batchBlocks = Math.max(1, Math.round(options.batch / size));
  return { paired, players, preset, sprt, blockGames: size, batchBlocks, maxBlocks, maxGames: options.maxGames };
}

function sprtConfig(options: ComparisonRequest): SprtConfig {
  if (options.sprt && options.preset) throw Errors.badOption('give --sprt or --preset, not both');
  const scale = options.sprtElo;
  if (!options.sprt) {
    if (scale !== 'normalized')
      throw Errors.badOption(`--sprt-elo ${scale} needs bounds of its own (--sprt elo0,elo1): the presets are normalized Elo`);
    return PRESETS[options.preset ?? 'gainer'];
  }
  const [elo0, elo1] = options.sprt;
  const most = MAX_ELO[scale];
  if (Math.abs(elo0) > most || Math.abs(elo1) > most)
    throw Errors.badOption(`--sprt: ${scale} Elo must lie within +-${most}, got ${elo0},${elo1}`);
  return { ...PRESETS.gainer, model: scale === 'normalized' ? 'normalized' : 'elo', elo0, elo1 };
}

/**
 * Loads both arms' strategies before anything is written, so bad input fails first and alone;
 * returns what job.json records of them: each spec's strategy and parameters as loaded.
 */
async function loadStrategies(context: JobContext, paired: PairedSpec): Promise<NonNullable<JobFile['loaded']>> {
  const runners = await createRunners(context, { workers: 1 });
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

export interface CompareSummary extends RunSummary {
  readonly comparison: ComparisonSummary;
}

const BIAS_NOTE =
  'the test stopped as soon as the evidence was clear, which pulls these estimates towards its verdict; ' +
  'play a fixed number of games for unbiased ones';
const CAPPED_NOTE = 'the test ran to its cap without deciding; the estimates come from a fixed number of games';

export interface ExpectedLength {
  readonly blocks: number;
  /** Both arms together. */
  readonly games: number;
}

/**
 * The test's expected length at the midpoint between its hypotheses. Under normalized Elo it
 * depends on the hypotheses alone, so it is known before the first game; logistic Elo bounds need
 * the spread of the block scores (1 + d) / 2, known after the first look. The test reads the data
 * only after each batch, so it stops on average half a batch after its boundary is crossed: that
 * overshoot is part of the expectation.
 */
export function expectedLength(plan: ComparisonPlan, totals?: PairedTotals): ExpectedLength | null {
  const sigma = totals ? totals.difference.sd / 2 : undefined;
  if (plan.sprt.model === 'elo' && !(sigma !== undefined && sigma > 0)) return null;
  const crossing = expectedBlocks(plan.sprt, comparisonScale(plan.paired, totals), sigma);
  const blocks = Math.ceil(crossing + plan.batchBlocks / 2);
  return { blocks, games: 2 * blocks * plan.blockGames };
}

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

function jobOf(plan: ComparisonPlan, name: string, loaded: JobFile['loaded'], sources: JobFile['sources']): ComparisonJobFile {
  const arms = pairedArms(plan.paired);
  const armGames = plan.maxBlocks * plan.blockGames;
  // Both arms play game indices 0, 1, ...: `parlor replay --job DIR --index i` shows the candidate's game i.
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
    preset: plan.preset,
    sprt: plan.sprt,
    maxGames: plan.maxGames,
  };
  return {
    id: jobId(spec),
    name,
    created: new Date().toISOString(),
    parlor: { version, commit: gitCommit() },
    cwd: process.cwd(),
    loaded,
    sources,
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
  const loaded = await loadStrategies(context, plan.paired);
  if (settings.redis !== undefined)
    await checkRemote(settings.redis, [plan.paired.candidate, plan.paired.baseline, ...plan.paired.opponents]);
  const expected = expectedLength(plan);
  watch.started?.(plan, expected);
  const { paired } = plan;
  const sources = jobSources(context.registry, { game: paired.game, strategies: [paired.candidate, paired.baseline, ...paired.opponents] });
  if (settings.signal?.aborted) return { status: 'not-started' };
  const { dir, lock } = openResultsFolder(settings, settings.name ?? 'compare');
  const job = jobOf(plan, settings.name ?? 'compare', loaded, sources);
  return await whileLocked(lock, () => {
    writeJob(dir, job);
    return compareInto(context, settings, plan, job, dir, expected, null, watch);
  });
}

/** Refuses a queued comparison the workers cannot play, before its folder is made. */
async function checkRemote(url: string, seats: readonly string[]): Promise<void> {
  refuseRemoteBots(seats);
  const { RedisLink } = await import('./remote/redis.ts');
  (await RedisLink.reach(url)).close();
}

/** A comparison's job from its folder, checked to be whole and a comparison. */
export function readComparisonJob(dir: string): ComparisonJobFile {
  const job = readJobToResume(dir) as ComparisonJobFile;
  if (job.command !== 'compare' || typeof job.comparison?.maxGames !== 'number')
    throw Errors.resumeMismatch(dir, `it holds a ${job.command} run, not a comparison this parlor can resume`);
  return job;
}

/** Goes on with an interrupted comparison from its folder, whose job.json says everything but how to run. */
export async function resumeComparison(
  context: JobContext,
  dir: string,
  settings: Omit<ComparisonSettings, 'out' | 'name' | 'force'>,
  watch: ComparisonWatch = {},
  job: ComparisonJobFile = readComparisonJob(dir),
): Promise<ComparisonOutcome> {
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
    return compareInto(context, settings, plan, job, dir, expected, checkpoint, watch);
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

async function compareInto(
  context: JobContext,
  settings: Pick<ComparisonSettings, 'workers' | 'moveTimeout' | 'startTimeout' | 'channel' | 'framing' | 'signal' | 'redis'>,
  plan: ComparisonPlan,
  job: JobFile,
  dir: string,
  firstExpected: ExpectedLength | null,
  checkpoint: Checkpoint | null,
  watch: ComparisonWatch,
): Promise<ComparisonOutcome> {
  const playing = {
    context,
    dir,
    job,
    plan,
    workers: settings.workers,
    moveTimeout: settings.moveTimeout,
    startTimeout: settings.startTimeout,
    channel: settings.channel,
    framing: settings.framing,
    signal: settings.signal,
    redis: settings.redis,
    checkpoint,
    expected: firstExpected,
    onLook: (totals: PairedTotals, sprt: SprtResult) => {
      if (playing.expected === null && totals.blocks === Math.min(plan.batchBlocks, plan.maxBlocks)) {
        playing.expected = expectedLength(plan, totals);
        watch.learned?.(playing.expected, totals.blocks);
      }
      watch.looked?.(totals, sprt);
    },
  };
  const run = await keepingCheckpoint(context, job, dir, () => playComparison(playing));
  watch.played?.();
  if (!('verdict' in run)) return { status: 'interrupted', dir, job, gamesDone: run.gamesDone };
  const expected = playing.expected;
  const { totals } = run;
  const runSummary = summarizeRun({
    game: context.registry.game(plan.paired.game),
    design: plan.paired.design,
    seed: plan.paired.seed,
    gamesPlanned: 2 * totals.gamesPerArm,
    strategies: job.strategies,
    matchups: [
      {
        seats: job.matchups[0].seats,
        offset: 0,
        slotNames: totals.candidateMatch.slots.map((slot) => slot.spec.text),
        counters: totals.candidateCounters,
      },
      {
        seats: job.matchups[1].seats,
        offset: 0,
        slotNames: totals.baselineMatch.slots.map((slot) => slot.spec.text),
        counters: totals.baselineCounters,
      },
    ],
  });
  const summary: CompareSummary = { ...runSummary, comparison: comparisonSummary(plan, run, expected) };
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
  for (const row of summary.forfeits)
    context.warn(
      `${row.strategy}: ${Math.round(row.count).toLocaleString('en-US')} forfeits (${row.what}); see ${join(dir, 'forfeits.csv')}`,
    );
  await runResultHooks(context, dir, summary, job);
  return { status: 'complete', dir, job, plan, summary };
}

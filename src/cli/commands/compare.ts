import { join } from 'node:path';
import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import { parseStrategySpec } from '../../core/strategy-spec.ts';
import {
  comparisonEstimate,
  comparisonScale,
  varianceReduction,
  type ComparisonEstimate,
  type ComparisonRun,
  type SprtPoint,
  type VarianceReduction,
  type Verdict,
} from '../../runner/compare.ts';
import { blockGames, type DesignName } from '../../runner/design.ts';
import { JOB_FORMAT, jobId, type JobFile, type JobSpec } from '../../runner/job.ts';
import { prepareMatch } from '../../runner/match.ts';
import { pairedArms, type PairedSpec, type PairedTotals } from '../../runner/paired.ts';
import {
  hasCheckpoint,
  readCheckpoint,
  readJob,
  readSummary,
  removeCheckpoint,
  writeFileAtomic,
  writeJob,
  writeSummary,
} from '../../runner/results.ts';
import { lockResultsFolder } from '../../runner/folder-lock.ts';
import type { Checkpoint } from '../../runner/run-job.ts';
import { createRunners } from '../../app.ts';
import type { ResolvedStrategy } from '../../runner/strategies.ts';
import { summarizeRun, type RunSummary } from '../../runner/summary.ts';
import { toCsv } from '../../runner/tables.ts';
import { expectedBlocks, SPRT_PRESETS, waldBounds, type SprtConfig, type SprtResult } from '../../stats/sprt.ts';
import type { CommandContext } from '../command.ts';
import { gitCommit, version } from '../version.ts';
import { playComparison } from './compare-job.ts';
import {
  checkSources,
  jobSources,
  keepingCheckpoint,
  openResultsFolder,
  runResultHooks,
  SignalStop,
  stoppedBeforeStart,
  usableWorkers,
  warnStopped,
  whileLocked,
} from './run.ts';
import { fullRules } from './sim.ts';
import type { PresetName, SprtEloScale } from '../compare-options.ts';
import { channelFor } from '../../protocol/protocols.ts';

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

export interface CompareOptions {
  readonly candidate: string;
  readonly baseline: string;
  /** A comparison's folder to go on with; its job.json then says everything else. */
  readonly resume?: string;
  readonly opponents?: string[];
  readonly game: string;
  readonly players?: number;
  readonly sprt?: [number, number];
  readonly sprtElo: SprtEloScale;
  readonly preset?: PresetName;
  readonly maxGames: number;
  /** Games per arm between two looks of the test. */
  readonly batch: number;
  readonly seed: string;
  readonly design: DesignName;
  readonly unpaired?: boolean;
  readonly rules?: Record<string, string>;
  readonly workers: number;
  readonly moveTimeout?: number;
  readonly channel?: string;
  readonly out?: string;
  readonly name?: string;
  readonly force?: boolean;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

/** Exit statuses of `parlor compare`, for scripts and CI (bad input is 3, as for every command). */
export const CompareExit = { PASS: 0, FAIL: 1, UNDECIDED: 2 } as const;

const EXIT_OF: Readonly<Record<Verdict, number>> = { H1: CompareExit.PASS, H0: CompareExit.FAIL, undecided: CompareExit.UNDECIDED };

/** What the two hypotheses mean to a user, per preset (a custom --sprt reads plainly). */
const VERDICT_WORDS: Readonly<Record<PresetName | 'custom', Readonly<Record<Verdict, string>>>> = {
  gainer: { H1: 'PASS: the candidate gains strength (H1)', H0: 'FAIL: no gain (H0)', undecided: 'UNDECIDED' },
  'non-regression': { H1: 'PASS: no regression (H1)', H0: 'FAIL: the candidate is weaker (H0)', undecided: 'UNDECIDED' },
  custom: { H1: 'PASS: H1 accepted', H0: 'FAIL: H0 accepted', undecided: 'UNDECIDED' },
};

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
}

export function planComparison(registry: Registry, options: CompareOptions): ComparisonPlan {
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
  return { paired, players, preset, sprt, blockGames: size, batchBlocks: Math.max(1, Math.round(options.batch / size)), maxBlocks };
}

function sprtConfig(options: CompareOptions): SprtConfig {
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
async function loadStrategies(registry: Registry, paired: PairedSpec): Promise<NonNullable<JobFile['loaded']>> {
  const runners = createRunners(1);
  try {
    const loaded: Record<string, { strategy: string; params: ResolvedStrategy['params'] }> = {};
    for (const arm of Object.values(pairedArms(paired))) {
      const match = await prepareMatch(registry, arm, runners.resolverFor(arm.seats));
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

function comparisonSummary(
  plan: ComparisonPlan,
  options: CompareOptions,
  run: ComparisonRun,
  expected: ExpectedLength | null,
): ComparisonSummary {
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
    maxGames: options.maxGames,
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
  plan: ComparisonPlan,
  name: string,
  loaded: JobFile['loaded'],
  sources: JobFile['sources'],
  maxGames: number,
): ComparisonJobFile {
  const arms = pairedArms(plan.paired);
  const armGames = plan.maxBlocks * plan.blockGames;
  // Both arms play game indices 0, 1, ...: `parlor replay --job DIR --game i` shows the candidate's game i.
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
    maxGames,
  };
  return {
    id: jobId(spec),
    name,
    created: new Date().toISOString(),
    parlor: { version, commit: gitCommit() },
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

export async function runCompare(context: CommandContext, typed: CompareOptions, given: ReadonlySet<string> = new Set()): Promise<number> {
  const stop = new SignalStop();
  try {
    const options = { ...typed, workers: usableWorkers(context, typed.workers) };
    if (options.resume !== undefined) return await resumeCompare(context, options, given, stop);
    if (options.candidate === undefined || options.baseline === undefined)
      throw Errors.badOption('--candidate and --baseline are required (or --resume DIR)');
    const plan = planComparison(context.registry, options);
    if (options.channel !== undefined) channelFor(plan.paired.game, options.channel);
    const loaded = await loadStrategies(context.registry, plan.paired);
    const expected = expectedLength(plan);
    if (!options.json) context.print(introLines(plan, options, expected).join('\n'));
    const { paired } = plan;
    const sources = jobSources(context, { game: paired.game, strategies: [paired.candidate, paired.baseline, ...paired.opponents] });
    if (stop.stopped) return stoppedBeforeStart(context, stop);
    const { dir, lock } = openResultsFolder(options, options.name ?? 'compare');
    const job = jobOf(plan, options.name ?? 'compare', loaded, sources, options.maxGames);
    return await whileLocked(lock, () => {
      writeJob(dir, job);
      return compareInto(context, options, plan, job, dir, expected, stop, null);
    });
  } finally {
    stop.dispose();
  }
}

/** What a resumed comparison may be told: everything else comes from its job.json. */
const RESUME_OPTIONS = new Set(['resume', 'workers', 'json', 'quiet']);

async function resumeCompare(context: CommandContext, options: CompareOptions, given: ReadonlySet<string>, stop: SignalStop) {
  const dir = options.resume as string;
  const job = readJob(dir) as ComparisonJobFile;
  if (jobId(job) !== job.id) throw Errors.corruptResults(dir, 'job.json does not match its id (was it edited?)');
  if (job.command !== 'compare' || typeof job.comparison?.maxGames !== 'number')
    throw Errors.resumeMismatch(dir, `it holds a ${job.command} run, not a comparison this parlor can resume`);
  const typed = [...given].filter((option) => !RESUME_OPTIONS.has(option));
  if (typed.length > 0) {
    const flags = typed.map((option) => `--${option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`);
    throw Errors.resumeMismatch(dir, `${flags.join(', ')} cannot be changed on resume`);
  }
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
  };
  const resumed: CompareOptions = { ...options, maxGames: comparison.maxGames };
  return whileLocked(lockResultsFolder(dir), async () => {
    checkSources(context, dir, job);
    const checkpoint = hasCheckpoint(dir) ? readCheckpoint(dir) : null;
    if (!checkpoint) {
      const done = finishedSummary(dir);
      if (done) {
        context.progress(`${dir} is already complete\n`);
        printResults(context, resumed, plan, done, dir);
        return done.comparison.exitCode;
      }
    }
    const expected = expectedLength(plan);
    if (!options.json) context.print(introLines(plan, resumed, expected).join('\n'));
    return compareInto(context, resumed, plan, job, dir, expected, stop, checkpoint);
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
  context: CommandContext,
  options: CompareOptions,
  plan: ComparisonPlan,
  job: JobFile,
  dir: string,
  firstExpected: ExpectedLength | null,
  stop: SignalStop,
  checkpoint: Checkpoint | null,
): Promise<number> {
  const playing = {
    context,
    dir,
    job,
    plan,
    workers: options.workers,
    moveTimeout: options.moveTimeout,
    channel: options.channel,
    stop,
    checkpoint,
    expected: firstExpected,
    onLook: (totals: PairedTotals, sprt: SprtResult) => {
      if (playing.expected === null && totals.blocks === Math.min(plan.batchBlocks, plan.maxBlocks)) {
        playing.expected = expectedLength(plan, totals);
        if (!options.json)
          context.print(
            expectedLine(
              playing.expected,
              `normal approximation, spread of the first ${count(totals.blocks)} blocks, half a batch of overshoot`,
              options,
            ),
          );
      }
      context.progress(
        `\r${count(2 * totals.gamesPerArm)} games  LLR ${signed(sprt.llr, 2)} (${signed(sprt.lower, 2)}, ${signed(sprt.upper, 2)})   `,
      );
    },
  };
  const run = await keepingCheckpoint(job, dir, () => playComparison(playing));
  context.progress('\r\x1b[K');
  if (!('verdict' in run)) {
    warnStopped(context, job, dir, run.gamesDone);
    return stop.exitCode;
  }
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
  const summary: CompareSummary = { ...runSummary, comparison: comparisonSummary(plan, options, run, expected) };
  await keepingCheckpoint(job, dir, async () => {
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
    context.warn(`${row.strategy}: ${count(row.count)} forfeits (${row.what}); see ${join(dir, 'forfeits.csv')}`);
  await runResultHooks(context, dir, summary, job);
  printResults(context, options, plan, summary, dir);
  return summary.comparison.exitCode;
}

function printResults(context: CommandContext, options: CompareOptions, plan: ComparisonPlan, summary: CompareSummary, dir: string): void {
  context.print(
    options.json ? JSON.stringify(summary, null, 2) : [...resultLines(summary.comparison, plan), '', `results: ${dir}`].join('\n'),
  );
}

function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function signed(value: number, digits: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
}

function percent(value: number): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : 'n/a';
}

function expectedLine(expected: ExpectedLength | null, basis: string, options: CompareOptions): string {
  const length = expected ? `about ${count(expected.blocks)} blocks (${count(expected.games)} games)` : 'unknown (no spread yet)';
  return (
    `  expected length if the truth lies midway between H0 and H1 (${basis}): ${length}; ` +
    `a clear difference stops far sooner; cap ${count(options.maxGames)} games`
  );
}

function introLines(plan: ComparisonPlan, options: CompareOptions, expected: ExpectedLength | null): string[] {
  const { paired, sprt } = plan;
  const bounds = waldBounds(sprt.alpha, sprt.beta);
  const how =
    paired.baselineSeed === undefined
      ? "the same deals and opponents' streams in both arms"
      : 'UNPAIRED control: each arm on deals of its own';
  return [
    `compare ${paired.candidate} (candidate) with ${paired.baseline} (baseline), ${plan.players} players, opponents ${paired.opponents.join(', ')}`,
    `  ${how}; ${paired.design} design (${plan.blockGames} game${plan.blockGames > 1 ? 's' : ''} a block), seed '${paired.seed}'`,
    `  SPRT ${plan.preset ?? 'custom'}: H0 ${sprt.model === 'normalized' ? 'normalized Elo per game' : 'head-to-head Elo'} ${sprt.elo0}, H1 ${sprt.elo1}; ` +
      `alpha ${sprt.alpha}, beta ${sprt.beta}; stops when the LLR leaves (${signed(bounds.lower, 2)}, ${signed(bounds.upper, 2)})`,
    expected
      ? expectedLine(expected, 'normal approximation, half a batch of overshoot', options)
      : '  expected length: printed after the first look (under logistic Elo it depends on the spread of the block scores)',
  ];
}

function resultLines(comparison: ComparisonSummary, plan: ComparisonPlan): string[] {
  const { estimate, variance } = comparison;
  const elo = estimate.elo;
  const nelo = estimate.normalizedElo;
  const words = VERDICT_WORDS[plan.preset ?? 'custom'][comparison.verdict];
  const verdict = comparison.verdict === 'undecided' ? `${words}: the cap of ${count(comparison.maxGames)} games came first` : words;
  const design = comparison.paired ? 'an independent design' : 'independent games';
  return [
    `verdict: ${verdict}`,
    `games: ${count(comparison.games)} (${count(comparison.blocks)} blocks in each arm); LLR ${signed(comparison.llr, 2)} ` +
      `(bounds ${signed(comparison.sprt.lower, 2)}, ${signed(comparison.sprt.upper, 2)})`,
    `Elo difference (head to head): ${signed(elo.elo, 1)} (95% interval ${signed(elo.low, 1)} to ${signed(elo.high, 1)}); ` +
      `normalized Elo per game ${signed(nelo.nelo, 1)} +- ${Number.isFinite(nelo.margin) ? nelo.margin.toFixed(1) : 'n/a'}`,
    `likelihood of superiority: ${percent(estimate.superiority)}`,
    `win rates of the compared seat: candidate ${percent(comparison.arms.candidate.mean)}, baseline ${percent(comparison.arms.baseline.mean)}`,
    `variance per block: ${ratio(variance.factor)} that of ${design}` +
      (comparison.paired ? ` (pairing alone ${ratio(variance.pairingFactor)})` : '') +
      // Below a tenth's gain, "1.0 times fewer games" would say nothing.
      (variance.factor > 0 && variance.factor < 0.9
        ? `: the same precision from ${(1 / variance.factor).toFixed(1)} times fewer games`
        : ''),
    `note: ${estimate.note}`,
  ];
}

function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a';
}

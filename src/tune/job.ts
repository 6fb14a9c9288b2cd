import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Errors } from '../core/errors.ts';
import { keyValueText } from '../core/key-values.ts';
import { shellWord } from '../core/shell-word.ts';
import type { ParamSpec } from '../core/strategy.ts';
import { isExternalSpec, parseStrategySpec } from '../core/strategy-spec.ts';
import { planComparison } from '../runner/compare/comparison-plan.ts';
import {
  resumeComparison,
  startComparison,
  type ComparisonOutcome,
  type ComparisonSettings,
  type ComparisonWatch,
  type CompareSummary,
} from '../runner/compare/comparison.ts';
import { varianceReduction, type MeasureEstimate } from '../runner/compare/compare.ts';
import type { DesignName } from '../runner/play/design.ts';
import { PLAY_SETTING_FLAGS, playSettingsOf, recordedSettings, type PlaySettings } from '../runner/job/job.ts';
import { createRunners, jobSources, openResultsFolder, whileLocked, type JobContext } from '../runner/job/jobs.ts';
import { lockResultsFolder } from '../runner/job/folder-lock.ts';
import { prepareMatch } from '../runner/play/match.ts';
import { chooseMeasure } from '../runner/summary/measures.ts';
import type { PairedTotals } from '../runner/compare/paired.ts';
import { runPairedBatches } from '../runner/compare/paired-run.ts';
import { makeFolder, readJson, ResultFiles, writeFileAtomic } from '../runner/job/results.ts';
import { refuseRemoteBots, type Runners } from '../runner/job/runners.ts';
import { changedSources, strategyFiles, type SourceHashes } from '../runner/play/loading/sources.ts';
import { confinementOf, trustStrategyFiles, type Confinement } from '../runner/play/loading/trust.ts';
import type { SandboxLimits } from '../runner/play/external.ts';
import type { PresetName } from '../runner/compare/sprt-choices.ts';
import { resolveStrategy } from '../runner/play/loading/strategies.ts';
import type { LoadCheck } from '../runner/play/confined/load-check.ts';
import { loadCheckMemory } from '../runner/job/worker-memory.ts';
import { toCsv } from '../runner/summary/tables.ts';
import { gitCommit, version } from '../runner/job/version.ts';
import { presentable, specWithValues, tunedParams, type ParamRange } from './params.ts';
import { pairScore } from './score.ts';
import { Spsa, spsaSettings, type SpsaSettings, type TunedParam } from './spsa.ts';

/** What a tuning run is asked: the strategy and its parameters' ranges, where it plays, how long, how it is verified. */
export interface TuneRequest {
  readonly strategy: string;
  readonly params: readonly ParamRange[];
  /** The other seats; by default the strategy at its starting values. */
  readonly opponents?: readonly string[];
  readonly game: string;
  readonly players?: number;
  readonly iterations: number;
  /** Games of each arm per iteration (whole blocks of the design). */
  readonly iterationGames: number;
  readonly rEnd: number;
  readonly seed: string;
  readonly design: DesignName;
  readonly rules?: Readonly<Record<string, string>>;
  /** Most games of the final comparison, both arms together. */
  readonly verifyGames: number;
  readonly preset?: PresetName;
  /** The game's measure the iterations score and the verification tests (its id); the game's first by default. */
  readonly measure?: string;
}

/** How a tuning run plays and where it writes; its results depend on none of it. */
export type TuneSettings = ComparisonSettings & {
  /** Draws the trajectory chart and the report into the folder (the command passes the report module's). */
  readonly draw?: (dir: string, report: TuneReport) => Promise<unknown>;
};

/** A tuning run's job.json: everything its results depend on. */
export interface TuneJob {
  readonly command: 'tune';
  readonly format: number;
  readonly name: string;
  readonly created: string;
  readonly parlor: { readonly version: string; readonly commit: string | null };
  readonly game: string;
  readonly players: number;
  readonly rules: Readonly<Record<string, string>>;
  readonly seed: string;
  readonly design: DesignName;
  /** The game's measure every iteration scores and the verification tests (core/game.ts Measure id). */
  readonly measure: string;
  readonly strategy: string;
  readonly opponents: readonly string[];
  /** The strategy specs played, for the hashes of their files. */
  readonly strategies: readonly string[];
  readonly sources: SourceHashes;
  readonly params: readonly TunedParam[];
  readonly spsa: SpsaSettings;
  /** Game indices per arm per iteration. */
  readonly iterationGames: number;
  readonly verify: { readonly maxGames: number; readonly preset: PresetName };
  /** The folder the run was started in, where its bots' relative paths start; absent in folders of older parlors. */
  readonly cwd?: string;
  /** How its games were played (see JobFile's); absent in folders of older parlors, which take them as typed. */
  readonly play?: PlaySettings;
  /** Which strategy files ran confined and which the user trusted (--trust); absent in folders of older parlors. */
  readonly confinement?: Confinement;
  /** The limits `cmd:` bots ran under in their sandbox (--sandbox); absent when they ran without one. */
  readonly sandbox?: SandboxLimits;
}

const TUNE_FORMAT = 1;

/** One finished iteration: what it played, how theta+ scored against theta-, and theta after it. */
export interface IterationRow {
  readonly iteration: number;
  readonly plus: readonly number[];
  readonly minus: readonly number[];
  /** Per game, candidate minus baseline on the job's measure, on [-1, 1] (see pairScore). */
  readonly score: number;
  readonly theta: readonly number[];
  /** Per-block variances of the win-share difference, as played and as it would be unpaired (see varianceReduction); null when nothing was played. */
  readonly variance: { readonly paired: number; readonly unpaired: number; readonly independent: number } | null;
}

/** What the folder keeps between iterations: every finished one, and so theta (exact doubles survive JSON). */
interface TuneState {
  readonly rows: readonly IterationRow[];
}

const STATE_FILE = 'tune-state.json';
const TRAJECTORY_FILE = 'trajectory.csv';
const VERIFY_FOLDER = 'verify';

/** What the report and summary.json say of a tuning run. */
export interface TuneReport {
  readonly job: TuneJob;
  readonly rows: readonly IterationRow[];
  readonly summary: TuneSummary;
}

/** A tuning run's summary.json: the tuned values and each iteration's scores, for reading a finished run. */
export interface TuneSummary {
  readonly command: 'tune';
  readonly game: string;
  readonly strategy: string;
  /** The master seed: each iteration plays `<seed>/iteration-<i>` (from 0), the verification its own. */
  readonly seed: string;
  readonly complete: boolean;
  readonly iterations: number;
  /**
   * Games played by the iterations, both arms together (the verification's are its own). An
   * iteration whose theta+ and theta- came to the same values played none.
   */
  readonly games: number;
  readonly params: readonly {
    readonly name: string;
    readonly start: number;
    readonly tuned: number;
    readonly min: number;
    readonly max: number;
  }[];
  readonly start: string;
  readonly tuned: string;
  /**
   * What pairing theta+ with theta- saved, over the iterations: the mean per-block variance of the
   * win-share difference as played, and as the same blocks would give unpaired (each arm on deals
   * of its own) or as independent games; their ratio is the share of games pairing needs for the
   * same precision. Null before two played iterations.
   */
  readonly pairing: {
    readonly paired: number;
    readonly unpaired: number;
    readonly independent: number;
    readonly pairingFactor: number;
    readonly factor: number;
  } | null;
  /** The paired comparison of the tuned values against the starting ones; null when they are the same. */
  readonly verification: VerificationSummary | null;
}

export interface VerificationSummary {
  readonly folder: string;
  readonly verdict: string;
  readonly passed: boolean | null;
  readonly games: number;
  /**
   * What the Elo is a difference of (head to head, or against the opponents), as `compare` prints
   * it: the same figure means another thing with other opponents. Absent from older parlors' summaries.
   */
  readonly measured?: string;
  readonly elo: { readonly elo: number; readonly low: number; readonly high: number };
  readonly normalizedElo: { readonly nelo: number; readonly margin: number };
  /** Where the test read a measure (Hearts points, Dominion VP): that measure's figures, which the verdict stands on. */
  readonly measure: MeasureEstimate | null;
}

/** What a tuning run tells its caller as it goes. */
export interface TuneWatch {
  started?(job: TuneJob, done: number): void;
  iterated?(job: TuneJob, row: IterationRow): void;
  /** The verification, as a comparison's own watch sees it. */
  readonly verify?: ComparisonWatch;
}

/** How startTune or resumeTune ended: not started, interrupted (resumable) or finished with its summary. */
export type TuneOutcome =
  | { readonly status: 'not-started' }
  | {
      readonly status: 'interrupted';
      readonly dir: string;
      readonly iterations: number;
      /** Stopped while verifying: every iteration is done, and the comparison keeps its own games. */
      readonly verifying: boolean;
    }
  | {
      readonly status: 'complete';
      readonly dir: string;
      readonly summary: TuneSummary;
      readonly comparison: (ComparisonOutcome & { status: 'complete' | 'already-complete' }) | null;
    };

/** Checks the request, loads the strategies, makes the folder and tunes, then verifies. */
export async function startTune(
  context: JobContext,
  request: TuneRequest,
  settings: TuneSettings,
  watch: TuneWatch = {},
): Promise<TuneOutcome> {
  // Both loads check strategy files with the heap limit the run's worker threads will have.
  const workerMemory = loadCheckMemory({ ...settings, remote: settings.redis !== undefined });
  // The game first: a built-in looked up in a game that does not exist would be called unknown itself.
  context.registry.game(request.game);
  const declared = await declaredParams(context, request.game, request.strategy, { memoryMb: workerMemory });
  const params = tunedParams(request.strategy, request.params, declared);
  const at = (pick: (param: TunedParam) => number) => specWithValues(request.strategy, params, params.map(pick));
  const startSpec = at((param) => param.start);
  // The plan of a comparison between the extremes checks the seats, players and rules once. Its
  // length is no one's to check: --iteration-games is rounded to whole blocks below, and its
  // own value would be checked as --max-games, an option tune does not take.
  const probe = planComparison(context.registry, {
    ...comparisonRequest(request, request.opponents ?? [startSpec], request.seed, PROBE_ARM_GAMES),
    candidate: at((param) => param.max),
    baseline: at((param) => param.min),
  });
  if (request.verifyGames < 2 * probe.blockGames)
    throw Errors.badOption(`--verify-games must be at least ${2 * probe.blockGames}: one block of ${probe.blockGames} games in each arm`);
  const iterationGames = Math.max(1, Math.round(request.iterationGames / probe.blockGames)) * probe.blockGames;
  const strategies = [startSpec, ...new Set(probe.paired.opponents)];
  const job: TuneJob = {
    command: 'tune',
    format: TUNE_FORMAT,
    name: settings.name ?? 'tune',
    created: new Date().toISOString(),
    parlor: { version, commit: gitCommit() },
    game: probe.paired.game,
    players: probe.players,
    rules: probe.paired.rules,
    seed: request.seed,
    design: request.design,
    measure: chooseMeasure(context.registry.game(probe.paired.game), request.measure).id,
    strategy: request.strategy,
    opponents: probe.paired.opponents,
    strategies,
    sources: jobSources(context.registry, { game: probe.paired.game, strategies }),
    params,
    spsa: spsaSettings(request.iterations, iterationGames, request.rEnd),
    iterationGames,
    verify: { maxGames: request.verifyGames, preset: request.preset ?? 'gainer' },
    cwd: process.cwd(),
    play: playSettingsOf(settings),
    confinement: confinementOf(strategyFiles(strategies, (name) => context.registry.findStrategy(probe.paired.game, name) !== undefined)),
    ...(settings.sandbox ? { sandbox: settings.sandbox } : {}),
  };
  if (settings.redis !== undefined) refuseRemoteBots(strategies);
  await checkSeats(context, job, { ...settings, workerMemory });
  if (settings.signal?.aborted) return { status: 'not-started' };
  const { dir, lock } = openResultsFolder(settings, job.name);
  return whileLocked(lock, async () => {
    writeFileAtomic(join(dir, ResultFiles.JOB), `${JSON.stringify(job, null, 2)}\n`);
    return tuneInto(context, dir, job, [], settings, watch);
  });
}

/** Goes on with a tuning run from its folder: its finished iterations are kept, the rest played, then the verification. */
export async function resumeTune(
  context: JobContext,
  dir: string,
  given: Omit<TuneSettings, 'out' | 'name' | 'force'>,
  watch: TuneWatch = {},
  job: TuneJob = readTuneJob(dir),
): Promise<TuneOutcome> {
  // The rest plays as the start did: a bot's games under another timeout or channel would end otherwise.
  const settings = { ...given, ...recordedSettings(job) };
  // The files trusted when the run began stay trusted: the rest of it plays as its start did.
  trustStrategyFiles(job.confinement?.trusted ?? []);
  return whileLocked(lockResultsFolder(dir), async () => {
    const changed = changedSources(job.sources, jobSources(context.registry, job));
    if (changed.length > 0)
      throw Errors.resumeMismatch(dir, `strategy file ${changed.join(', ')} changed since the run started (start a new run)`);
    return tuneInto(context, dir, job, readState(dir, job).rows, settings, watch);
  });
}

/** Whether `dir` holds a tuning run (its job.json says so). */
export function isTuneFolder(dir: string): boolean {
  try {
    return (readJson(dir, ResultFiles.JOB) as Partial<TuneJob>).command === 'tune';
  } catch {
    return false;
  }
}

/** A tuning run's folder as its report draws it: the job, the finished iterations and the summary. */
export function readTuneReport(dir: string): TuneReport {
  const job = readTuneJob(dir);
  return { job, rows: readState(dir, job).rows, summary: readJson(dir, ResultFiles.SUMMARY) as TuneSummary };
}

function readState(dir: string, job: TuneJob): TuneState {
  const state = existsSync(join(dir, STATE_FILE)) ? (readJson(dir, STATE_FILE) as TuneState) : { rows: [] };
  if (!Array.isArray(state.rows) || state.rows.length > job.spsa.iterations)
    throw Errors.corruptResults(dir, `${STATE_FILE} does not fit the job`);
  return state;
}

/** A tuning run's job.json read back from its results folder, to inspect or resume it from code. */
export function readTuneJob(dir: string): TuneJob {
  const job = readJson(dir, ResultFiles.JOB) as Partial<TuneJob>;
  if (job.command !== 'tune' || !Array.isArray(job.params)) throw Errors.resumeMismatch(dir, 'it holds no tuning run');
  if (job.format !== TUNE_FORMAT)
    throw Errors.resumeMismatch(dir, `its job.json has format ${job.format}, this parlor reads ${TUNE_FORMAT}`);
  return job as TuneJob;
}

/** The parameters a built-in or a strategy file declares; null for a bot, which declares none. */
async function declaredParams(context: JobContext, game: string, strategy: string, check: LoadCheck): Promise<readonly ParamSpec[] | null> {
  if (isExternalSpec(strategy)) return null;
  return (await resolveStrategy(context.registry, game, parseStrategySpec(strategy), check)).definition.params;
}

/** Loads every seat once (a bot's program is checked, a file compiled) before the folder is made. */
async function checkSeats(context: JobContext, job: TuneJob, settings: TuneSettings): Promise<void> {
  const runners = await createRunners(context, { ...settings, workers: 1, redis: undefined });
  try {
    const seats = [job.strategies[0], ...job.opponents];
    await prepareMatch(context.registry, { game: job.game, seats, rules: job.rules, seed: job.seed }, runners.resolverFor(seats));
  } finally {
    await runners.close();
  }
}

/** Games per arm of the plan that checks a tuning run's match-up: room for a block of any table. */
const PROBE_ARM_GAMES = 1e12;

function comparisonRequest(
  request: Pick<TuneRequest, 'game' | 'players' | 'design' | 'rules' | 'measure'>,
  opponents: readonly string[],
  seed: string,
  armGames: number,
) {
  return {
    opponents,
    game: request.game,
    players: request.players,
    sprtElo: 'normalized' as const,
    maxGames: 2 * armGames,
    batch: armGames,
    seed,
    design: request.design,
    rules: request.rules,
    measure: request.measure,
  };
}

/** The seed of an iteration's deals and streams: `parlor compare --seed` with it replays the iteration. */
export function iterationSeed(seed: string, iteration: number): string {
  return `${seed}/iteration-${iteration}`;
}

async function tuneInto(
  context: JobContext,
  dir: string,
  job: TuneJob,
  done: readonly IterationRow[],
  settings: Omit<TuneSettings, 'out' | 'name' | 'force'>,
  watch: TuneWatch,
): Promise<TuneOutcome> {
  const rows = [...done];
  const spsa = new Spsa(job.params, job.spsa, job.seed);
  watch.started?.(job, rows.length);
  if (rows.length < job.spsa.iterations) {
    // Bot logs go into the run's folder, as a compare's do: a failing bot's words are kept there.
    const runners = await createRunners(context, { ...settings, resultsDir: dir });
    try {
      while (rows.length < job.spsa.iterations && !settings.signal?.aborted) {
        const theta = rows.length > 0 ? rows[rows.length - 1].theta : job.params.map((param) => param.start);
        const row = await iterate(context, job, spsa, theta, rows.length, runners, settings);
        if (!row) break;
        rows.push(row);
        writeProgress(dir, job, rows);
        watch.iterated?.(job, row);
      }
    } finally {
      await runners.close();
    }
    if (rows.length < job.spsa.iterations) {
      writeProgress(dir, job, rows);
      await drawReport(context, dir, job, rows, null, false, settings);
      return { status: 'interrupted', dir, iterations: rows.length, verifying: false };
    }
  }
  const verifying = await verify(context, dir, job, rows, settings, watch.verify);
  if (verifying?.status === 'interrupted' || verifying?.status === 'not-started') {
    // The report shows every iteration, its verdict still to come.
    await drawReport(context, dir, job, rows, null, false, settings);
    return { status: 'interrupted', dir, iterations: rows.length, verifying: true };
  }
  const summary = await drawReport(context, dir, job, rows, verifying ? verifying.summary : null, true, settings);
  return { status: 'complete', dir, summary, comparison: verifying };
}

/** Plays one iteration: theta+ against theta- on the iteration's deals; null when stopped before it finished. */
async function iterate(
  context: JobContext,
  job: TuneJob,
  spsa: Spsa,
  theta: readonly number[],
  iteration: number,
  runners: Runners,
  settings: Pick<TuneSettings, 'workers' | 'signal'> & PlaySettings,
): Promise<IterationRow | null> {
  const perturbation = spsa.perturb(theta, iteration);
  const plus = specWithValues(job.strategy, job.params, perturbation.plus);
  const minus = specWithValues(job.strategy, job.params, perturbation.minus);
  let score = 0;
  let variance: IterationRow['variance'] = null;
  // Both points clamped onto the same values measure nothing: the iteration moves nothing.
  if (plus !== minus) {
    const plan = planComparison(context.registry, {
      ...comparisonRequest(job, job.opponents, iterationSeed(job.seed, iteration), job.iterationGames),
      candidate: plus,
      baseline: minus,
    });
    // Results do not depend on the batches (the sums are whole numbers); enough of them keep every worker busy.
    const batchBlocks = Math.max(1, Math.ceil(plan.maxBlocks / (2 * settings.workers)));
    let last: PairedTotals | null = null;
    for await (const totals of runPairedBatches(context.registry, plan.paired, {
      workers: settings.workers,
      registryModule: context.registryModule,
      loadExternalHost: context.loadExternalHost,
      batchBlocks,
      maxBlocks: plan.maxBlocks,
      signal: settings.signal,
      moveTimeout: settings.moveTimeout,
      runners,
    }))
      last = totals;
    if (!last || last.blocks < plan.maxBlocks) return null;
    const forfeits = last.candidateCounters.forfeitTotal() + last.baselineCounters.forfeitTotal();
    if (forfeits > 0)
      context.warn(
        `iteration ${iteration + 1}: ${forfeits} forfeits; its games replay with ` +
          `${context.invocation} compare --game ${job.game} --players ${job.players} --design ${job.design} --candidate ${shellWord(plus)} ` +
          `--baseline ${shellWord(minus)} --opponents ${shellWord(job.opponents.join(','))} --seed ${shellWord(plan.paired.seed)}${iterationFlags(job, settings)}`,
      );
    score = pairScore(last, chooseMeasure(context.registry.game(job.game), job.measure));
    const { observed, unpaired, independent } = varianceReduction(last, plan.blockGames);
    variance = { paired: observed, unpaired, independent };
  }
  const next = spsa.update(theta, iteration, perturbation, score * job.iterationGames);
  return { iteration, plus: perturbation.plus, minus: perturbation.minus, score, theta: next, variance };
}

function writeProgress(dir: string, job: TuneJob, rows: readonly IterationRow[]): void {
  writeFileAtomic(join(dir, STATE_FILE), JSON.stringify({ rows } satisfies TuneState));
  writeFileAtomic(join(dir, TRAJECTORY_FILE), trajectoryCsv(job, rows));
}

/** One line per iteration: the score of theta+ over theta-, the points played and theta after it. */
export function trajectoryCsv(job: TuneJob, rows: readonly IterationRow[]): string {
  const names = job.params.map((param) => param.name);
  let games = 0;
  return toCsv(
    ['iteration', 'games', 'score', ...names, ...names.map((name) => `${name}_plus`), ...names.map((name) => `${name}_minus`)],
    rows.map((row) => [row.iteration + 1, (games += iterationGamesPlayed(job, row)), row.score, ...row.theta, ...row.plus, ...row.minus]),
  );
}

/**
 * What else a compare needs to play an iteration's games as the run did: its rules, its settings
 * that decide how games end, and one look after exactly the iteration's games.
 */
function iterationFlags(job: TuneJob, settings: PlaySettings): string {
  const played = Object.entries(playSettingsOf(settings)) as [keyof PlaySettings, unknown][];
  const flags = [
    ...(Object.keys(job.rules).length > 0 ? [`--rules '${keyValueText(job.rules)}'`] : []),
    `--max-games ${2 * job.iterationGames}`,
    `--batch ${job.iterationGames}`,
    ...played.map(([setting, value]) => `${PLAY_SETTING_FLAGS[setting]} ${String(value)}`),
    // The bots' sandbox and the files trusted change how they play: the replay needs them too.
    ...(job.sandbox ? [`--sandbox ${keyValueText(job.sandbox)}`] : []),
    ...(job.confinement?.trusted ?? []).map((file) => `--trust ${shellWord(file)}`),
  ];
  return ` ${flags.join(' ')}`;
}

/** Games an iteration played, both arms together: none where theta+ and theta- were alike. */
function iterationGamesPlayed(job: TuneJob, row: IterationRow): number {
  return row.variance === null ? 0 : 2 * job.iterationGames;
}

/** The strategy at its starting values. */
function startingSpec(job: TuneJob): string {
  return specWithValues(
    job.strategy,
    job.params,
    job.params.map((param) => param.start),
  );
}

/** The values tuning ends at, as played and shown. */
export function tunedValues(job: TuneJob, rows: readonly IterationRow[]): number[] {
  const theta = rows.length > 0 ? rows[rows.length - 1].theta : job.params.map((param) => param.start);
  return job.params.map((param, i) => presentable(param, theta[i]));
}

/** The paired comparison of the tuned values against the starting ones, in the folder's verify/; null when they are equal. */
async function verify(
  context: JobContext,
  dir: string,
  job: TuneJob,
  rows: readonly IterationRow[],
  settings: Omit<TuneSettings, 'out' | 'name' | 'force'>,
  watch: ComparisonWatch = {},
): Promise<ComparisonOutcome | null> {
  const start = startingSpec(job);
  const tuned = specWithValues(job.strategy, job.params, tunedValues(job, rows));
  if (tuned === start) return null;
  const folder = join(dir, VERIFY_FOLDER);
  const comparing = { ...settings, out: folder, name: VERIFY_FOLDER };
  if (existsSync(join(folder, ResultFiles.JOB))) return resumeComparison(context, folder, comparing, watch);
  makeFolder(folder);
  return startComparison(
    context,
    {
      ...comparisonRequest(job, job.opponents, `${job.seed}/verify`, job.verify.maxGames / 2),
      candidate: tuned,
      baseline: start,
      preset: job.verify.preset,
      batch: VERIFY_LOOK_GAMES,
    },
    comparing,
    watch,
  );
}

/** Games per arm between two looks of the verification's test, as `parlor compare` looks by default. */
const VERIFY_LOOK_GAMES = 200;

async function drawReport(
  context: JobContext,
  dir: string,
  job: TuneJob,
  rows: readonly IterationRow[],
  comparison: CompareSummary | null,
  complete: boolean,
  settings: Pick<TuneSettings, 'draw'>,
): Promise<TuneSummary> {
  const values = tunedValues(job, rows);
  const summary: TuneSummary = {
    command: 'tune',
    game: job.game,
    strategy: job.strategy,
    seed: job.seed,
    complete,
    iterations: rows.length,
    games: rows.reduce((games, row) => games + iterationGamesPlayed(job, row), 0),
    params: job.params.map((param, i) => ({ name: param.name, start: param.start, tuned: values[i], min: param.min, max: param.max })),
    start: startingSpec(job),
    tuned: specWithValues(job.strategy, job.params, values),
    pairing: pairingSummary(rows),
    verification: comparison ? verificationSummary(comparison) : null,
  };
  writeFileAtomic(join(dir, ResultFiles.SUMMARY), `${JSON.stringify(summary, null, 2)}\n`);
  try {
    await settings.draw?.(dir, { job, rows, summary });
  } catch (error) {
    context.warn(`could not draw the report: ${error instanceof Error ? error.message : String(error)}`);
  }
  return summary;
}

function pairingSummary(rows: readonly IterationRow[]): TuneSummary['pairing'] {
  const played = rows.flatMap((row) => (row.variance && row.variance.unpaired > 0 && row.variance.independent > 0 ? [row.variance] : []));
  if (played.length < 2) return null;
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const paired = mean(played.map((variance) => variance.paired));
  const unpaired = mean(played.map((variance) => variance.unpaired));
  const independent = mean(played.map((variance) => variance.independent));
  return { paired, unpaired, independent, pairingFactor: paired / unpaired, factor: paired / independent };
}

function verificationSummary(summary: CompareSummary): VerificationSummary {
  const { comparison } = summary;
  return {
    folder: VERIFY_FOLDER,
    verdict: comparison.verdict,
    passed: comparison.passed,
    games: comparison.games,
    measured: comparison.estimate.measured,
    elo: { elo: comparison.estimate.elo.elo, low: comparison.estimate.elo.low, high: comparison.estimate.elo.high },
    normalizedElo: { nelo: comparison.estimate.normalizedElo.nelo, margin: comparison.estimate.normalizedElo.margin },
    measure: comparison.estimate.measure ?? null,
  };
}

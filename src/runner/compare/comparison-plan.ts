import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import { parseStrategySpec } from '../../core/strategy-spec.ts';
import { expectedBlocks, SPRT_PRESETS, type SprtConfig } from '../../stats/sprt.ts';
import { comparisonScale } from './compare.ts';
import { blockGames, type DesignName } from '../play/design.ts';
import type { PairedSpec, PairedTotals } from './paired.ts';
import { chooseMeasure } from '../summary/measures.ts';
import { checkCount, fullRules } from '../job/plan.ts';
import type { PresetName, SprtEloScale } from './sprt-choices.ts';

/** A comparison's request checked into its plan, and how long its test is expected to run. */

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
  /**
   * Duplicate by default: the compared seat then plays every position of every deal, so the
   * advantage of listed seat 0 is not measured as the candidate's (see planComparison).
   */
  readonly design?: DesignName;
  readonly unpaired?: boolean;
  /** The game's measure the test reads (its id); the game's first by default: Hearts' points per hand. */
  readonly measure?: string;
  readonly rules?: Readonly<Record<string, string>>;
}

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

/**
 * The comparison `parlor compare` runs, checked: its two arms, its test and its look schedule.
 * `startComparison` plans it again itself; a notebook plans it to show the test before running it.
 */
export function planComparison(registry: Registry, options: ComparisonRequest): ComparisonPlan {
  const game = registry.game(options.game);
  // Tuning plans its comparisons past the command line's --max-games: any whole number goes.
  checkCount('maxGames', options.maxGames, 1, Number.MAX_SAFE_INTEGER);
  checkCount('batch', options.batch, 1, Number.MAX_SAFE_INTEGER);
  if (options.players !== undefined) checkCount('players', options.players, 1, 16);
  const candidate = parseStrategySpec(options.candidate).text;
  const baseline = parseStrategySpec(options.baseline).text;
  if (candidate === baseline) throw Errors.badOption(`--candidate and --baseline are the same strategy '${candidate}'`);
  const listed = (options.opponents ?? [baseline]).map((spec) => parseStrategySpec(spec).text);
  if (listed.length === 0) throw Errors.badOption('--opponents: give at least one strategy');
  const players = options.players ?? (listed.length > 1 ? listed.length + 1 : game.minPlayers);
  if (players < game.minPlayers || players > game.maxPlayers) throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  const opponents = listed.length === 1 ? Array<string>(players - 1).fill(listed[0]) : listed;
  if (opponents.length !== players - 1) throw Errors.seatCount(opponents.length + 1, players);
  const sprt = sprtConfig(options);
  const measure = chooseMeasure(game, options.measure);
  // The win share is what the paired histogram tests; any other measure reads its block differences.
  const measured = measure.source.kind === 'game-wins' ? undefined : measure.id;
  if (measured !== undefined && sprt.model !== 'normalized')
    throw Errors.badOption(`--sprt-elo logistic reads win shares; ${measure.label} takes normalized bounds (or --measure win-share)`);
  const preset = options.sprt ? null : (options.preset ?? 'gainer');
  const design = options.design ?? 'duplicate';
  const size = blockGames(design, players);
  const maxBlocks = Math.floor(options.maxGames / (2 * size));
  if (maxBlocks < 1) throw Errors.badOption(`--max-games must be at least ${2 * size}: one block of ${size} games in each arm`);
  const paired: PairedSpec = {
    game: game.id,
    candidate,
    baseline,
    opponents,
    rules: fullRules(registry, game.id, options.rules),
    seed: options.seed,
    design,
    ...(options.unpaired ? { baselineSeed: options.seed + UNPAIRED_SEED_SUFFIX } : {}),
    ...(measured === undefined ? {} : { measure: measured }),
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

/** How long a comparison is likely to run, to size a run or its cap before starting it. */
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

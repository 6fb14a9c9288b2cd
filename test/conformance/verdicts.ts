// The statistical conformance checks, played in this thread through the runner's own pieces (the
// match player, the counters, the summary, the stopping rule and the sequential test), so that
// what they judge is exactly what `sim --until-clear`, `compare`, `sim` and `tournament` print.
// test/conformance/verdicts.test.ts runs a few replications in CI; `npm run bench -- stats`
// (test/bench/stats.ts) runs many and prints the table the README quotes.
import { builtinRegistry } from '../../src/app.ts';
import { MatchPlayer } from '../../src/runner/play/batch.ts';
import { comparisonEstimate, SequentialTest, type Verdict } from '../../src/runner/compare/compare.ts';
import { Counters } from '../../src/runner/play/counters.ts';
import { blockGames, type DesignName } from '../../src/runner/play/design.ts';
import { prepareMatch, type PreparedMatch } from '../../src/runner/play/match.ts';
import { chooseMeasure, measureEstimate } from '../../src/runner/summary/measures.ts';
import { PairedCounters, PairedLayout, pairedArms, pairedMeasure, type PairedSpec } from '../../src/runner/compare/paired.ts';
import { summarizeRun } from '../../src/runner/summary/summary.ts';
import type { RunSummary } from '../../src/runner/summary/summary-types.ts';
import { clearLeaderLook } from '../../src/runner/compare/until-clear.ts';
import { scoreToElo } from '../../src/stats/elo.ts';
import { Z95 } from '../../src/stats/critical-value.ts';
import { SPRT_PRESETS } from '../../src/stats/sprt.ts';

const COPIES = new URL('../fixtures/strategies/copies/', import.meta.url).pathname;

/** A game's cases: a built-in and its copy loaded by path, and a pair of clearly unequal strategies. */
export interface GameCase {
  readonly game: string;
  readonly players: number;
  readonly builtin: string;
  readonly copy: string;
  readonly stronger: string;
  readonly weaker: string;
}

export const GAME_CASES: readonly GameCase[] = [
  { game: 'love-letter', players: 2, builtin: 'counter', copy: `${COPIES}counter.ts`, stronger: 'counter', weaker: 'random' },
  { game: 'hearts', players: 4, builtin: 'ducking', copy: `${COPIES}ducking.ts`, stronger: 'ducking', weaker: 'random' },
  { game: 'dominion', players: 2, builtin: 'big-money', copy: `${COPIES}big-money.json`, stronger: 'smithy-bm', weaker: 'big-money' },
  { game: 'speedclue', players: 3, builtin: 'simple', copy: `${COPIES}simple.ts`, stronger: 'inference', weaker: 'simple' },
];

export const DESIGN_NAMES: readonly DesignName[] = ['independent', 'duplicate'];

/** `first` in seat 0, then `second` and `first` alternately: both strategies at every table. */
export function alternating(first: string, second: string, players: number): string[] {
  return Array.from({ length: players }, (_, seat) => (seat % 2 === 0 ? first : second));
}

async function match(game: string, seats: readonly string[], seed: string): Promise<PreparedMatch> {
  return prepareMatch(builtinRegistry(), { game, seats: [...seats], rules: {}, seed });
}

/** Plays `games` (whole blocks) of one match-up and returns its summary and counters. */
export async function played(game: string, seats: readonly string[], games: number, seed: string, design: DesignName) {
  const prepared = await match(game, seats, seed);
  const counters = new Counters(prepared.layout);
  const player = new MatchPlayer(prepared, design);
  player.play({ offset: 0, from: 0, to: games }, counters);
  const slotNames = prepared.slots.map((slot) => slot.spec.text);
  const summary = summarizeRun({
    game: prepared.game,
    design,
    seed,
    gamesPlanned: games,
    strategies: slotNames,
    matchups: [{ seats: prepared.spec.seats, offset: 0, slotNames, counters }],
  });
  return { prepared, counters, slotNames, summary };
}

/**
 * sim --until-clear on a built-in against its copy: the leader it names, or null if none was clear
 * within `cap` games looked at every `look` games. Any leader is a false one.
 */
export async function untilClearLeader(c: GameCase, design: DesignName, seed: string, cap: number, look: number): Promise<string | null> {
  const prepared = await match(c.game, alternating(c.builtin, c.copy, c.players), seed);
  const counters = new Counters(prepared.layout);
  const player = new MatchPlayer(prepared, design);
  const slotNames = prepared.slots.map((slot) => slot.spec.text);
  const size = look - (look % blockGames(design, c.players));
  for (let from = 0; from + size <= cap; from += size) {
    player.play({ offset: 0, from, to: from + size }, counters);
    const result = clearLeaderLook(counters, slotNames, 0.95, chooseMeasure(prepared.game));
    if (result.clear) return result.leader;
  }
  return null;
}

/** `compare` in this thread: its verdict and estimate after at most `maxGames` (both arms); `unpaired`: each arm on deals of its own, as --unpaired. */
export async function compareVerdict(
  c: GameCase,
  candidate: string,
  baseline: string,
  preset: 'gainer' | 'nonRegression',
  design: DesignName,
  seed: string,
  maxGames: number,
  batchBlocks: number,
  unpaired = false,
) {
  const spec: PairedSpec = {
    game: c.game,
    candidate,
    baseline,
    opponents: Array<string>(c.players - 1).fill(baseline),
    rules: {},
    seed,
    design,
    ...(unpaired ? { baselineSeed: `${seed}/unpaired-baseline` } : {}),
    // As compare does: the game's first measure, where it is not the win share.
    ...((measure) => (measure.source.kind === 'game-wins' ? {} : { measure: measure.id }))(chooseMeasure(builtinRegistry().game(c.game))),
  };
  const arms = pairedArms(spec);
  const candidateMatch = await match(c.game, arms.candidate.seats, arms.candidate.seed);
  const baselineMatch = await match(c.game, arms.baseline.seats, arms.baseline.seed);
  const size = blockGames(design, c.players);
  const sums = new PairedCounters(
    new PairedLayout(candidateMatch.layout, baselineMatch.layout, size, pairedMeasure(candidateMatch.game, spec)),
  );
  const candidatePlayer = new MatchPlayer(candidateMatch, design);
  const baselinePlayer = new MatchPlayer(baselineMatch, design);
  const test = new SequentialTest(SPRT_PRESETS[preset], spec);
  const maxBlocks = Math.floor(maxGames / (2 * size));
  for (let block = 0; block < maxBlocks && !test.decided; block += batchBlocks) {
    sums.play(candidatePlayer, baselinePlayer, 0, block, Math.min(maxBlocks, block + batchBlocks));
    test.look(sums.totals(candidateMatch, baselineMatch));
  }
  const run = test.result();
  return { verdict: run.verdict as Verdict, estimate: comparisonEstimate(spec, run.totals), games: 2 * run.totals.gamesPerArm };
}

/** An Elo figure with the half-width of its 95% interval. */
export interface EloFigure {
  readonly elo: number;
  readonly margin: number;
}

/** The Elo of a two-player score with its interval, mapped end by end (as compare maps its own). */
function eloOfScore(score: number, low: number, high: number): EloFigure {
  return { elo: scoreToElo(score), margin: (scoreToElo(high) - scoreToElo(low)) / 2 };
}

/**
 * The same pair's Elo three ways: compare (paired, duplicate, the weaker in every other seat), sim
 * head to head (duplicate: the stronger's win share against a field of the weaker, read as the
 * rating difference a Plackett-Luce fit gives), and a tournament of the stronger against a field
 * of the weaker in every rotation (its ratings' difference).
 */
export async function eloThreeWays(c: GameCase, seed: string, games: number) {
  const compared = await compareVerdict(c, c.stronger, c.weaker, 'gainer', 'duplicate', seed, 2 * games, Infinity);
  const sim = await played(c.game, [c.stronger, ...Array<string>(c.players - 1).fill(c.weaker)], games, `${seed}/sim`, 'duplicate');
  const tournament = await tournamentElo(c, games, `${seed}/tournament`);
  return { compare: { elo: compared.estimate.elo.elo, margin: compared.estimate.elo.margin }, sim: simElo(sim.summary, c), tournament };
}

/**
 * sim head to head as a rating difference: with the weaker in every other seat, Plackett-Luce
 * makes the stronger's win share w = g / (g + (n - 1) g_weak), so the difference is E(w) - E(1 / n).
 */
function simElo(summary: RunSummary, c: GameCase): EloFigure {
  const strong = summary.strategies[c.stronger];
  const reference = scoreToElo(1 / c.players);
  const figure = eloOfScore(strong.winRate, strong.ci95[0], strong.ci95[1]);
  return { elo: figure.elo - reference, margin: figure.margin };
}

export async function tournamentElo(c: GameCase, games: number, seed: string): Promise<EloFigure> {
  // Every rotation of the stronger against a field of the weaker: the tables compare and sim play.
  // (Tables of two of the stronger against one weaker would measure another thing where strength
  // depends on who else sits at the table, as SpeedClue's deductions do.)
  const table = [c.stronger, ...Array<string>(c.players - 1).fill(c.weaker)];
  const seatings = table.map((_, rotation) => table.map((__, seat) => table[(seat + rotation) % c.players]));
  const matchups = [];
  const strategies = [c.stronger, c.weaker];
  let prepared: PreparedMatch | null = null;
  for (const [index, seats] of seatings.entries()) {
    prepared = await match(c.game, seats, seed);
    const counters = new Counters(prepared.layout);
    new MatchPlayer(prepared, 'independent').play({ offset: index * games, from: 0, to: Math.ceil(games / seatings.length) }, counters);
    matchups.push({ seats, offset: index * games, slotNames: prepared.slots.map((slot) => slot.spec.text), counters });
  }
  const summary = summarizeRun({
    game: (prepared as PreparedMatch).game,
    design: 'independent',
    seed,
    gamesPlanned: games,
    strategies,
    matchups,
    ratings: true,
  });
  const [first, second] = summary.ratings ?? [];
  const strong = first.strategy === c.stronger ? first : second;
  const weak = strong === first ? second : first;
  // Ratings are centred on the field, so with two strategies each holds half the difference and its interval.
  return { elo: strong.elo - weak.elo, margin: strong.high - strong.low };
}

/**
 * Coverage of one design's printed interval for the stronger strategy's declared measure and win
 * rate: the printed standard errors' root mean square against the spread of the estimates over seeds.
 */
export async function coverage(c: GameCase, design: DesignName, seeds: number, games: number) {
  const measure = chooseMeasure(builtinRegistry().game(c.game));
  const values: number[] = [];
  const errors: number[] = [];
  const rates: number[] = [];
  const rateErrors: number[] = [];
  const seats = [c.stronger, ...Array<string>(c.players - 1).fill(c.weaker)];
  for (let seed = 0; seed < seeds; seed++) {
    const run = await played(c.game, seats, games, `coverage-${seed}`, design);
    const estimate = measureEstimate(run.counters, run.counters.layout.slot(0), measure);
    values.push(estimate.rate);
    errors.push(estimate.se);
    const strategy = run.summary.strategies[c.stronger];
    rates.push(strategy.winRate);
    rateErrors.push((strategy.ci95[1] - strategy.ci95[0]) / (2 * Z95));
  }
  return { measure: measure.id, measureRatio: rms(errors) / sd(values), winRateRatio: rms(rateErrors) / sd(rates) };
}

/**
 * Coverage of Elo figures from many seeds: the standard error each interval implies (its
 * half-width over z) in root mean square, against the spread of the estimates.
 */
export function eloCoverage(figures: readonly EloFigure[]): number {
  return rms(figures.map((figure) => figure.margin / Z95)) / sd(figures.map((figure) => figure.elo));
}

function rms(values: readonly number[]): number {
  return Math.sqrt(values.reduce((sum, value) => sum + value * value, 0) / values.length);
}

function sd(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
}

/** Whether two estimates agree within their intervals: the difference inside its own 95% interval. */
export function agree(a: EloFigure, b: EloFigure): boolean {
  return Math.abs(a.elo - b.elo) <= Math.hypot(a.margin, b.margin);
}

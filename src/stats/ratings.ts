/**
 * Strengths of many strategies from winner-only multi-player results under the Plackett-Luce
 * (Bradley-Terry for two players) model: a seat of strategy j wins a game with probability
 * gamma_j / (sum of gamma over the game's seats). Fitted by Hunter's MM algorithm.
 *
 * Results come compressed by table (the multiset of strategies seated together): the fit only
 * needs, per distinct table, how many games it hosted, and per strategy its total wins, so one
 * iteration costs the number of distinct tables, not the number of games.
 */
import { quantile } from 'simple-statistics';
import { Z95 } from './critical-value.ts';
import { rootOfDecreasing } from './roots.ts';
import { studentQuantile } from './small-sample.ts';
import { wilson } from './wilson.ts';

/** One game: the strategy index at each seat and the share of the win each seat took. */
export interface GameOutcome {
  readonly players: readonly number[];
  /** Win share per seat: 1 for the winner, 1/k each for k tied winners, 0 otherwise. */
  readonly shares: readonly number[];
}

/** All games played by one table of strategies: participant indices, game count, win totals per seat. */
export interface TableResults {
  readonly players: readonly number[];
  readonly games: number;
  readonly wins: readonly number[];
}

/** How fitRatings fits: the field's size and its prior. */
export interface RatingOptions {
  /** Number of strategies; defaults to the largest index seen plus one. */
  readonly strategies?: number;
  /**
   * Virtual wins per strategy, earned in tied two-player games spread evenly over every other
   * strategy (default 0.5: one drawn game against the field). With 0 the fit is the plain
   * maximum-likelihood one, which exists only where rankability rates every strategy. The prior
   * keeps a fit finite anyway, which a bootstrap resample needs (it can leave a rated strategy
   * without a win); where the data leave a strategy's rating infinite, though, the prior alone sets
   * it, and moves it as games are added, so bootstrapRatings fits only the strategies the data rate.
   */
  readonly priorWins?: number;
  /** Stop when no log-strength moves more than this in an iteration. */
  readonly tolerance?: number;
  readonly maxIterations?: number;
}

/** Every strategy's fitted strength, as fitRatings gives it. */
export interface Ratings {
  /** Strengths, scaled to geometric mean 1. */
  readonly gamma: number[];
  /** 400 log10(gamma): Elo relative to the field's average. */
  readonly elo: number[];
  readonly iterations: number;
  readonly converged: boolean;
}

/** Canonical form of a table: the same multiset of strategies in any seat order is one table. */
interface CanonicalTable {
  readonly key: string;
  readonly players: readonly number[];
  readonly games: number;
  readonly wins: readonly number[];
}

function canonicalTable(table: TableResults): CanonicalTable {
  if (table.wins.length !== table.players.length) {
    throw new RangeError(`ratings: table ${table.players.join(',')} has ${table.wins.length} win totals`);
  }
  const order = table.players.map((_, seat) => seat).sort((a, b) => table.players[a] - table.players[b]);
  const players = order.map((seat) => table.players[seat]);
  return { key: tableKey(players), players, games: table.games, wins: order.map((seat) => table.wins[seat]) };
}

function tableKey(sortedPlayers: readonly number[]): string {
  return sortedPlayers.join(',');
}

/** Adds up the results of identical tables, whatever order their seats were listed in. */
export function mergeTables(tables: Iterable<TableResults>): TableResults[] {
  const merged = new Map<string, { players: readonly number[]; games: number; wins: number[] }>();
  for (const table of tables) {
    const canonical = canonicalTable(table);
    const entry = merged.get(canonical.key);
    if (entry === undefined) {
      merged.set(canonical.key, { players: canonical.players, games: canonical.games, wins: [...canonical.wins] });
    } else {
      entry.games += canonical.games;
      canonical.wins.forEach((w, i) => (entry.wins[i] += w));
    }
  }
  return [...merged.values()];
}

/** Compresses individual games into per-table totals. */
export function tablesFromGames(games: Iterable<GameOutcome>): TableResults[] {
  return mergeTables(mapIterable(games, (game) => ({ players: game.players, games: 1, wins: game.shares })));
}

function* mapIterable<T, U>(items: Iterable<T>, f: (item: T) => U): Iterable<U> {
  for (const item of items) yield f(item);
}

/**
 * The fixed part of a fit: every distinct table (the data's and the prior's virtual two-player ones)
 * with an index. Game counts and win totals vary per bootstrap resample and live in Totals.
 */
class Design {
  readonly strategies: number;
  readonly tables: (readonly number[])[] = [];
  private readonly indexByKey = new Map<string, number>();
  private readonly priorGames = new Map<number, number>();
  private readonly priorWins: number;

  constructor(strategies: number, priorWins: number, dataTables: Iterable<CanonicalTable>) {
    this.strategies = strategies;
    this.priorWins = strategies > 1 ? priorWins : 0;
    if (this.priorWins > 0) {
      // Each strategy meets the S - 1 others in tied games and wins half of them: priorWins in all.
      const gamesPerPair = (2 * this.priorWins) / (strategies - 1);
      for (let j = 0; j < strategies; j++) {
        for (let k = j + 1; k < strategies; k++) this.priorGames.set(this.register([j, k]), gamesPerPair);
      }
    }
    for (const table of dataTables) this.register(table.players);
  }

  /** Index of a table given in canonical order. */
  indexOf(table: CanonicalTable): number {
    const index = this.indexByKey.get(table.key);
    if (index === undefined) throw new Error(`ratings: table ${table.key} is not part of the design`);
    return index;
  }

  /** Per-table game counts and per-strategy win totals holding just the prior. */
  priorTotals(): Totals {
    const games = new Float64Array(this.tables.length);
    this.priorGames.forEach((count, index) => (games[index] = count));
    return { games, wins: new Float64Array(this.strategies).fill(this.priorWins) };
  }

  /** Index of a table whose players are already in ascending order, adding it if new. */
  private register(players: readonly number[]): number {
    const key = tableKey(players);
    const known = this.indexByKey.get(key);
    if (known !== undefined) return known;
    for (const player of players) {
      if (!Number.isInteger(player) || player < 0 || player >= this.strategies) {
        throw new RangeError(`ratings: strategy index ${player} outside 0..${this.strategies - 1}`);
      }
    }
    this.tables.push(players);
    this.indexByKey.set(key, this.tables.length - 1);
    return this.tables.length - 1;
  }
}

interface Totals {
  readonly games: Float64Array;
  readonly wins: Float64Array;
}

interface FitSettings {
  readonly tolerance: number;
  readonly maxIterations: number;
}

interface ResolvedOptions extends FitSettings {
  readonly priorWins: number;
}

function resolveOptions(options: RatingOptions): ResolvedOptions {
  return {
    priorWins: options.priorWins ?? 0.5,
    tolerance: options.tolerance ?? 1e-10,
    maxIterations: options.maxIterations ?? 100_000,
  };
}

function designFor(tables: readonly CanonicalTable[], options: RatingOptions, priorWins: number): Design {
  let highest = -1;
  for (const table of tables) highest = Math.max(highest, ...table.players);
  return new Design(options.strategies ?? highest + 1, priorWins, tables);
}

/**
 * Fits the blocks' results, block b counted weights[b] times (1 for the data as it is, bootstrap
 * multiplicities for a resample).
 */
function fitWeighted(
  design: Design,
  blocks: readonly (readonly CanonicalTable[])[],
  weights: readonly number[],
  settings: FitSettings,
  start?: readonly number[],
): Ratings {
  const totals = design.priorTotals();
  blocks.forEach((tables, b) => {
    const weight = weights[b];
    if (weight === 0) return;
    for (const table of tables) {
      totals.games[design.indexOf(table)] += weight * table.games;
      table.players.forEach((player, seat) => (totals.wins[player] += weight * table.wins[seat]));
    }
  });
  return runMm(design, totals, settings, start);
}

/**
 * Hunter's MM iteration gamma_j <- W_j / sum over games of (seats of j) / (sum of gamma at the
 * table), rescaled to geometric mean 1 each step (the likelihood ignores the overall scale).
 */
function runMm(design: Design, totals: Totals, settings: FitSettings, start?: readonly number[]): Ratings {
  const strategies = design.strategies;
  for (let j = 0; j < strategies; j++) {
    if (!(totals.wins[j] > 0)) {
      throw new RangeError(`ratings: strategy ${j} has no wins, so its strength is not finite; use priorWins > 0`);
    }
  }
  let gamma = start ? Float64Array.from(start) : new Float64Array(strategies).fill(1);
  const exposure = new Float64Array(strategies);
  for (let iteration = 1; iteration <= settings.maxIterations; iteration++) {
    exposure.fill(0);
    design.tables.forEach((players, index) => {
      const games = totals.games[index];
      if (games === 0) return;
      let tableStrength = 0;
      for (const player of players) tableStrength += gamma[player];
      for (const player of players) exposure[player] += games / tableStrength;
    });
    const next = gamma.map((_, j) => totals.wins[j] / exposure[j]);
    normalizeGeometricMean(next);
    let largestStep = 0;
    for (let j = 0; j < strategies; j++) largestStep = Math.max(largestStep, Math.abs(Math.log(next[j] / gamma[j])));
    gamma = next;
    if (largestStep < settings.tolerance) return ratingsFrom(gamma, iteration, true);
  }
  return ratingsFrom(gamma, settings.maxIterations, false);
}

function normalizeGeometricMean(gamma: Float64Array): void {
  let logSum = 0;
  for (const g of gamma) logSum += Math.log(g);
  const scale = Math.exp(logSum / gamma.length);
  for (let j = 0; j < gamma.length; j++) gamma[j] /= scale;
}

function ratingsFrom(gamma: Float64Array, iterations: number, converged: boolean): Ratings {
  const strengths = [...gamma];
  return { gamma: strengths, elo: strengths.map((g) => 400 * Math.log10(g)), iterations, converged };
}

/** Fits strengths to per-table results (see tablesFromGames and mergeTables). */
export function fitRatings(tables: readonly TableResults[], options: RatingOptions = {}): Ratings {
  const settings = resolveOptions(options);
  const canonical = tables.map(canonicalTable);
  return fitWeighted(designFor(canonical, options, settings.priorWins), [canonical], [1], settings);
}

/** Fits strengths to individual games. */
export function fitRatingsFromGames(games: Iterable<GameOutcome>, options: RatingOptions = {}): Ratings {
  return fitRatings(tablesFromGames(games), options);
}

/**
 * Where the data place a strategy: in the rated group, whose ratings they determine and whose
 * average is the scale's 0; below or above that group by more than any finite rating; or apart,
 * neither (its games never set it against the rated group alone).
 */
export type Standing = 'rated' | 'below' | 'above' | 'apart';

/** Which strategies the games can rate together, as rankability finds them. */
export interface Rankability {
  readonly standing: Standing[];
  /** The rated group's strategy indices, ascending. */
  readonly rated: number[];
}

/**
 * Which ratings the data determine. Say strategy i beat j when i took some of the wins (a tied
 * share too) at a table where j sat. The likelihood keeps growing as a set of strategies moves away
 * from the rest exactly when no strategy outside the set ever beat one inside (Hunter 2004,
 * Assumption 1): a strategy that won no game sinks without end, one that won every game it played
 * rises without end, whatever places it took below first, since only the winner counts. Ratings
 * are determined, up to one common shift, within each set of strategies that all beat each other
 * through chains of beats, and between such sets the margin is infinite. The largest set is the
 * rated group (ties: the one topping the most games, then the one listed first); a strategy a
 * chain of beats leads down to from it lies below, one that leads up to it above.
 */
export function rankability(tables: readonly TableResults[], strategies: number): Rankability {
  const beats = Array.from({ length: strategies }, () => new Set<number>());
  for (const table of tables) {
    table.players.forEach((winner, seat) => {
      if (!(table.wins[seat] > 0)) return;
      for (const loser of table.players) if (loser !== winner) beats[winner].add(loser);
    });
  }
  const reach = beats.map((_, from) => reachable(beats, from));
  const group = reach.map((reached, j) => reached.findIndex((_, k) => reached[k] && reach[k][j]));
  const topped = new Array<number>(strategies).fill(0);
  for (const table of tables) {
    const winner = table.players.find((_, seat) => table.wins[seat] > 0);
    if (winner !== undefined) topped[group[winner]] += table.games;
  }
  const size = (leader: number) => group.filter((g) => g === leader).length;
  let best = -1;
  for (let leader = 0; leader < strategies; leader++) {
    if (group[leader] !== leader) continue;
    if (best < 0 || size(leader) > size(best) || (size(leader) === size(best) && topped[leader] > topped[best])) best = leader;
  }
  const standing = group.map((g, j): Standing => {
    if (g === best) return 'rated';
    if (reach[best][j]) return 'below';
    return reach[j][best] ? 'above' : 'apart';
  });
  return { standing, rated: standing.flatMap((s, j) => (s === 'rated' ? [j] : [])) };
}

function reachable(beats: readonly Set<number>[], from: number): boolean[] {
  const reached = new Array<boolean>(beats.length).fill(false);
  reached[from] = true;
  const queue = [from];
  while (queue.length > 0) {
    for (const next of beats[queue.pop()!]) {
      if (!reached[next]) {
        reached[next] = true;
        queue.push(next);
      }
    }
  }
  return reached;
}

/**
 * The rated group's part of the data, renumbered 0..rated.length - 1: the tables where it won,
 * without the seats of strategies below it. Those seats won nothing there and, infinitely weaker,
 * take no share of a table's strength; tables that a strategy above the group won tell nothing
 * about the group (the winner's probability there is 1 whatever the group's ratings).
 */
function ratedTables(tables: readonly CanonicalTable[], renumber: readonly number[]): CanonicalTable[] {
  return tables.flatMap((table) => {
    const seats = table.players.flatMap((player, seat) => (renumber[player] >= 0 ? [seat] : []));
    const outsiderWon = table.players.some((player, seat) => renumber[player] < 0 && table.wins[seat] > 0);
    if (seats.length === 0 || outsiderWon) return [];
    const players = seats.map((seat) => renumber[table.players[seat]]);
    return [{ key: tableKey(players), players, games: table.games, wins: seats.map((seat) => table.wins[seat]) }];
  });
}

/** What a strategy's games at one table weigh in its rating: the games, its seats and wins there, the others' summed strength. */
interface SeatTerm {
  readonly games: number;
  readonly seats: number;
  readonly wins: number;
  readonly others: number;
}

/** The terms of the tables where `strategy` sits and some game was played, the others' strengths as `strengthOf` gives them. */
function seatTerms(strategy: number, tables: readonly CanonicalTable[], strengthOf: (player: number) => number): SeatTerm[] {
  const terms: SeatTerm[] = [];
  for (const table of tables) {
    let seats = 0;
    let wins = 0;
    let others = 0;
    table.players.forEach((player, seat) => {
      if (player !== strategy) others += strengthOf(player);
      else {
        seats += 1;
        wins += table.wins[seat];
      }
    });
    if (seats > 0 && table.games > 0) terms.push({ games: table.games, seats, wins, others });
  }
  return terms;
}

/** Far beyond any rating the bound can take from finitely many games, so a root lies inside. */
const BOUND_SEARCH = 10_000;

/**
 * The finite end of an unrated strategy's interval, on the rated group's scale (`gamma` over the
 * rated group, renumbered), from the games it played at tables holding only itself and rated
 * strategies, where it won none (below) or all (above): the rating at which its expected share of
 * its seat-games there, the rated strategies at their estimates, reaches the far end of the Wilson
 * interval of its observed share at the number of blocks those games were played in. That is the
 * interval its win rate shows beside it (a rate without spread rests on its blocks, never on its
 * games, which replay the blocks' deals in every seating), mapped through the fit, as a rated
 * strategy's is where its blocks show no spread. Tables with other unrated strategies are left
 * out: their strength is unknown, and without them the bound is only looser.
 */
function openBound(
  strategy: number,
  side: 'below' | 'above',
  blocks: readonly (readonly CanonicalTable[])[],
  renumber: readonly number[],
  gamma: readonly number[],
): { bound: number; games: number; units: number } {
  const closed = (tables: readonly CanonicalTable[]) =>
    tables.filter((table) => table.players.every((player) => player === strategy || renumber[player] >= 0));
  const termsOf = (tables: readonly CanonicalTable[]) =>
    seatTerms(strategy, closed(tables), (player) => gamma[renumber[player]]).filter((term) => term.others > 0);
  const terms = termsOf(blocks.flat());
  const units = blocks.filter((tables) => termsOf(tables).length > 0).length;
  const games = terms.reduce((sum, term) => sum + term.games, 0);
  if (games === 0) return { bound: side === 'below' ? Infinity : -Infinity, games, units };
  const seatGames = terms.reduce((sum, term) => sum + term.games * term.seats, 0);
  const wins = terms.reduce((sum, term) => sum + term.wins, 0);
  const interval = wilson(Math.min(1, wins / seatGames) * units, units);
  const target = side === 'below' ? interval.high : interval.low;
  // Its share of a seat-game reaches 1 / seats at most, where it holds several seats of a table.
  if (target <= 0) return { bound: -Infinity, games, units };
  if (target >= games / seatGames) return { bound: Infinity, games, units };
  // Its expected share of its seat-games at those tables, increasing in its rating.
  const expected = (elo: number) => {
    const strength = 10 ** (elo / 400);
    return terms.reduce((sum, { games, seats, others }) => sum + (games * seats * strength) / (seats * strength + others), 0) / seatGames;
  };
  return { bound: rootOfDecreasing((elo) => target - expected(elo), -BOUND_SEARCH, BOUND_SEARCH), games, units };
}

/** How bootstrapRatings resamples, besides how it fits. */
export interface BootstrapOptions extends RatingOptions {
  /** Number of resamples B. */
  readonly resamples: number;
}

/** Ratings with their bootstrap intervals, as bootstrapRatings gives them. */
export interface RatingIntervals {
  /**
   * Point estimate from all blocks, 0 on average over the rated strategies; -Infinity below the
   * rated group, +Infinity above it, NaN apart (see Standing).
   */
  readonly elo: number[];
  /**
   * Rated strategies: 2.5th and 97.5th percentiles of the resampled Elo, widened for few blocks.
   * Unrated ones: open on their side (low -Infinity below, high +Infinity above), the other end
   * from openBound (infinite where no game bounds it); both infinite apart.
   */
  readonly low: number[];
  readonly high: number[];
  readonly standing: Standing[];
  /** Games the finite end of an unrated strategy's interval rests on; 0 for rated strategies. */
  readonly boundGames: number[];
  /** The blocks those games were played in, the sample the end counts; 0 for rated strategies. */
  readonly boundUnits: number[];
  /** Resamples whose fit hit maxIterations; their last iterate is still used. */
  readonly unconverged: number;
}

/**
 * Percentile intervals from resampling whole blocks with replacement, so that games correlated by
 * design (same deal, rotated seats) stay together, widened about the estimate for few blocks (see
 * fewBlocksWidening). `random` returns numbers in [0, 1); pass a seeded generator to make the
 * intervals reproducible. Only the rated group is fitted and resampled (see rankability), the
 * prior among its members alone: the other strategies' prior-made ratings would move the average
 * with the game count, and their share of the prior's virtual games would pull at the rated ones.
 * Keep priorWins > 0: a resample can easily leave a rated strategy without a single win.
 */
export function bootstrapRatings(
  blocks: readonly (readonly TableResults[])[],
  random: () => number,
  options: BootstrapOptions,
): RatingIntervals {
  if (blocks.length === 0 || !(options.resamples >= 1)) {
    throw new RangeError('bootstrapRatings: need at least one block and one resample');
  }
  const settings = resolveOptions(options);
  const canonicalBlocks = blocks.map((block) => block.map(canonicalTable));
  const allTables = canonicalBlocks.flat();
  // The design checks every index; the fit's own is the rated group's.
  const strategies = designFor(allTables, options, 0).strategies;
  const { standing, rated } = rankability(allTables, strategies);
  const renumber = new Array<number>(strategies).fill(-1);
  rated.forEach((strategy, index) => (renumber[strategy] = index));

  const ratedBlocks = canonicalBlocks.map((tables) => ratedTables(tables, renumber));
  const { elo, low, high, unconverged, gamma } = bootstrapRated(ratedBlocks, rated.length, random, options.resamples, settings);
  const intervals: Omit<RatingIntervals, 'unconverged' | 'standing'> = {
    elo: new Array<number>(strategies).fill(NaN),
    low: new Array<number>(strategies).fill(-Infinity),
    high: new Array<number>(strategies).fill(Infinity),
    boundGames: new Array<number>(strategies).fill(0),
    boundUnits: new Array<number>(strategies).fill(0),
  };
  standing.forEach((side, j) => {
    if (side === 'rated') {
      intervals.elo[j] = elo[renumber[j]];
      intervals.low[j] = low[renumber[j]];
      intervals.high[j] = high[renumber[j]];
    } else if (side !== 'apart') {
      const { bound, games, units } = openBound(j, side, canonicalBlocks, renumber, gamma);
      intervals.elo[j] = side === 'below' ? -Infinity : Infinity;
      intervals[side === 'below' ? 'high' : 'low'][j] = bound;
      intervals.boundGames[j] = games;
      intervals.boundUnits[j] = units;
    }
  });
  return { ...intervals, standing, unconverged };
}

/** The fit and bootstrap of the rated group's blocks, strategies numbered 0..strategies - 1. */
function bootstrapRated(
  blocks: readonly (readonly CanonicalTable[])[],
  strategies: number,
  random: () => number,
  resamples: number,
  settings: ResolvedOptions,
): { elo: number[]; low: number[]; high: number[]; unconverged: number; gamma: number[] } {
  // One strategy alone is the scale's 0 by definition: nothing to fit or resample.
  if (strategies === 1) return { elo: [0], low: [0], high: [0], unconverged: 0, gamma: [1] };
  const design = new Design(strategies, settings.priorWins, blocks.flat());
  const full = fitWeighted(
    design,
    blocks,
    blocks.map(() => 1),
    settings,
  );
  const samples = full.elo.map((): number[] => []);
  let unconverged = 0;
  for (let r = 0; r < resamples; r++) {
    const weights = new Array<number>(blocks.length).fill(0);
    for (let draw = 0; draw < blocks.length; draw++) weights[randomIndex(random, blocks.length)] += 1;
    // Resampled strengths sit near the full fit, so starting there saves most of the iterations.
    const fit = fitWeighted(design, blocks, weights, settings, full.gamma);
    if (!fit.converged) unconverged += 1;
    fit.elo.forEach((elo, j) => samples[j].push(elo));
  }
  const widen = fewBlocksWidening(blocks.length);
  const low = samples.map((values, j) => full.elo[j] - widen * (full.elo[j] - quantile(values, 0.025)));
  const high = samples.map((values, j) => full.elo[j] + widen * (quantile(values, 0.975) - full.elo[j]));
  for (let j = 0; j < strategies; j++) {
    if (low[j] < high[j]) continue;
    // Every block came out alike (copies that play alike on every deal): the resamples show no
    // spread, though the rating is not certain. As a rate without spread does, it takes the Wilson
    // interval of its win share at the number of blocks, mapped through the fit.
    [low[j], high[j]] = noSpreadInterval(j, blocks.flat(), full.gamma, blocks.length);
  }
  return { elo: full.elo, low, high, unconverged, gamma: full.gamma };
}

/**
 * The rating interval of strategy j where the bootstrap shows no spread: the ratings at which its
 * expected share of its seat-games (the others at their estimates) reaches the ends of the Wilson
 * interval of its observed share at `units` blocks, on the field-average scale (moving one of S
 * strategies by d moves it d (S - 1) / S from their average).
 */
function noSpreadInterval(j: number, tables: readonly CanonicalTable[], gamma: readonly number[], units: number): [number, number] {
  const terms = seatTerms(j, tables, (player) => gamma[player]);
  const seatGames = terms.reduce((sum, term) => sum + term.games * term.seats, 0);
  const wins = terms.reduce((sum, term) => sum + term.wins, 0);
  const elo = 400 * Math.log10(gamma[j]);
  if (!(seatGames > 0)) return [elo, elo];
  const expected = (shift: number) => {
    const strength = gamma[j] * 10 ** (shift / 400);
    const sum = terms.reduce((total, { games, seats, others }) => total + (games * seats * strength) / (seats * strength + others), 0);
    return sum / seatGames;
  };
  const interval = wilson(Math.min(1, wins / seatGames) * units, units);
  const share = (target: number) => (shift: number) => target - expected(shift);
  const scale = (gamma.length - 1) / gamma.length;
  const end = (target: number) =>
    target <= 0 ? -Infinity : target >= 1 ? Infinity : rootOfDecreasing(share(target), -BOUND_SEARCH, BOUND_SEARCH);
  const [lowShare, highShare] = [interval.low, interval.high];
  return [elo + scale * end(lowShare), elo + scale * end(highShare)];
}

/**
 * How much wider than its percentiles a bootstrap over `blocks` independent blocks must be to
 * cover: resampling K blocks spreads an estimate by only (K - 1) / K of its variance, and a spread
 * learned from K blocks calls for Student's t with K - 1 degrees of freedom rather than the normal
 * quantile (the usual small-cluster correction). A tournament of many match-ups and few games each
 * replays only a few deals, so K can be a handful: 7 deals widen by 1.35, 64 by 1.03.
 */
function fewBlocksWidening(blocks: number): number {
  if (blocks < 2) return 1;
  return (Math.sqrt(blocks / (blocks - 1)) * studentQuantile(0.975, blocks - 1)) / Z95;
}

function randomIndex(random: () => number, size: number): number {
  // Guards against a generator whose largest output rounds up to 1 when scaled.
  return Math.min(size - 1, Math.floor(random() * size));
}

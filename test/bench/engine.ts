// Speed and memory of the engine and the runner: random games, one thread and the worker pool.
import { performance } from 'node:perf_hooks';
import { MatchPlayer } from '../../src/runner/play/batch.ts';
import { Counters } from '../../src/runner/play/counters.ts';
import { buildJob, jobId, matchSpecOf } from '../../src/runner/job/job.ts';
import { createTable, prepareMatch, type PreparedMatch } from '../../src/runner/play/match.ts';
import { countersOf, JobProgress, executeJob } from '../../src/runner/job/run-job.ts';
import { Runners } from '../../src/runner/job/runners.ts';
import { playGame } from '../../src/runner/play/table.ts';
import { builtinRegistry, loadExternalHost } from '../../src/app.ts';
import { heapUsed } from './heap.ts';

/** One line of `npm run bench -- --json`. */
export type BenchLine = { readonly bench: string } & Readonly<Record<string, string | number | boolean>>;

const REGISTRY = new URL('../../src/app.ts', import.meta.url).href;
const STRATEGY = 'random';

export interface EngineBenchOptions {
  /** Short runs for a quick look; the full counts are the ones the targets are stated for. */
  readonly quick: boolean;
}

function prepare(players: number): Promise<PreparedMatch> {
  return prepareMatch(builtinRegistry(), { game: 'love-letter', seats: Array<string>(players).fill(STRATEGY), rules: {}, seed: 'bench' });
}

const TIMING_SLICES = 20;

/** The bare play loop: deal, moves, round ends; no counting. */
async function engine(players: number, games: number): Promise<BenchLine> {
  const match = await prepare(players);
  const table = createTable(match);
  const warmUp = Math.min(games, 20_000);
  for (let game = 0; game < warmUp; game++) playGame(table, match.key, game);
  const heapStart = heapUsed();
  // Timed in twenty slices as well as whole: the best slice is the engine's speed in the
  // stretch this shared machine lent it most fully, the whole run what a user would see.
  const slice = Math.max(1, Math.floor(games / TIMING_SLICES));
  let bestSlice = Infinity;
  const start = performance.now();
  for (let from = 0; from < games; from += slice) {
    const to = Math.min(games, from + slice);
    const sliceStart = performance.now();
    for (let game = from; game < to; game++) playGame(table, match.key, game);
    if (to - from === slice) bestSlice = Math.min(bestSlice, performance.now() - sliceStart);
  }
  const seconds = (performance.now() - start) / 1000;
  const heapEnd = heapUsed();
  return {
    bench: 'engine',
    players,
    workers: 1,
    strategy: STRATEGY,
    games,
    gamesPerSecond: Math.round(games / seconds),
    bestSliceGamesPerSecond: Math.round(slice / (bestSlice / 1000)),
    heapStartBytes: heapStart,
    heapEndBytes: heapEnd,
    heapGrowthBytes: heapEnd - heapStart,
    gcExposed: gc !== undefined,
  };
}

/** What a worker does per task: play and count every game into the batch counters. */
async function batch(players: number, games: number): Promise<BenchLine> {
  const match = await prepare(players);
  const player = new MatchPlayer(match, 'independent');
  player.play({ offset: 0, from: 0, to: Math.min(games, 20_000) }, new Counters(match.layout));
  const start = performance.now();
  player.play({ offset: 0, from: 0, to: games }, new Counters(match.layout));
  const seconds = (performance.now() - start) / 1000;
  return { bench: 'batch', players, workers: 1, strategy: STRATEGY, games, gamesPerSecond: Math.round(games / seconds) };
}

function poolJob(players: number, games: number) {
  return buildJob({
    command: 'sim',
    game: 'love-letter',
    players,
    rules: {},
    seed: 'bench',
    design: 'independent',
    matchupSeats: [Array<string>(players).fill(STRATEGY)],
    games,
    // About a quarter second a task at these speeds: messaging stays far below a percent.
    batchGames: 10_000,
  });
}

/** Plays one whole job on `runners`, as `parlor sim` does; `onBatch` sees the games done so far. */
async function runPoolJob(
  runners: Runners,
  players: number,
  games: number,
  onBatch: (gamesDone: number) => void = () => {},
): Promise<void> {
  const spec = poolJob(players, games);
  const match = await prepareMatch(builtinRegistry(), matchSpecOf(spec, 0));
  const progress = new JobProgress(spec, jobId(spec), [countersOf(match.layout)]);
  await executeJob(progress, runners, { concurrency: runners.workers * 2, registry: REGISTRY, onBatch: (done) => onBatch(done.gamesDone) });
}

/** A long job through the worker pool, with the process's memory sampled along the way. */
async function poolMemory(players: number, workers: number, games: number): Promise<BenchLine> {
  const runners = Runners.create(workers, loadExternalHost);
  let rssAtTenth = 0;
  let heapAtTenth = 0;
  let start = 0;
  let startGames = 0;
  let rssEnd = 0;
  let seconds = 0;
  try {
    await runPoolJob(runners, players, games, (gamesDone) => {
      // The first tenth warms the workers up and fills their caches; growth is measured from there.
      if (rssAtTenth === 0 && gamesDone >= games / 10) {
        rssAtTenth = process.memoryUsage().rss;
        heapAtTenth = heapUsed();
        start = performance.now();
        startGames = gamesDone;
      }
    });
    seconds = (performance.now() - start) / 1000;
    // Before the pool closes: its workers' memory is part of the process's.
    rssEnd = process.memoryUsage().rss;
  } finally {
    await runners.close();
  }
  return {
    bench: 'pool',
    players,
    workers,
    strategy: STRATEGY,
    games,
    gamesPerSecond: Math.round((games - startGames) / seconds),
    rssStartBytes: rssAtTenth,
    rssEndBytes: rssEnd,
    rssGrowthBytes: rssEnd - rssAtTenth,
    mainHeapGrowthBytes: heapUsed() - heapAtTenth,
  };
}

/**
 * One worker against two, in alternating trials on warm pools, each worker count playing the
 * same number of games per worker. This machine's speed drifts from minute to minute, so a single
 * pair of runs can compare a fast minute with a slow one. Reported: each side's best trial (its
 * speed with the least outside interference) and the ratio of the bests; the ratio of the medians;
 * and the median over trials of the ratio within a trial, whose two runs follow each other.
 */
async function poolSpeedup(players: number, gamesPerWorker: number, trials: number): Promise<BenchLine[]> {
  const sides = [1, 2].map((workers) => ({ workers, rates: [] as number[] }));
  const pools = await Promise.all(sides.map((side) => Runners.create(side.workers, loadExternalHost)));
  try {
    for (const [index, side] of sides.entries()) await runPoolJob(pools[index], players, gamesPerWorker * side.workers);
    for (let trial = 0; trial < trials; trial++) {
      for (const [index, side] of sides.entries()) {
        const games = gamesPerWorker * side.workers;
        const start = performance.now();
        await runPoolJob(pools[index], players, games);
        side.rates.push(games / ((performance.now() - start) / 1000));
      }
    }
  } finally {
    await Promise.all(pools.map((runners) => runners.close()));
  }
  const best = sides.map((side) => Math.max(...side.rates));
  const median = sides.map((side) => medianOf(side.rates));
  // Each trial's two runs follow each other, so their ratio compares like with like.
  const paired = medianOf(sides[1].rates.map((rate, trial) => rate / sides[0].rates[trial]));
  return sides.map((side, index) => ({
    bench: 'pool-speedup',
    players,
    workers: side.workers,
    strategy: STRATEGY,
    trials,
    gamesPerTrial: gamesPerWorker * side.workers,
    gamesPerSecond: Math.round(best[index]),
    medianGamesPerSecond: Math.round(median[index]),
    ...(side.workers === 2
      ? { speedup: round2(best[1] / best[0]), medianSpeedup: round2(median[1] / median[0]), pairedSpeedup: round2(paired) }
      : {}),
  }));
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The engine alone for 2, 3 and 4 players (4 players over 2 million games, heap measured), one
 * thread playing and counting as a worker does, then the pool: one worker against two in
 * alternating trials, and two workers over 10 million games with memory measured. Targets: 150,000 four-player games a second on one core;
 * two workers at least 1.8 times one; memory flat.
 */
export async function benchEngine(options: EngineBenchOptions, report: (line: BenchLine) => void): Promise<void> {
  const scale = options.quick ? 0.02 : 1;
  for (const players of [2, 3]) report(await engine(players, Math.round(200_000 * scale)));
  report(await engine(4, Math.round(2_000_000 * scale)));
  report(await batch(4, Math.round(200_000 * scale)));
  for (const line of await poolSpeedup(4, options.quick ? 40_000 : 400_000, options.quick ? 3 : 5)) report(line);
  report(await poolMemory(4, 2, Math.round(10_000_000 * scale)));
}

// How a whole run scales with the cores: the same fixed job started through the public runner API
// (startJob: planning, batch timing, worker start-up, play, summary and results folder) on 1, 2,
// 4, ... workers up to the cores this machine has, each reported with its seconds and speed-up
// over one worker; then the fixed cost of a run, the seconds of a job too small to need the
// workers (one block of games) on the most workers. Each run is timed in a process of its own
// started as the CLI starts (scaling-run.js), so the workers start as they do for a user.
//
// Then the ceiling the machine sets, on the same worker counts: parlor's bare play loop in that
// many worker threads playing together for the same seconds (play-thread.ts), the same loop
// counting every game as a worker does (the cost a run adds to the engine, tasks apart), and, where
// gcc and the C references are present (see native.ts), the Love Letter reference in that many
// processes at once. A run's speed-up can reach none of them: shared caches, memory and clock
// limits slow every core once all of them are busy, and these lines say by how much on this
// machine.
// Run alone: node --import tsx test/bench/scaling.ts [games] [strategies]
//   e.g. node --import tsx test/bench/scaling.ts 3000000 random   (sized for a 16-core machine)
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BenchLine } from './engine.ts';
import { referenceArgs, withNativeReferences } from './native.ts';
import type { PlayThreadMessage, PlayThreadSetup } from './play-thread.ts';
import { serveEsbuildToThreads, threadEnvironment } from '../../src/runner/play/loading/main-thread-esbuild.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ScalingOptions {
  readonly quick?: boolean;
  /** Games of the fixed job; by default about ten seconds on one worker of a current core. */
  readonly games?: number;
  /** One strategy for every seat, or one per seat, comma-separated. */
  readonly strategies?: string;
}

/** 1, 2, 4, ... below the cores, and the cores themselves. */
export function workerCounts(cores: number): number[] {
  const counts: number[] = [];
  for (let workers = 1; workers < cores; workers *= 2) counts.push(workers);
  counts.push(cores);
  return counts;
}

const PLAYERS = 4;

/** One timed run, as scaling-run.js takes it. */
interface ScalingRun {
  readonly games: number;
  readonly workers: number;
  readonly strategies: readonly string[];
  readonly players: number;
}

/** What scaling-run.js prints: the run's seconds, the workers' busy seconds, and the run's profile. */
interface ScalingRunResult {
  readonly seconds: number;
  readonly busySeconds: number;
  readonly profile: string;
}

/** Rounds of timed runs per worker count (see benchScaling). */
const RUNS = 2;

const RUN_SCRIPT = fileURLToPath(new URL('./scaling-run.js', import.meta.url));

/** Seconds of one whole run of the job, into a results folder of its own, and where they went. */
function timeRun(games: number, strategies: readonly string[], workers: number): Promise<ScalingRunResult> {
  const run: ScalingRun = { games, workers, strategies, players: PLAYERS };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUN_SCRIPT, JSON.stringify(run)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as ScalingRunResult)
        : reject(new Error(`the ${workers}-worker run failed (${code}): ${errors}`)),
    );
  });
}

function round(value: number, places = 3): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}

/** Reports one line per worker count, then the fixed cost of a run. */
export async function benchScaling(options: ScalingOptions, report: (line: BenchLine) => void): Promise<void> {
  const games = options.games ?? (options.quick ? 100_000 : 600_000);
  const strategies = (options.strategies ?? 'random').split(',');
  const cores = availableParallelism();
  const counts = workerCounts(cores);
  // Every count is timed in each of RUNS rounds and its fastest run kept: a shared machine slows
  // whichever run it happens to overlap, and a slow one-worker run would inflate every speed-up.
  const fastest = new Map<number, ScalingRunResult>();
  const slowest = new Map<number, number>();
  for (let round = 0; round < RUNS; round++) {
    for (const workers of counts) {
      const run = await timeRun(games, strategies, workers);
      if (run.seconds < (fastest.get(workers)?.seconds ?? Infinity)) fastest.set(workers, run);
      slowest.set(workers, Math.max(slowest.get(workers) ?? 0, run.seconds));
    }
  }
  const oneWorker = fastest.get(1)!.seconds;
  for (const workers of counts) {
    const { seconds, busySeconds, profile } = fastest.get(workers)!;
    report({
      bench: 'scaling',
      strategies: strategies.join(','),
      games,
      workers,
      cores,
      seconds: round(seconds),
      slowestSeconds: round(slowest.get(workers)!),
      speedup: round(oneWorker / seconds, 2),
      gamesPerSecond: Math.round(games / seconds),
      // A worker's speed while it had a task: set beside the ceiling lines' per-thread speeds, it
      // tells slower play on busy cores apart from time the workers spent starting or waiting.
      gamesPerBusyWorkerSecond: Math.round(games / busySeconds),
      profile,
    });
  }
  const fixed = await timeRun(1, strategies, cores);
  report({ bench: 'scaling', fixedCost: 'one block of games', workers: cores, seconds: round(fixed.seconds), profile: fixed.profile });
  const seconds = options.quick ? 1 : 3;
  // The job's seats: one strategy for every seat of its four, or one per seat.
  const seats = strategies.length === 1 ? Array<string>(PLAYERS).fill(strategies[0]) : strategies;
  for (const counted of [false, true]) {
    const loop = counted ? 'parlor play loop with counting, worker threads' : 'parlor play loop, worker threads';
    const loopLine = (threads: number) => ({ loop, strategies: seats.join(','), threads });
    await reportSpeedUps(cores, (threads) => playLoopSpeed(threads, seats, counted, seconds), loopLine, report);
  }
  await benchReferenceCeiling(seconds, cores, report);
}

const PLAY_THREAD = new URL('./play-thread.js', import.meta.url);
/** The C reference of the game the scaling job plays. */
const REFERENCE = 'love_letter_ref.c';
/**
 * Games apart of two play threads' first games: no two threads play the same game, and the game
 * indices of 64 threads stay below 2^31, small integers to V8 as the indices of a run are.
 */
const THREAD_GAMES = 2 ** 25;

/**
 * The games per second of parlor's play loop in `threads` worker threads playing for the same
 * `seconds`; `counted`: counting every game as a worker does.
 */
async function playLoopSpeed(threads: number, seats: readonly string[], counted: boolean, seconds: number): Promise<number> {
  const start = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  let ready = 0;
  let total = 0;
  const workers = Array.from({ length: threads }, (_, index) => {
    const workerData: PlayThreadSetup = {
      seats,
      counted,
      firstGame: index * THREAD_GAMES,
      warmUpSeconds: 0.5,
      seconds,
      start,
      esbuild: serveEsbuildToThreads(),
    };
    return new Worker(PLAY_THREAD, { workerData, env: threadEnvironment() });
  });
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`a play thread exited (${code}) before it played`)));
            worker.on('message', (message: PlayThreadMessage) => {
              if (message.kind === 'played') {
                total += message.gamesPerSecond;
                resolve();
              } else if (++ready === threads) {
                const cell = new Int32Array(start);
                Atomics.store(cell, 0, 1);
                Atomics.notify(cell, 0);
              }
            });
          }),
      ),
    );
    return total;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** Measures `speed` on every count of workerCounts and reports each with its speed-up over one. */
async function reportSpeedUps(
  cores: number,
  speed: (count: number) => Promise<number>,
  line: (count: number) => Record<string, string | number>,
  report: (line: BenchLine) => void,
): Promise<void> {
  let one = 0;
  for (const count of workerCounts(cores)) {
    const gamesPerSecond = await speed(count);
    if (count === 1) one = gamesPerSecond;
    report({
      bench: 'scaling-ceiling',
      ...line(count),
      cores,
      gamesPerSecond: Math.round(gamesPerSecond),
      speedup: round(gamesPerSecond / one, 2),
    });
  }
}

/** Runs `processes` copies of the reference at once for `games` games each; all their games per wall-clock second. */
async function concurrentReferenceSpeed(binary: string, processes: number, games: number): Promise<number> {
  const began = performance.now();
  await Promise.all(
    Array.from(
      { length: processes },
      () =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(binary, referenceArgs(REFERENCE, games), { stdio: ['ignore', 'ignore', 'pipe'] });
          let errors = '';
          child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
          child.on('error', reject);
          child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${binary} failed (${code}): ${errors}`))));
        }),
    ),
  );
  return (processes * games) / ((performance.now() - began) / 1000);
}

async function benchReferenceCeiling(seconds: number, cores: number, report: (line: BenchLine) => void): Promise<void> {
  await withNativeReferences(async (binaries) => {
    const binary = binaries.get(REFERENCE)!;
    // Sized from a short run so that each process plays about `seconds`.
    const games = Math.round((await concurrentReferenceSpeed(binary, 1, 100_000)) * seconds);
    const line = (processes: number) => ({ loop: 'C reference (random play), processes', processes });
    await reportSpeedUps(cores, (processes) => concurrentReferenceSpeed(binary, processes, games), line, report);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [games, strategies] = process.argv.slice(2);
  const line = (entry: BenchLine) => process.stdout.write(`${JSON.stringify(entry)}\n`);
  await benchScaling({ games: games === undefined ? undefined : Number(games), strategies }, line);
}

// How a whole run scales with the cores: the same fixed job started through the public runner API
// (startJob: planning, batch timing, worker start-up, play, summary and results folder) on 1, 2,
// 4, ... workers up to the cores this machine has, each reported with its seconds and speed-up
// over one worker; then the fixed cost of a run, the seconds of a job too small to need the
// workers (one block of games) on the most workers. The API is loaded from parlor's compiled cache
// when it can be made, as the CLI is, so the workers start as they do for a user.
// Run alone: node --import tsx test/bench/scaling.ts [games] [strategies]
//   e.g. node --import tsx test/bench/scaling.ts 3000000 random   (sized for a 16-core machine)
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledModule } from '../../bin/compile.js';
import type * as Api from '../../src/index.ts';
import type { BenchLine } from './engine.ts';

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

type Loaded = typeof Api;

/** The public API, from the compiled bundle when there is one. */
async function loadApi(): Promise<Loaded> {
  const source = join(ROOT, 'src/index.ts');
  return (await import((await compiledModule(source)) ?? pathToFileURL(source).href)) as Loaded;
}

/** Seconds of one whole run of the job, into a results folder of its own, and where they went. */
async function timeRun(
  api: Loaded,
  games: number,
  strategies: readonly string[],
  workers: number,
): Promise<{ seconds: number; profile: string }> {
  const out = mkdtempSync(join(tmpdir(), 'parlor-scaling-'));
  try {
    const origin = performance.now() / 1000;
    const timeline = new api.Timeline(origin);
    const context = api.builtinJobContext({ timeline });
    const plan = api.planSim(context.registry, {
      game: 'love-letter',
      players: 4,
      strategies,
      games,
      seed: 'scaling',
      design: 'independent',
    });
    const outcome = await api.startJob(context, plan, { workers, out: join(out, 'run') });
    if (outcome.status !== 'complete') throw new Error(`the ${workers}-worker run ended ${outcome.status}`);
    // The run's whole time, the workers' shutdown included; the profile's phases end with its last mark.
    const seconds = performance.now() / 1000 - origin;
    return { seconds, profile: timeline.format().replace(/^profile: /, '') };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function round(value: number, places = 3): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}

/** Reports one line per worker count, then the fixed cost of a run. */
export async function benchScaling(options: ScalingOptions, report: (line: BenchLine) => void): Promise<void> {
  const api = await loadApi();
  const games = options.games ?? (options.quick ? 100_000 : 600_000);
  const strategies = (options.strategies ?? 'random').split(',');
  const cores = availableParallelism();
  // One run unmeasured: the first loads modules and compiles the hot path in this thread.
  await timeRun(api, Math.min(games, 20_000), strategies, 1);
  let oneWorker = 0;
  for (const workers of workerCounts(cores)) {
    const { seconds, profile } = await timeRun(api, games, strategies, workers);
    if (workers === 1) oneWorker = seconds;
    report({
      bench: 'scaling',
      strategies: strategies.join(','),
      games,
      workers,
      cores,
      seconds: round(seconds),
      speedup: round(oneWorker / seconds, 2),
      gamesPerSecond: Math.round(games / seconds),
      profile,
    });
  }
  const fixed = await timeRun(api, 1, strategies, cores);
  report({ bench: 'scaling', fixedCost: 'one block of games', workers: cores, seconds: round(fixed.seconds), profile: fixed.profile });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [games, strategies] = process.argv.slice(2);
  const line = (entry: BenchLine) => process.stdout.write(`${JSON.stringify(entry)}\n`);
  await benchScaling({ games: games === undefined ? undefined : Number(games), strategies }, line);
}

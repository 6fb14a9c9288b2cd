// Start-up of a bot process: `parlor bot`, which a Love Letter manager starts every round, from
// spawn to exit on an empty input, repeated and reported as the median (hyperfine-like), beside
// bare Node's own start and the same command through tsx (PARLOR_COMPILE=0) for comparison, and
// the bot of a strategy file (confined, its bundle taken from the cache after the first start).
// Run alone: node --import tsx test/bench/start-up.ts [starts]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchLine } from './engine.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BOT = [join(ROOT, 'bin/parlor.js'), 'bot', 'random', '--game', 'love-letter'];
const FILE_BOT = [join(ROOT, 'bin/parlor.js'), 'bot', join(ROOT, 'strategies/examples/first-card.ts'), '--game', 'love-letter'];

/** Milliseconds of each of `starts` runs of node with `args`, stdin empty, after one unmeasured run (which fills the cache). */
function startTimes(args: readonly string[], starts: number, env: NodeJS.ProcessEnv = process.env): number[] {
  const once = () => {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { input: '', env, stdio: ['pipe', 'ignore', 'pipe'] });
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${result.stderr.toString().trim()}`);
    return performance.now() - started;
  };
  once();
  return Array.from({ length: starts }, once);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function benchStartUp(options: { quick?: boolean; starts?: number }): BenchLine {
  const starts = options.starts ?? (options.quick ? 5 : 20);
  const bot = startTimes(BOT, starts);
  return {
    bench: 'start-up',
    command: 'parlor bot random',
    starts,
    medianMs: round(median(bot)),
    minMs: round(Math.min(...bot)),
    bareNodeMedianMs: round(median(startTimes(['-e', ''], starts))),
    tsxMedianMs: round(median(startTimes(BOT, starts, { ...process.env, PARLOR_COMPILE: '0' }))),
    strategyFileMedianMs: round(median(startTimes(FILE_BOT, starts))),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const starts = process.argv[2] === undefined ? undefined : Number(process.argv[2]);
  process.stdout.write(`${JSON.stringify(benchStartUp({ starts }))}\n`);
}

// What confinement costs a strategy file: games per second of one strategy in every seat, played
// as the built-in, as its source file trusted (unconfined, with the checks every file gets), and
// as the same file confined. The three play the same games move for move, so the ratios are those
// of decisions per second. `node --import tsx test/bench/confined.ts [--quick] [--json] [--cpu]` prints
// them alone; --cpu times by the process's processor time rather than the clock, which other work
// on a shared machine disturbs far less.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { builtinRegistry } from '../../src/app.ts';
import { createTable, prepareMatch } from '../../src/runner/play/match.ts';
import { playGame } from '../../src/runner/play/table.ts';
import { trustStrategyFiles } from '../../src/runner/play/loading/trust.ts';
import type { BenchLine } from './engine.ts';

export type ConfinedBenchLine = BenchLine & {
  readonly bench: 'confined';
  readonly game: string;
  readonly strategy: string;
  readonly as: 'built-in' | 'trusted file' | 'confined file';
  readonly games: number;
  readonly gamesPerSecond: number;
  /** A confined file's: the milliseconds making one seat takes (its top-level code and a copy of its game evaluated). */
  readonly seatStartMs?: number;
};

const CASES = [
  { game: 'love-letter', builtin: 'cautious', file: 'strategies/love-letter/cautious.ts', players: 2 },
  { game: 'hearts', builtin: 'ducking', file: 'strategies/hearts/ducking.ts', players: 4 },
  { game: 'speedclue', builtin: 'simple', file: 'strategies/speedclue/simple.ts', players: 4 },
];

/** Milliseconds: of the clock, or of processor time the process used. */
type Clock = () => number;
const wallClock: Clock = () => performance.now();
const processorClock: Clock = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function gamesPerSecond(
  game: string,
  spec: string,
  players: number,
  seconds: number,
  now: Clock,
): Promise<{ games: number; rate: number }> {
  const match = await prepareMatch(builtinRegistry(), { game, seats: Array(players).fill(spec), rules: {}, seed: 'bench-confined' });
  const table = createTable(match);
  let index = 0;
  // Warm up the JIT on a tenth of the window, then time whole games until the window is over.
  for (const end = now() + seconds * 100; now() < end;) playGame(table, match.key, index++);
  const first = index;
  const start = now();
  let elapsed = 0;
  do {
    playGame(table, match.key, index++);
    elapsed = now() - start;
  } while (elapsed < seconds * 1000);
  return { games: index - first, rate: Math.round((index - first) / (elapsed / 1000)) };
}

/**
 * The median milliseconds a seat of `spec` takes to make, over tables made with it in every seat:
 * a confined file's seat runs its bundle again, parlor's game included, which a match-up of a
 * tournament or a hosted game started afresh pays for each seat.
 */
async function seatStartMs(game: string, spec: string, players: number, tables: number, now: Clock): Promise<number> {
  const match = await prepareMatch(builtinRegistry(), { game, seats: Array(players).fill(spec), rules: {}, seed: 'bench-confined' });
  const times: number[] = [];
  // The first tables also compile the runner's own code for making seats: not a seat's cost.
  for (let i = 0; i < 3; i++) createTable(match);
  for (let i = 0; i < tables; i++) {
    const start = now();
    createTable(match);
    times.push((now() - start) / players);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[times.length >> 1] * 10) / 10;
}

export async function benchConfinement(
  options: { readonly quick?: boolean; readonly cpu?: boolean },
  report: (line: ConfinedBenchLine) => void,
): Promise<void> {
  const seconds = options.quick ? 0.3 : 2;
  const now = options.cpu ? processorClock : wallClock;
  for (const { game, builtin, file, players } of CASES) {
    const line = async (as: ConfinedBenchLine['as'], spec: string, seatStart?: number) => {
      const { games, rate } = await gamesPerSecond(game, spec, players, seconds, now);
      report({
        bench: 'confined',
        game,
        strategy: builtin,
        as,
        games,
        gamesPerSecond: rate,
        ...(seatStart === undefined ? {} : { seatStartMs: seatStart }),
      });
    };
    await line('built-in', builtin);
    await line('confined file', file, await seatStartMs(game, file, players, options.quick ? 5 : 20, now));
    // Trusting a file is for the rest of the process: its trusted figure comes last.
    trustStrategyFiles([file]);
    await line('trusted file', file);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = new Set(process.argv.slice(2));
  await benchConfinement({ quick: args.has('--quick'), cpu: args.has('--cpu') }, (line) => {
    const text = args.has('--json')
      ? JSON.stringify(line)
      : `confined  ${line.game.padEnd(12)} ${line.strategy.padEnd(9)} ${line.as.padEnd(14)} ${line.gamesPerSecond.toLocaleString('en-US').padStart(8)} games/s${line.seatStartMs === undefined ? '' : `, ${line.seatStartMs} ms a seat to start`}`;
    process.stdout.write(`${text}\n`);
  });
}

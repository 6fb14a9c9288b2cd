// Speed and memory of SpeedClue through the canonical play loop, four players of one strategy on
// one thread: `random` (the engine's own cost) and `inference` (the engine plus exact inference
// every turn). The heap is measured after a warm-up and again after the timed games, and the
// timed games are split in halves: an inference whose cost per turn grew with the games played
// would show a slower second half.
import { performance } from 'node:perf_hooks';
import { createTable, prepareMatch } from '../../src/runner/play/match.ts';
import { playGame } from '../../src/runner/play/table.ts';
import { builtinRegistry } from '../../src/app.ts';
import type { SpeedClueState } from '../../src/games/speedclue/index.ts';
import type { BenchLine, EngineBenchOptions } from './engine.ts';
import { heapUsed } from './heap.ts';

const PLAYERS = 4;

export async function benchSpeedClue(options: EngineBenchOptions, report: (line: BenchLine) => void): Promise<void> {
  for (const [strategy, full] of [
    ['random', 100_000],
    ['inference', 20_000],
  ] as const) {
    const games = options.quick ? full / 20 : full;
    const match = await prepareMatch(builtinRegistry(), {
      game: 'speedclue',
      seats: Array<string>(PLAYERS).fill(strategy),
      rules: {},
      seed: 'bench',
    });
    const table = createTable(match);
    for (let game = 0; game < games / 10; game++) playGame(table, match.key, game);
    const heapStart = heapUsed();
    const half = games / 2;
    const start = performance.now();
    for (let game = 0; game < half; game++) playGame(table, match.key, game);
    const middle = performance.now();
    for (let game = half; game < games; game++) playGame(table, match.key, game);
    const end = performance.now();
    // The games' length, outside the timing: a random table's games are long, an inference one's short.
    let turns = 0;
    for (let game = 0; game < 1000; game++) {
      playGame(table, match.key, game);
      for (const taken of (table.state as SpeedClueState).turns) turns += taken;
    }
    const heapEnd = heapUsed();
    report({
      bench: 'speedclue',
      players: PLAYERS,
      workers: 1,
      strategy,
      games,
      gamesPerSecond: Math.round(games / ((end - start) / 1000)),
      turnsPerGame: Number((turns / 1000).toFixed(1)),
      firstHalfGamesPerSecond: Math.round(half / ((middle - start) / 1000)),
      secondHalfGamesPerSecond: Math.round(half / ((end - middle) / 1000)),
      heapStartBytes: heapStart,
      heapEndBytes: heapEnd,
      heapGrowthBytes: heapEnd - heapStart,
      gcExposed: gc !== undefined,
    });
  }
}

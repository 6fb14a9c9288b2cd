// Speed and memory of the Hearts engine through the canonical play loop: four random players,
// one-hand games (every game index a fresh deal), on one thread; then the same hands counted into
// a batch's counters, the game's metrics included, as a worker does.
import { performance } from 'node:perf_hooks';
import { MatchPlayer } from '../../src/runner/play/batch.ts';
import { Counters } from '../../src/runner/play/counters.ts';
import { createTable, prepareMatch } from '../../src/runner/play/match.ts';
import { playGame } from '../../src/runner/play/table.ts';
import { builtinRegistry } from '../../src/app.ts';
import type { BenchLine, EngineBenchOptions } from './engine.ts';
import { heapUsed } from './heap.ts';

const PLAYERS = 4;
const STRATEGY = 'random';

export async function benchHearts(options: EngineBenchOptions, report: (line: BenchLine) => void): Promise<void> {
  const hands = options.quick ? 50_000 : 1_000_000;
  const match = await prepareMatch(builtinRegistry(), {
    game: 'hearts',
    seats: Array<string>(PLAYERS).fill(STRATEGY),
    rules: { endScore: '0', hands: '1' },
    seed: 'bench',
  });
  const table = createTable(match);
  for (let game = 0; game < Math.min(hands, 50_000); game++) playGame(table, match.key, game);
  const heapStart = heapUsed();
  let start = performance.now();
  for (let game = 0; game < hands; game++) playGame(table, match.key, game);
  let seconds = (performance.now() - start) / 1000;
  const heapEnd = heapUsed();
  report({
    bench: 'hearts',
    players: PLAYERS,
    workers: 1,
    strategy: STRATEGY,
    hands,
    handsPerSecond: Math.round(hands / seconds),
    heapStartBytes: heapStart,
    heapEndBytes: heapEnd,
    heapGrowthBytes: heapEnd - heapStart,
    gcExposed: gc !== undefined,
  });
  const player = new MatchPlayer(match, 'independent');
  player.play({ offset: 0, from: 0, to: Math.min(hands, 50_000) }, new Counters(match.layout));
  start = performance.now();
  player.play({ offset: 0, from: 0, to: hands }, new Counters(match.layout));
  seconds = (performance.now() - start) / 1000;
  report({ bench: 'hearts-batch', players: PLAYERS, workers: 1, strategy: STRATEGY, hands, handsPerSecond: Math.round(hands / seconds) });
}

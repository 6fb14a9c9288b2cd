// Speed and memory of the Dominion engine through the canonical play loop: big-money against
// smithy-bm, two players, the spec profile, on one thread, both priority lists reading their views
// from the events; then the same games counted into a batch's counters, every metric included
// (the VP and money curves too), as a worker does. Run alone with
//   node --expose-gc --import tsx test/bench/dominion.ts [--quick]
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { MatchPlayer } from '../../src/runner/play/batch.ts';
import { Counters } from '../../src/runner/play/counters.ts';
import { createTable, prepareMatch } from '../../src/runner/play/match.ts';
import { playGame } from '../../src/runner/play/table.ts';
import { builtinRegistry } from '../../src/app.ts';
import type { BenchLine, EngineBenchOptions } from './engine.ts';
import { heapUsed } from './heap.ts';

const SEATS = ['big-money', 'smithy-bm'];

export async function benchDominion(options: EngineBenchOptions, report: (line: BenchLine) => void): Promise<void> {
  const games = options.quick ? 20_000 : 200_000;
  const warmUp = Math.min(games, 20_000);
  const match = await prepareMatch(builtinRegistry(), { game: 'dominion', seats: SEATS, rules: {}, seed: 'bench' });
  const table = createTable(match);
  for (let game = 0; game < warmUp; game++) playGame(table, match.key, game);
  const heapStart = heapUsed();
  let start = performance.now();
  const cpuStart = process.cpuUsage();
  for (let game = 0; game < games; game++) playGame(table, match.key, game);
  let seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const heapEnd = heapUsed();
  const strategies = SEATS.join(' vs ');
  report({
    bench: 'dominion',
    players: SEATS.length,
    workers: 1,
    strategies,
    games,
    gamesPerSecond: Math.round(games / seconds),
    // The process's own CPU time: on cores shared with other work, wall-clock rates fall, this does not.
    gamesPerCpuSecond: Math.round(games / ((cpu.user + cpu.system) / 1e6)),
    heapStartBytes: heapStart,
    heapEndBytes: heapEnd,
    heapGrowthBytes: heapEnd - heapStart,
    gcExposed: (globalThis as { gc?: unknown }).gc !== undefined,
  });
  const player = new MatchPlayer(match, 'independent');
  player.play({ offset: 0, from: 0, to: warmUp }, new Counters(match.layout));
  start = performance.now();
  const batchCpuStart = process.cpuUsage();
  player.play({ offset: 0, from: 0, to: games }, new Counters(match.layout));
  seconds = (performance.now() - start) / 1000;
  const batchCpu = process.cpuUsage(batchCpuStart);
  report({
    bench: 'dominion-batch',
    players: SEATS.length,
    workers: 1,
    strategies,
    games,
    gamesPerSecond: Math.round(games / seconds),
    gamesPerCpuSecond: Math.round(games / ((batchCpu.user + batchCpu.system) / 1e6)),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchDominion({ quick: process.argv.includes('--quick') }, (line) => console.log(JSON.stringify(line)));
}

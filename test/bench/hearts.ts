// Speed and memory of the Hearts engine through the canonical play loop: four random players,
// one-hand games, on one thread. Run alone: node --expose-gc --import tsx test/bench/hearts.ts [hands]
import { performance } from 'node:perf_hooks';
import { masterKey } from '../../src/core/random.ts';
import { hearts } from '../../src/games/hearts/index.ts';
import { Table, playGame } from '../../src/runner/table.ts';
import { random } from '../../strategies/hearts/random.ts';

const HANDS = Number(process.argv[2] ?? 1_000_000);
const PLAYERS = 4;

const gc = (globalThis as { gc?: () => void }).gc;

/** Heap in use after a full collection (when node runs with --expose-gc; else as it stands). */
function heapUsed(): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}

// One hand per game, so a game index is a hand and every hand is a fresh deal from the streams.
const rules = hearts.parseRules({ endScore: '0', hands: '1' });
const table = new Table(
  hearts,
  rules,
  Array.from({ length: PLAYERS }, (_, seat) => ({
    strategy: random.create({ seat, players: PLAYERS, rules, params: {} }),
    trusted: true,
  })),
);
const key = masterKey('bench');
for (let game = 0; game < Math.min(HANDS, 50_000); game++) playGame(table, key, game);
const heapStart = heapUsed();
const start = performance.now();
for (let game = 0; game < HANDS; game++) playGame(table, key, game);
const seconds = (performance.now() - start) / 1000;
const heapEnd = heapUsed();
console.log(
  JSON.stringify({
    bench: 'hearts-engine',
    players: PLAYERS,
    strategy: 'random',
    hands: HANDS,
    handsPerSecond: Math.round(HANDS / seconds),
    heapStartBytes: heapStart,
    heapEndBytes: heapEnd,
    heapGrowthBytes: heapEnd - heapStart,
    gcExposed: gc !== undefined,
  }),
);

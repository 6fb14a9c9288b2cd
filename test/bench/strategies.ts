// Decisions per second of each built-in strategy, every seat playing it: what a decision costs
// in a real game, with the engine and event delivery included (for `random` they are most of it).
// `node --import tsx test/bench/strategies.ts [--quick] [--json]` prints the figures alone;
// `npm run bench` prints them after the engine's.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Table, loveLetter, masterKey, playGame, type GameEvent, type LoveLetterView, type Rng, type Strategy } from '../../src/index.ts';
import { builtinRegistry } from '../../src/app.ts';
import { parseStrategySpec, resolveParams } from '../../src/core/strategy-spec.ts';
import type { BenchLine } from './engine.ts';

export interface StrategyBenchOptions {
  /** Shorter timing windows for a first look. */
  readonly quick?: boolean;
  readonly strategies?: readonly string[];
  readonly players?: readonly number[];
}

export type StrategyBenchLine = BenchLine & {
  readonly bench: 'strategy';
  readonly strategy: string;
  readonly players: number;
  readonly games: number;
  readonly decisions: number;
  readonly decisionsPerSecond: number;
};

const STRATEGIES = ['random', 'cautious', 'counter', 'ismcts:iterations=100', 'ismcts'];
const PLAYERS = [2, 4];

/** Counts the decisions of the strategy it wraps; one extra call per decision, nothing else. */
class Counted implements Strategy<LoveLetterView> {
  readonly observes: boolean;
  decisions = 0;
  constructor(private readonly inner: Strategy<LoveLetterView>) {
    this.observes = inner.observes;
  }
  restart(): void {
    this.inner.restart();
  }
  inform(event: GameEvent): void {
    this.inner.inform(event);
  }
  choose(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    this.decisions++;
    return this.inner.choose(view, legal, count, rng);
  }
}

function benchOne(text: string, players: number, seconds: number): StrategyBenchLine {
  const spec = parseStrategySpec(text);
  const definition = builtinRegistry().findStrategy('love-letter', spec.name);
  if (!definition) throw new Error(`no built-in strategy ${spec.name}`);
  const rules = loveLetter.parseRules({});
  const params = resolveParams(spec.name, definition.params, spec.params);
  const seats = Array.from({ length: players }, (_, seat) => new Counted(definition.create({ seat, players, rules, params })));
  const table = new Table(
    loveLetter,
    rules,
    seats.map((strategy) => ({ strategy, trusted: true })),
  );
  const key = masterKey('bench-strategies');
  // Warm up the JIT on a tenth of the window, then time whole games until the window is over.
  let game = 0;
  for (const end = performance.now() + seconds * 100; performance.now() < end;) playGame(table, key, game++);
  for (const seat of seats) seat.decisions = 0;
  const first = game;
  const start = performance.now();
  let elapsed = 0;
  do {
    playGame(table, key, game++);
    elapsed = performance.now() - start;
  } while (elapsed < seconds * 1000);
  const decisions = seats.reduce((sum, seat) => sum + seat.decisions, 0);
  return {
    bench: 'strategy',
    strategy: text,
    players,
    games: game - first,
    decisions,
    decisionsPerSecond: Math.round(decisions / (elapsed / 1000)),
  };
}

export function benchStrategies(options: StrategyBenchOptions = {}): StrategyBenchLine[] {
  const seconds = options.quick ? 0.3 : 2;
  const lines: StrategyBenchLine[] = [];
  for (const strategy of options.strategies ?? STRATEGIES) {
    for (const players of options.players ?? PLAYERS) lines.push(benchOne(strategy, players, seconds));
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = new Set(process.argv.slice(2));
  for (const line of benchStrategies({ quick: args.has('--quick') })) {
    const text = args.has('--json')
      ? JSON.stringify(line)
      : `strategy  ${line.strategy.padEnd(22)} ${line.players} players  ${line.decisionsPerSecond.toLocaleString('en-US').padStart(10)} decisions/s  (${line.games.toLocaleString('en-US')} games)`;
    process.stdout.write(`${text}\n`);
  }
}

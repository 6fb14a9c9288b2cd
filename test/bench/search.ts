// Search speed of the game-generic `mcts`: iterations (one resample, one walk down the tree and
// one playout each) per second of search, per game, one mcts seat against uniform random players.
// `node --import tsx test/bench/search.ts [--quick] [--json]` prints the figures alone; `npm run
// bench` prints them after the strategies'.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { builtinRegistry } from '../../src/app.ts';
import type { PlayerView } from '../../src/core/game.ts';
import { masterKey, type Rng } from '../../src/core/random.ts';
import type { Strategy } from '../../src/core/strategy.ts';
import { Table, playGame } from '../../src/runner/play/table.ts';
import type { MctsPlayer } from '../../strategies/mcts.ts';
import { UniformChoice } from '../conformance/playouts.ts';
import type { BenchLine } from './engine.ts';

/** Players per game: the tables the ladders use. */
const TABLES: Record<string, number> = { 'love-letter': 2, hearts: 4, dominion: 2, speedclue: 3 };
const ITERATIONS = 200;

/** Adds up the iterations the wrapped search ran and the time its searches took. */
class SearchClock implements Strategy<PlayerView> {
  readonly observes = true;
  iterations = 0;
  milliseconds = 0;
  searches = 0;

  constructor(private readonly inner: MctsPlayer) {}

  restart(): void {}

  inform(): void {}

  choose(view: PlayerView, legal: Int32Array, count: number, rng: Rng): number {
    const start = performance.now();
    const action = this.inner.choose(view, legal, count, rng);
    if (this.inner.lastIterations > 0) {
      this.milliseconds += performance.now() - start;
      this.iterations += this.inner.lastIterations;
      this.searches++;
    }
    return action;
  }
}

export function benchSearch(options: { readonly quick?: boolean }): BenchLine[] {
  const registry = builtinRegistry();
  const seconds = options.quick ? 0.5 : 3;
  return Object.entries(TABLES).map(([id, players]) => {
    const game = registry.game(id);
    const rules = game.parseRules({});
    const definition = registry.findStrategy(id, 'mcts')!;
    const params = { iterations: ITERATIONS, ms: 0, determinizations: 0, reward: 'rank', c: 0.7, rollout: 'uniform' };
    const clock = new SearchClock(definition.create({ seat: 0, players, rules, params }) as MctsPlayer);
    const seats = Array.from({ length: players }, (_, seat) => ({ strategy: seat === 0 ? clock : new UniformChoice(), trusted: true }));
    const table = new Table(game, rules, seats);
    const key = masterKey('bench-search');
    for (let index = 0; clock.milliseconds < seconds * 1000; index++) playGame(table, key, index);
    return {
      bench: 'search',
      game: id,
      players,
      strategy: `mcts:iterations=${ITERATIONS}`,
      searches: clock.searches,
      iterationsPerSecond: Math.round((clock.iterations / clock.milliseconds) * 1000),
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const json = process.argv.includes('--json');
  for (const line of benchSearch({ quick: process.argv.includes('--quick') })) {
    console.log(json ? JSON.stringify(line) : Object.values(line).join('  '));
  }
}

import type { PlayerView, Rng, Strategy, StrategyDefinition } from '../src/strategy-api.ts';

/** Uniform among the legal actions, from the seat's own stream; it needs neither events nor the view. */
class UniformPlayer implements Strategy<PlayerView> {
  readonly observes = false;

  restart(): void {}

  inform(): void {}

  choose(_view: PlayerView, legal: Int32Array, count: number, rng: Rng): number {
    return legal[rng.int(count)];
  }
}

/** A game's `random` built-in: every legal action equally likely at every decision. */
export function uniformRandom(game: string, summary: string): StrategyDefinition<PlayerView> {
  return { name: 'random', game, summary, params: [], trusted: true, create: () => new UniformPlayer() };
}

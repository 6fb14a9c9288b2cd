import type { Rng, Strategy, StrategyDefinition } from '../../src/strategy-api.ts';
import type { HeartsView } from '../../src/games/hearts/index.ts';

/** Uniform among the legal cards. */
export class RandomHeartsPlayer implements Strategy<HeartsView> {
  readonly observes = false;

  restart(): void {}

  inform(): void {}

  choose(_view: HeartsView, legal: Int32Array, count: number, rng: Rng): number {
    return legal[rng.int(count)];
  }
}

export const random: StrategyDefinition<HeartsView> = {
  name: 'random',
  game: 'hearts',
  summary: 'plays a legal card chosen uniformly at random',
  params: [],
  trusted: true,
  create: () => new RandomHeartsPlayer(),
};

import type { Rng, Strategy, StrategyDefinition } from '../../src/strategy-api.ts';
import type { SpeedClueView } from '../../src/games/speedclue/index.ts';
import { Ask, accuseIfKnown, askOf } from './choices.ts';

/**
 * A suggestion it has not made, uniformly; a card to show, uniformly; an accusation only when one
 * of its suggestions went undisproved without any of its own cards, which makes that triple the
 * solution. The contest's own straw man plays the same way.
 */
export class RandomCluePlayer implements Strategy<SpeedClueView> {
  readonly observes = true;

  restart(): void {}

  inform(): void {}

  choose(view: SpeedClueView, legal: Int32Array, count: number, rng: Rng): number {
    if (askOf(legal) === Ask.ACCUSE) return accuseIfKnown(view.certain, -1, legal, count, rng);
    return legal[rng.int(count)];
  }
}

export const random: StrategyDefinition<SpeedClueView> = {
  name: 'random',
  game: 'speedclue',
  summary: 'suggests an unused triple at random; accuses only a triple nobody could disprove and it holds none of',
  params: [],
  trusted: true,
  create: () => new RandomCluePlayer(),
};

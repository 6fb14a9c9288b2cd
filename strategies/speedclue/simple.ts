import type { Rng, Strategy, StrategyDefinition } from '../../src/strategy-api.ts';
import {
  CATEGORY_MASK,
  TRIPLE_MASK,
  lowestCard,
  cardCount,
  tripleOf,
  type SpeedClueSeatView,
  type SpeedClueView,
} from '../../src/games/speedclue/index.ts';
import { Ask, BestChoice, accuseIfKnown, askOf } from './choices.ts';

/**
 * Suggests cards it has not seen (neither held nor shown to it): among its unused suggestions, one
 * naming the most unseen cards, at random. It accuses when a suggestion of its own went
 * undisproved without its cards, or when a single card of each category is left unseen. Shows a
 * random matching card. It reads only what the engine's state view shows too.
 */
export class SimpleCluePlayer implements Strategy<SpeedClueView> {
  readonly observes = true;
  readonly readsState = true;
  private readonly best = new BestChoice();

  restart(): void {}

  inform(): void {}

  choose(view: SpeedClueSeatView, legal: Int32Array, count: number, rng: Rng): number {
    const ask = askOf(legal);
    if (ask === Ask.ACCUSE) return accuseIfKnown(knownByElimination(view), -1, legal, count, rng);
    if (ask === Ask.DISPROVE) return legal[rng.int(count)];
    const unseen = ~view.seen;
    const best = this.best.begin();
    for (let i = 0; i < count; i++) best.offer(legal[i], cardCount(TRIPLE_MASK[legal[i]] & unseen), rng);
    return best.action;
  }
}

/** The view's certain triple, or the one left when a single card of each category is unseen, or -1. */
function knownByElimination(view: SpeedClueSeatView): number {
  if (view.certain >= 0) return view.certain;
  const suspects = CATEGORY_MASK[0] & ~view.seen;
  const weapons = CATEGORY_MASK[1] & ~view.seen;
  const rooms = CATEGORY_MASK[2] & ~view.seen;
  if (cardCount(suspects) !== 1 || cardCount(weapons) !== 1 || cardCount(rooms) !== 1) return -1;
  return tripleOf(lowestCard(suspects), lowestCard(weapons), lowestCard(rooms));
}

export const simple: StrategyDefinition<SpeedClueView> = {
  name: 'simple',
  game: 'speedclue',
  summary: 'suggests cards it has not seen; accuses when one card of each category is left unseen',
  params: [],
  trusted: true,
  create: () => new SimpleCluePlayer(),
};

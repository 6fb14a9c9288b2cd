import type { Strategy, StrategyDefinition } from '../../src/strategy-api.ts';
import type { HeartsView } from '../../src/games/hearts/index.ts';

/** The original competition's C template: the first legal card in the hand's dealt order. */
export class FirstLegalPlayer implements Strategy<HeartsView> {
  readonly observes = true;

  restart(): void {}

  inform(): void {}

  choose(view: HeartsView, legal: Int32Array, count: number): number {
    const dealt = view.dealt;
    for (let i = 0; i < dealt.length; i++) {
      const card = dealt[i];
      if (card < 0) continue;
      for (let j = 0; j < count; j++) if (legal[j] === card) return card;
    }
    return legal[0];
  }
}

export const firstLegal: StrategyDefinition<HeartsView> = {
  name: 'first-legal',
  game: 'hearts',
  summary: 'plays the first legal card in the order its hand was dealt, as the original C template',
  params: [],
  trusted: true,
  create: () => new FirstLegalPlayer(),
};

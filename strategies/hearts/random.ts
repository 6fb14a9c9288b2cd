import type { Rng, Strategy, StrategyDefinition } from '../../src/strategy-api.ts';
import type { HeartsDecidingView, HeartsSeatView } from '../../src/games/hearts/index.ts';

/** Uniform among the legal cards. */
export class RandomHeartsPlayer implements Strategy<HeartsSeatView> {
  readonly observes = false;
  // A trusted seat draws its card from the state view, without a list.
  readonly readsState = true;

  restart(): void {}

  inform(): void {}

  /** The card choose would pick from the listed cards, with the same draw. */
  decide(view: HeartsDecidingView, rng: Rng): number {
    return view.drawLegalCard(rng);
  }

  choose(_view: HeartsSeatView, legal: Int32Array, count: number, rng: Rng): number {
    return legal[rng.int(count)];
  }
}

export const random: StrategyDefinition<HeartsSeatView> = {
  name: 'random',
  game: 'hearts',
  summary: 'plays a legal card chosen uniformly at random',
  params: [],
  trusted: true,
  create: () => new RandomHeartsPlayer(),
};

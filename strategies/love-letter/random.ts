import type { LoveLetterView, Rng, Strategy, StrategyDefinition } from '../../src/strategy-api.ts';

// Legal actions arrive ordered by card, so each held card's actions form one contiguous run.
const CARD_BITS = 15;

/**
 * Uniform at each step of the decision, not over the action list: first one of the two cards
 * held, then a target among the legal ones, then (soldier) a guess among the seven others.
 * Because every target offers the same seven guesses, a uniform pick in the card's run does both.
 */
export class RandomPlayer implements Strategy<LoveLetterView> {
  readonly observes = false;

  restart(): void {}

  inform(): void {}

  choose(_view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    const lowCard = legal[0] & CARD_BITS;
    if ((legal[count - 1] & CARD_BITS) === lowCard) return legal[rng.int(count)];
    let lowRun = 1;
    while ((legal[lowRun] & CARD_BITS) === lowCard) lowRun++;
    return rng.int(2) === 0 ? legal[rng.int(lowRun)] : legal[lowRun + rng.int(count - lowRun)];
  }
}

export const random: StrategyDefinition<LoveLetterView> = {
  name: 'random',
  game: 'love-letter',
  summary: 'plays one of its two cards at random, then a random legal target and guess',
  params: [],
  trusted: true,
  create: () => new RandomPlayer(),
};

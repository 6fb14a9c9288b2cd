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
    const highStart = firstOtherCard(legal, count, lowCard);
    // One draw for both steps: scaled by two, its integer part picks the card and its fraction
    // the action in that card's run, uniform to within 42 / 2^32 for the longest pair of runs.
    const u = rng.float() * 2;
    return u < 1 ? legal[Math.floor(u * highStart)] : legal[highStart + Math.floor((u - 1) * (count - highStart))];
  }
}

/** Where the second card's run begins, by bisection: a soldier's run can be 21 actions long. */
function firstOtherCard(legal: Int32Array, count: number, lowCard: number): number {
  let low = 1;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((legal[middle] & CARD_BITS) === lowCard) low = middle + 1;
    else high = middle;
  }
  return low;
}

export const random: StrategyDefinition<LoveLetterView> = {
  name: 'random',
  game: 'love-letter',
  summary: 'plays one of its two cards at random, then a random legal target and guess',
  params: [],
  trusted: true,
  create: () => new RandomPlayer(),
};

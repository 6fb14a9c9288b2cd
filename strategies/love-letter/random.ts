import type { LoveLetterDecidingView, LoveLetterSeatView, Rng, Strategy, StrategyDefinition } from '../../src/strategy-api.ts';

// Legal actions arrive ordered by card, so each held card's actions form one contiguous run.
const CARD_BITS = 15;

/**
 * Uniform at each step of the decision, not over the action list: first one of the two cards
 * held, then a target among the legal ones, then (soldier) a guess among the seven others.
 * Because every target offers the same seven guesses, a uniform pick in the card's run does both.
 */
export class RandomPlayer implements Strategy<LoveLetterSeatView> {
  readonly observes = false;
  // A trusted seat draws its action from the state view, without a list.
  readonly readsState = true;

  restart(): void {}

  inform(): void {}

  /** The action choose would pick from the listed actions, with the same draw. */
  decide(view: LoveLetterDecidingView, rng: Rng): number {
    return view.drawByCard(rng);
  }

  choose(_view: LoveLetterSeatView, legal: Int32Array, count: number, rng: Rng): number {
    const lowCard = legal[0] & CARD_BITS;
    if ((legal[count - 1] & CARD_BITS) === lowCard) return legal[rng.int(count)];
    return legal[pickInRuns(firstOtherCard(legal, count, lowCard), count, rng)];
  }
}

/** Where in a list of two runs, the second starting at `highStart`, the pick falls. */
function pickInRuns(highStart: number, count: number, rng: Rng): number {
  // One draw for both steps: scaled by two, its integer part picks the card and its fraction
  // the action in that card's run, uniform to within 42 / 2^32 for the longest pair of runs.
  const u = rng.float() * 2;
  return u < 1 ? Math.floor(u * highStart) : highStart + Math.floor((u - 1) * (count - highStart));
}

/**
 * Where the second card's run begins, counted back from the end: the higher card is never the
 * soldier, so its run is at most four actions (a wizard's targets) while the first run can be
 * twenty-one, and the walk takes no more steps than a bisection would.
 */
function firstOtherCard(legal: Int32Array, count: number, lowCard: number): number {
  let start = count - 1;
  while ((legal[start - 1] & CARD_BITS) !== lowCard) start--;
  return start;
}

export const random: StrategyDefinition<LoveLetterSeatView> = {
  name: 'random',
  game: 'love-letter',
  summary: 'plays one of its two cards at random, then a random legal target and guess',
  params: [],
  trusted: true,
  create: () => new RandomPlayer(),
};

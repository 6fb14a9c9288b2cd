import {
  CARD_KINDS,
  CARD_TARGETING,
  Card,
  Targeting,
  encodeAction,
  type LoveLetterSeatView,
  type Rng,
  type Strategy,
  type StrategyDefinition,
} from '../../src/strategy-api.ts';
import { bustingDraws, commonestGuess, drawsAgain, ministerBustAt, randomOpenOpponent } from './choices.ts';

/** What decide hands choose, which reads no list. */
const NO_LIST = new Int32Array(0);

/**
 * A simple rule player that reads only its view. It plays the lower of its two cards, keeping the
 * higher one for the showdown, with two exceptions: it never plays the princess while it has
 * another card, and it plays the higher card when keeping it could fail the minister check on
 * its next draw and keeping the lower one could not. Targets are unprotected opponents at random;
 * a soldier names the card with the most copies not yet seen.
 */
export class CautiousPlayer implements Strategy<LoveLetterSeatView> {
  readonly observes = true;
  // It reads only its own cards and what is public: the state view will do.
  readonly readsState = true;
  private readonly bustAt: number;
  private readonly unseen = new Int8Array(CARD_KINDS + 1);

  constructor(bustAt: number) {
    this.bustAt = bustAt;
  }

  restart(): void {}

  inform(): void {}

  /** It builds its action from its cards and the view, never from the list, so it needs none. */
  decide(view: LoveLetterSeatView, rng: Rng): number {
    return this.choose(view, NO_LIST, 0, rng);
  }

  choose(view: LoveLetterSeatView, _legal: Int32Array, _count: number, rng: Rng): number {
    view.unseen(this.unseen);
    const card = this.cardToPlay(view);
    const targeting = CARD_TARGETING[card];
    if (targeting === Targeting.NONE) return encodeAction(card, -1, 0);
    const target = randomOpenOpponent(view.players, view.seat, view.inRound, view.protectedSeat, rng);
    return encodeAction(card, target, card === Card.SOLDIER ? commonestGuess(this.unseen, rng) : 0);
  }

  private cardToPlay(view: LoveLetterSeatView): number {
    const low = Math.min(view.hand[0], view.hand[1]);
    const high = Math.max(view.hand[0], view.hand[1]);
    if (high === Card.PRINCESS || low === high || !drawsAgain(view)) return low;
    const keepingHighRisks = bustingDraws(high, this.unseen, this.bustAt) > 0;
    const keepingLowRisks = bustingDraws(low, this.unseen, this.bustAt) > 0;
    return keepingHighRisks && !keepingLowRisks ? high : low;
  }
}

export const cautious: StrategyDefinition<LoveLetterSeatView> = {
  name: 'cautious',
  game: 'love-letter',
  summary: 'plays its lower card, never the princess, avoids a minister bust, guesses the commonest unseen card',
  params: [],
  trusted: true,
  create: (context) => new CautiousPlayer(ministerBustAt(context.rules)),
};

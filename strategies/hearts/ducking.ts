import type { Strategy, StrategyDefinition } from '../../src/strategy-api.ts';
import { QUEEN_OF_SPADES, RANK_OF, SUIT_OF, Suit, bitCount, type HeartsSeatView } from '../../src/games/hearts/index.ts';

const KING = 11;

/**
 * Stays out of tricks with points. Following suit it plays the highest card that still loses to
 * the trick's winner; when every card would win, the lowest one, or the highest when it plays
 * last to a trick without points (the trick is taken anyway, so it sheds a high card). Void in
 * the led suit it dumps the queen of spades, then its highest heart, then the highest card of its
 * shortest suit, to void that suit. It leads the lowest card of its shortest suit, and never the
 * queen of spades, nor the king or ace of spades while the queen is out, when it has another card.
 */
export class DuckingPlayer implements Strategy<HeartsSeatView> {
  readonly observes = true;
  // It reads only its own cards, the trick and whether the queen is gone: the state view will do.
  readonly readsState = true;

  restart(): void {}

  inform(): void {}

  choose(view: HeartsSeatView, legal: Int32Array, count: number): number {
    return duckingCard(view, legal, count);
  }
}

/** The ducking rules' card among legal[0 .. count-1]. */
export function duckingCard(view: HeartsSeatView, legal: Int32Array, count: number): number {
  if (count === 1) return legal[0];
  if (view.trickCount === 0) return lead(view, legal, count);
  if (SUIT_OF[legal[0]] === view.ledSuit) return follow(view, legal, count);
  return discard(view, legal, count);
}

/** Legal cards arrive in card order, so within the led suit they rise in rank. */
function follow(view: HeartsSeatView, legal: Int32Array, count: number): number {
  let under = -1;
  for (let i = 0; i < count; i++) if (RANK_OF[legal[i]] < view.trickHighRank) under = legal[i];
  if (under >= 0) return under;
  if (view.trickCount === view.players - 1 && view.trickPoints === 0) {
    // Winning a trick without points anyway: shed the highest card, but never win with the queen.
    const highest = legal[count - 1];
    return highest === QUEEN_OF_SPADES ? legal[count - 2] : highest;
  }
  return legal[0];
}

function discard(view: HeartsSeatView, legal: Int32Array, count: number): number {
  let bestHeart = -1;
  for (let i = 0; i < count; i++) {
    if (legal[i] === QUEEN_OF_SPADES) return QUEEN_OF_SPADES;
    if (SUIT_OF[legal[i]] === Suit.HEARTS) bestHeart = legal[i];
  }
  if (bestHeart >= 0 && RANK_OF[bestHeart] >= 6) return bestHeart;
  return highestOfShortestSuit(view, legal, count);
}

function lead(view: HeartsSeatView, legal: Int32Array, count: number): number {
  const queenOut = !view.queenPlayed && (view.suitMask[Suit.SPADES] & (1 << RANK_OF[QUEEN_OF_SPADES])) === 0;
  let best = -1;
  let bestLength = 99;
  for (let i = 0; i < count; i++) {
    const card = legal[i];
    const suit = SUIT_OF[card];
    if (card === QUEEN_OF_SPADES) continue;
    if (queenOut && suit === Suit.SPADES && RANK_OF[card] >= KING) continue;
    const length = bitCount(view.suitMask[suit]) + (suit === Suit.HEARTS ? 13 : 0);
    // Legal cards rise within a suit, so the first card met in a suit is its lowest.
    if (length < bestLength) {
      best = card;
      bestLength = length;
    }
  }
  return best >= 0 ? best : legal[0];
}

function highestOfShortestSuit(view: HeartsSeatView, legal: Int32Array, count: number): number {
  let best = legal[count - 1];
  let bestLength = 99;
  for (let i = 0; i < count; i++) {
    const card = legal[i];
    const length = bitCount(view.suitMask[SUIT_OF[card]]);
    if (length <= bestLength) {
      best = card;
      bestLength = length;
    }
  }
  return best;
}

export const ducking: StrategyDefinition<HeartsSeatView> = {
  name: 'ducking',
  game: 'hearts',
  summary: 'ducks under the trick winner, voids short suits, dumps the queen of spades and high hearts',
  params: [],
  trusted: true,
  create: () => new DuckingPlayer(),
};

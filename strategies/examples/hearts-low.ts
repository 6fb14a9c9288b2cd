// A complete parlor strategy for Hearts, meant to be copied and changed. Run it with
//   npx parlor sim --game hearts --strategies strategies/examples/hearts-low.ts,ducking,ducking,ducking --games 400
//
// A Hearts action is the card to play (0..51: suit * 13 + rank, ranks from the two). Following
// suit it plays its lowest card; void in the led suit it dumps the queen of spades, then its
// highest heart, then its highest card. It leads its lowest card.
import { QUEEN_OF_SPADES, RANK_OF, SUIT_OF, Suit, type HeartsView, type Strategy, type StrategyDefinition } from 'parlor/strategy/hearts';

/** How much it wants rid of `card` when it cannot follow suit. */
function dumpValue(card: number): number {
  if (card === QUEEN_OF_SPADES) return 100;
  return SUIT_OF[card] === Suit.HEARTS ? 50 + RANK_OF[card] : RANK_OF[card];
}

class LowCardPlayer implements Strategy<HeartsView> {
  // It reads its view, which parlor keeps from the messages the seat receives when it observes.
  readonly observes = true;

  restart(): void {}

  inform(): void {}

  choose(view: HeartsView, legal: Int32Array, count: number): number {
    const cannotFollow = view.trickCount > 0 && SUIT_OF[legal[0]] !== view.ledSuit;
    let best = legal[0];
    for (let i = 1; i < count; i++) {
      const card = legal[i];
      if (cannotFollow ? dumpValue(card) > dumpValue(best) : RANK_OF[card] < RANK_OF[best]) best = card;
    }
    return best;
  }
}

const lowCard: StrategyDefinition<HeartsView> = {
  name: 'hearts-low',
  game: 'hearts',
  summary: 'plays its lowest card, and dumps the queen and high hearts when void',
  params: [],
  create: () => new LowCardPlayer(),
};

export default lowCard;

// A complete parlor strategy for SpeedClue, meant to be copied and changed. Run it with
//   npx parlor sim --game speedclue --players 3 --strategies strategies/examples/speedclue-certain.ts,simple,simple --games 400
//
// It suggests the legal triple naming most cards it has not seen (the first of the best, after a
// random start from its seat's stream), and accuses only when it knows the
// solution: a suggestion of its own went undisproved without its cards (`view.certain`), or one
// card of each category is left that it has neither held nor been shown. Asked to disprove, it
// shows the first card it may. Cards are numbered suspects, weapons, rooms (a mask holds a bit
// per card); a triple is one number, `tripleOf(suspect card, weapon card, room card)`.
import {
  ALL_CARDS,
  CATEGORY_MASK,
  NO_ACCUSATION,
  TRIPLE_MASK,
  accuseAction,
  isAccusation,
  isShow,
  cardCount,
  lowestCard,
  tripleOf,
  type Rng,
  type SpeedClueView,
  type Strategy,
  type StrategyDefinition,
} from 'parlor/strategy/speedclue';

/** The solution when one unseen card is left in each category, else -1. */
function lastUnseen(view: SpeedClueView): number {
  const unseen = ALL_CARDS & ~view.seen;
  const left = CATEGORY_MASK.map((mask) => unseen & mask);
  if (left.some((mask) => cardCount(mask) !== 1)) return -1;
  return tripleOf(lowestCard(left[0]), lowestCard(left[1]), lowestCard(left[2]));
}

class CertainPlayer implements Strategy<SpeedClueView> {
  // It reads its view, which parlor keeps only for seats that observe.
  readonly observes = true;

  restart(): void {}

  inform(): void {}

  choose(view: SpeedClueView, legal: Int32Array, count: number, rng: Rng): number {
    if (isShow(legal[0])) return legal[0];
    const accusing = legal[0] === NO_ACCUSATION || isAccusation(legal[0]);
    if (accusing) {
      const known = view.certain >= 0 ? view.certain : lastUnseen(view);
      const accusation = known >= 0 ? accuseAction(known) : NO_ACCUSATION;
      for (let i = 0; i < count; i++) if (legal[i] === accusation) return accusation;
      return legal[0];
    }
    // A suggestion's action is its triple; start at a random place so that ties vary.
    const unseen = ALL_CARDS & ~view.seen;
    const start = rng.int(count);
    let best = legal[start];
    for (let i = 1; i < count; i++) {
      const triple = legal[(start + i) % count];
      if (cardCount(TRIPLE_MASK[triple] & unseen) > cardCount(TRIPLE_MASK[best] & unseen)) best = triple;
    }
    return best;
  }
}

const certain: StrategyDefinition<SpeedClueView> = {
  name: 'speedclue-certain',
  game: 'speedclue',
  summary: 'suggests unseen cards and accuses only when it knows the solution',
  params: [],
  create: () => new CertainPlayer(),
};

export default certain;

import type { RuleValues } from '../../core/game.ts';
import type { Rng } from '../../core/random.ts';
import { CARDS, CATEGORY_SIZE, CATEGORY_START, TRIPLES, TRIPLE_MASK, tripleOf } from './cards.ts';
import { Phase, SpeedClueState, Standing } from './state.ts';
import type { SpeedClueView } from './view.ts';

/** A state for imagined play: a game is one round already; nobody reads its events. */
export function createSearchState(players: number, rules: RuleValues): SpeedClueState {
  const state = new SpeedClueState(players, rules);
  state.events.enabled = false;
  return state;
}

/** The cards still to place while a sample deals. */
const unplaced = new Int8Array(CARDS);

/**
 * The game's resample: the game from `view`'s seat's decision, the solution and the other hands
 * drawn uniformly among those its view allows. The view keeps its own hand, the cards shown to it
 * and by whom, and the triple an undisproved suggestion of its own proved; every solution without
 * a card it has seen then leaves the same number of deals, so the solution is uniform over those
 * triples and the other cards are dealt uniformly into the room the shown cards leave. That is
 * exact for what the view keeps; it keeps no one else's suggestions nor who disproved them, so
 * their "holds one of" constraints are not used, and the other seats are imagined to have seen
 * only their own hands and suggested nothing yet (what they learned is hidden from the view).
 */
export function resampleGame(state: SpeedClueState, view: SpeedClueView, rng: Rng): boolean {
  const { players, seat } = view;
  let solution = view.certain;
  if (solution < 0) {
    // Uniform among the triples without a seen card: each category's unseen cards, one at random.
    let suspect = 0;
    let weapon = 0;
    let room = 0;
    for (let category = 0; category < 3; category++) {
      let pick = -1;
      let unseen = 0;
      for (let card = CATEGORY_START[category]; card < CATEGORY_START[category] + CATEGORY_SIZE[category]; card++) {
        if ((view.seen & (1 << card)) !== 0) continue;
        if (rng.int(++unseen) === 0) pick = card;
      }
      if (pick < 0) return false;
      if (category === 0) suspect = pick;
      else if (category === 1) weapon = pick;
      else room = pick;
    }
    solution = tripleOf(suspect, weapon, room);
  }
  const solutionMask = TRIPLE_MASK[solution];
  if ((solutionMask & view.hand) !== 0) return false;
  state.solution = solution;
  let count = 0;
  for (let card = 0; card < CARDS; card++) {
    if ((view.hand & (1 << card)) !== 0 || (solutionMask & (1 << card)) !== 0 || view.shownBy[card] >= 0) continue;
    unplaced[count++] = card;
  }
  let inMask = 0;
  for (let other = 0; other < players; other++) {
    let hand = other === seat ? view.hand : 0;
    if (other !== seat) {
      for (let card = 0; card < CARDS; card++) if (view.shownBy[card] === other) hand |= 1 << card;
      // The rest of this hand: unplaced cards drawn at random, each taken out of the pool.
      let room = state.handSize[other];
      for (let h = hand; h !== 0; h &= h - 1) room--;
      if (room < 0 || room > count) return false;
      for (let i = 0; i < room; i++) {
        const j = rng.int(count);
        hand |= 1 << unplaced[j];
        unplaced[j] = unplaced[--count];
      }
    }
    state.hand[other] = hand;
    state.seen[other] = other === seat ? view.seen : hand;
    state.suggestions[other] = other === seat ? view.suggestions : 0;
    // Turns count only toward the game's metrics, which no one reads in imagined play.
    state.turns[other] = 0;
    state.mustAccuse[other] = other === seat && view.mustAccuse ? 1 : 0;
    state.certain[other] = other === seat ? view.certain : -1;
    state.standing[other] = (view.eliminated & (1 << other)) !== 0 ? Standing.ELIMINATED : Standing.IN;
    state.shares[other] = 0;
    if (state.standing[other] === Standing.IN) inMask |= 1 << other;
    const base = other * TRIPLES;
    for (let triple = 0; triple < TRIPLES; triple++) state.used[base + triple] = other === seat ? view.used[triple] : 0;
  }
  if (count !== 0) return false;
  state.inMask = inMask;
  state.current = seat;
  state.winner = -1;
  state.winnerOutcome = -1;
  state.over = false;
  if (view.disproveFor >= 0) {
    state.phase = Phase.DISPROVE;
    state.active = view.disproveFor;
    state.pending = view.disproveTriple;
    state.disprover = seat;
  } else {
    state.phase = view.accusing || view.suggestions >= TRIPLES ? Phase.ACCUSE : Phase.SUGGEST;
    state.active = seat;
    state.disprover = -1;
  }
  state.events.clear();
  return true;
}

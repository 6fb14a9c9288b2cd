import type { RuleValues } from '../../core/game.ts';
import type { Rng } from '../../core/random.ts';
import { CARD_COUNT, HAND_SIZE, PLUS_BUYS, isAction, isTreasure, vpOfCounts } from './cards.ts';
import { Phase } from './codes.ts';
import { syncWrittenTurn } from './engine.ts';
import { DominionState } from './state.ts';
import type { DominionView } from './view.ts';

/** A state for imagined play: a game is one round already; nobody reads its events. */
export function createSearchState(players: number, rules: RuleValues): DominionState {
  const state = new DominionState(players, rules);
  state.events.enabled = false;
  return state;
}

/** [card]: copies of a seat's cards not yet placed while a sample lays them out. */
const rest = new Int16Array(CARD_COUNT);

/**
 * The game's resample, at the seat's own action or buy decision (elsewhere it returns false: the
 * view cannot tell a militia victim's reaction from its discard, nor a card's resolution from the
 * phase after it). The public part comes from the view: the supply, every seat's cards, turns and
 * top discard. The seat's hand and play area are its own; the rest of its cards are split into its
 * draw pile and discard pile, this turn's gains in the discard and the others at random, and the
 * draw pile shuffled. The view keeps the sizes of those piles but not what went into the discard,
 * so that split is an approximation of what the seat could remember. Another seat holds a random
 * hand of five of its cards and the others in its draw pile, shuffled: the view does not follow
 * other seats' piles. Later shuffles draw from fresh streams.
 */
export function resampleTurn(state: DominionState, view: DominionView, rng: Rng): boolean {
  const { players, seat } = view;
  if (view.active !== seat || view.discardsOwed > 0) return false;
  let treasurePlayed = false;
  let plusBuys = 0;
  for (let i = 0; i < view.playedCount; i++) {
    const card = view.played[i];
    if (isTreasure(card)) treasurePlayed = true;
    plusBuys += PLUS_BUYS[card];
  }
  let actionInHand = false;
  for (let card = 0; card < CARD_COUNT; card++) if (view.hand[card] !== 0 && isAction(card)) actionInHand = true;
  const bought = view.buys < 1 + plusBuys;
  // The engine leaves the action phase by itself when no action can be played; a seat that ended
  // it with actions in hand is shown its action phase again (the view keeps no record of that).
  const phase = !treasurePlayed && !bought && view.actions > 0 && actionInHand ? Phase.ACTION : Phase.BUY;

  for (let card = 0; card < CARD_COUNT; card++) state.supply[card] = view.supply[card];
  let totalTurns = 0;
  for (let other = 0; other < players; other++) {
    const counts = other * CARD_COUNT;
    let owned = 0;
    for (let card = 0; card < CARD_COUNT; card++) {
      const copies = view.owned[counts + card];
      state.owned[counts + card] = copies;
      state.discard[counts + card] = 0;
      state.hand[counts + card] = other === seat ? view.hand[card] : 0;
      rest[card] = copies - state.hand[counts + card];
      owned += copies;
    }
    state.vp[other] = vpOfCounts(view.owned, counts);
    state.turns[other] = view.turns[other];
    totalTurns += view.turns[other];
    state.topDiscard[other] = view.topDiscard[other];
    state.shares[other] = 0;
    state.discardCount[other] = 0;
    let left = owned;
    if (other === seat) {
      state.handCount[other] = view.handCount;
      left -= view.handCount;
      for (let i = 0; i < view.playedCount; i++) rest[view.played[i]]--;
      left -= view.playedCount;
      // This turn's gains went to the discard pile (a mine's treasure to the hand, already there).
      for (let i = 0; i < view.gainedCount && state.discardCount[other] < view.discardCount; i++) {
        const card = view.gained[i];
        if (rest[card] === 0) continue;
        rest[card]--;
        state.discard[counts + card]++;
        state.discardCount[other]++;
        left--;
      }
      if (left !== view.deckCount + view.discardCount - state.discardCount[other]) return false;
      // The discard pile's other cards: drawn at random from the rest.
      while (state.discardCount[other] < view.discardCount) {
        const card = drawCard(rng, left--);
        state.discard[counts + card]++;
        state.discardCount[other]++;
      }
    } else {
      const handSize = Math.min(HAND_SIZE, owned);
      for (let i = 0; i < handSize; i++) state.hand[counts + drawCard(rng, left--)]++;
      state.handCount[other] = handSize;
    }
    // What is left is the draw pile, in random order.
    const base = other * state.capacity;
    for (let i = 0; i < left; i++) state.deck[base + i] = drawCard(rng, left - i);
    state.deckCount[other] = left;
    state.shuffleRngs[other].seed(state.key, rng.int(0x40000000), other, 0);
    state.chanceRngs[other].seed(state.key, rng.int(0x40000000), other, 1);
  }
  state.chanceSeeded = (1 << players) - 1;
  state.setPlayArea(view.played, view.playedCount);
  state.totalTurns = totalTurns;
  state.active = seat;
  state.current = seat;
  state.phase = phase;
  state.actions = view.actions;
  state.buys = view.buys;
  state.coins = view.coins;
  state.moneyThisTurn = view.coins;
  state.bought = bought;
  state.pendingCard = -1;
  state.resolving = 0;
  state.victim = -1;
  state.discardsOwed = 0;
  state.over = false;
  state.endCause = 0;
  state.events.clear();
  // The engine's masks of kinds in hand and piles stocked, and the empty-pile count, follow the counts written here.
  syncWrittenTurn(state);
  return true;
}

/** One of the `total` cards counted in `rest`, uniformly, taken out of it. */
function drawCard(rng: Rng, total: number): number {
  let pick = rng.int(total);
  for (let card = 0; card < CARD_COUNT; card++) {
    pick -= rest[card];
    if (pick < 0) {
      rest[card]--;
      return card;
    }
  }
  return -1;
}

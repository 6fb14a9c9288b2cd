import { bitCount, lowestBit } from '../../core/bits.ts';
import { Forfeit } from '../../core/forfeits.ts';
import { Streams, type MasterKey, type Rng } from '../../core/random.ts';
import { Action, CARD_OF, FAMILY_OF, Family } from './actions.ts';
import {
  CARD_COUNT,
  COINS,
  COST,
  Card,
  EFFECT,
  Effect,
  HAND_SIZE,
  MILITIA_KEEPS,
  MINE_EXTRA_COST,
  PLUS_ACTIONS,
  PLUS_BUYS,
  PLUS_CARDS,
  PLUS_COINS,
  REMODEL_EXTRA_COST,
  STARTING_COPPERS,
  STARTING_ESTATES,
  TYPES,
  Type,
  WORKSHOP_MAX_COST,
  VP,
} from './cards.ts';
import { Ev, GainedBy, Illegal, Phase } from './codes.ts';
import { CURVE_TURNS, EndCause, Metric } from './metrics.ts';
import type { DominionState } from './state.ts';

// reset/apply/forfeit run everything that needs no decision (draws, shuffles, cleanup, the next
// turn), so after each call the state either awaits `current` or is over.

const NO_CARD = -1;
/** The type mine trashes and gains. */
const TREASURE = Type.TREASURE;
/** handKinds masks: every card, the action cards (cellar onwards), the treasures. */
const ALL_KINDS = (1 << CARD_COUNT) - 1;
const ACTION_KINDS = ALL_KINDS & ~((1 << Card.CELLAR) - 1);
const TREASURE_KINDS = TYPES.reduce((kinds, types, card) => ((types & TREASURE) !== 0 ? kinds | (1 << card) : kinds), 0);

/** The kinds of card whose cells in `counts` from `base` are not zero, as a mask. */
function kindsIn(counts: Int16Array, base: number): number {
  let kinds = 0;
  for (let card = 0; card < CARD_COUNT; card++) if (counts[base + card] !== 0) kinds |= 1 << card;
  return kinds;
}

/**
 * Recomputes what the engine keeps beside the counts (the kinds in each hand and discard pile, the
 * piles not empty and how many are) for code that writes hands, discard piles or the supply itself.
 */
export function syncKinds(s: DominionState): void {
  for (let seat = 0; seat < s.players; seat++) {
    s.handKinds[seat] = kindsIn(s.hand, seat * CARD_COUNT);
    s.discardKinds[seat] = kindsIn(s.discard, seat * CARD_COUNT);
  }
  s.stockedKinds = kindsIn(s.supply, 0);
  s.emptyPiles = CARD_COUNT - bitCount(s.stockedKinds);
}

function everyone(s: DominionState): number {
  return (1 << s.players) - 1;
}

export function resetGame(s: DominionState, key: MasterKey, game: number): void {
  s.key = key;
  s.gameIndex = game;
  s.tally.clear();
  s.events.clear();
  s.tally.startRound();
  const players = s.players;
  // Plain loops rather than set and fill: a typed array builtin's call costs more than these few cells.
  for (let card = 0; card < CARD_COUNT; card++) s.supply[card] = s.startingSupply[card];
  // Every pile starts with cards (pileSize is never 0), so no count needs looking at.
  s.stockedKinds = ALL_KINDS;
  s.emptyPiles = 0;
  for (let cell = 0; cell < players * CARD_COUNT; cell++) {
    s.hand[cell] = 0;
    s.discard[cell] = 0;
    s.owned[cell] = 0;
  }
  for (let seat = 0; seat < players; seat++) {
    s.handKinds[seat] = 0;
    s.discardKinds[seat] = 0;
    s.handCount[seat] = 0;
    s.discardCount[seat] = 0;
    s.deckCount[seat] = 0;
    s.topDiscard[seat] = NO_CARD;
    s.turns[seat] = 0;
    s.vp[seat] = 0;
    s.shares[seat] = 0;
    s.shuffleRngs[seat].seed(key, game, Streams.DEAL, seat);
    s.events.ifEnabled()?.push(1 << seat, Ev.GAME_START, players, seat, s.rules.turnLimit, 0);
  }
  // Only a militia victim's forfeit draws from these streams, so they are seeded when first drawn from.
  s.chanceSeeded = 0;
  s.totalTurns = 0;
  s.playCount = 0;
  s.playRuns = 0;
  s.pendingCard = NO_CARD;
  s.victim = NO_CARD;
  s.over = false;
  s.endCause = 0;
  // The starting decks are gains from outside the supply's counts (pileSize already leaves them out).
  for (let seat = 0; seat < players; seat++) {
    receiveStarting(s, seat, Card.COPPER, STARTING_COPPERS);
    receiveStarting(s, seat, Card.ESTATE, STARTING_ESTATES);
    draw(s, seat, HAND_SIZE);
    const coppers = s.hand[seat * CARD_COUNT + Card.COPPER];
    s.tally.hold(Metric.OPENING, seat, coppers === 2 || coppers === 5 ? 0 : 1);
  }
  s.active = players - 1;
  startTurn(s);
}

/**
 * Puts a card into the seat's discard pile (or hand) and announces it; supply counts are the
 * caller's. Mine's gain to the hand is apart: buys, which every turn makes, take the short way.
 */
function receive(s: DominionState, seat: number, card: number, how: number): void {
  const at = seat * CARD_COUNT + card;
  s.owned[at]++;
  s.vp[seat] += VP[card];
  if (how === GainedBy.GAIN_TO_HAND) {
    receiveInHand(s, seat, card);
    return;
  }
  s.discard[at]++;
  s.discardKinds[seat] |= 1 << card;
  s.discardCount[seat]++;
  s.topDiscard[seat] = card;
  s.events.ifEnabled()?.push(everyone(s), Ev.GAINED, seat, card, how, 0);
}

function receiveInHand(s: DominionState, seat: number, card: number): void {
  s.hand[seat * CARD_COUNT + card]++;
  s.handCount[seat]++;
  s.handKinds[seat] |= 1 << card;
  const how = GainedBy.GAIN_TO_HAND;
  if (s.rules.mineGainAnnounced) s.events.ifEnabled()?.push(everyone(s), Ev.GAINED, seat, card, how, 0);
  else {
    // The original server puts mine's gain into the hand untold: the gainer sees the card in the
    // hand it is shown, the others only a smaller pile in their next supply-info.
    s.events.ifEnabled()?.push(1 << seat, Ev.GAINED, seat, card, how, 1);
    s.events.ifEnabled()?.push(everyone(s) & ~(1 << seat), Ev.SUPPLY_TAKEN, card, 0, 0, 0);
  }
}

/** `n` cards of the starting deck into the discard pile at once: receive's counts and records for each. */
function receiveStarting(s: DominionState, seat: number, card: number, n: number): void {
  const at = seat * CARD_COUNT + card;
  s.owned[at] += n;
  s.vp[seat] += n * VP[card];
  s.discard[at] += n;
  s.discardKinds[seat] |= 1 << card;
  s.discardCount[seat] += n;
  s.topDiscard[seat] = card;
  const log = s.events.ifEnabled();
  if (log !== null) for (let i = 0; i < n; i++) log.push(everyone(s), Ev.GAINED, seat, card, GainedBy.STARTING_DECK, 0);
}

/** Takes a card from the supply for the seat. */
function gain(s: DominionState, seat: number, card: number, how: number): void {
  if (--s.supply[card] === 0) {
    s.emptyPiles++;
    s.stockedKinds &= ~(1 << card);
  }
  receive(s, seat, card, how);
}

function draw(s: DominionState, seat: number, cards: number): void {
  const base = seat * s.capacity;
  const hand = s.hand;
  const handBase = seat * CARD_COUNT;
  const log = s.events.ifEnabled();
  const deck = s.deck;
  let left = s.deckCount[seat];
  let kinds = s.handKinds[seat];
  let wanted = cards;
  // What the draw pile holds in one run with no test for its end, then a shuffle for the rest.
  for (;;) {
    const stop = wanted < left ? left - wanted : 0;
    wanted -= left - stop;
    while (left > stop) {
      const card = deck[base + --left];
      hand[handBase + card]++;
      kinds |= 1 << card;
      log?.push(1 << seat, Ev.DREW, card, 0, 0, 0);
    }
    if (wanted === 0 || s.discardCount[seat] === 0) break;
    shuffle(s, seat);
    left = s.deckCount[seat];
  }
  s.deckCount[seat] = left;
  s.handKinds[seat] = kinds;
  s.handCount[seat] += cards - wanted;
}

/** The discard pile, laid out in card order, becomes the draw pile by a Fisher-Yates shuffle. */
function shuffle(s: DominionState, seat: number): void {
  const base = seat * s.capacity;
  const counts = seat * CARD_COUNT;
  const words = s.deckWords;
  const discard = s.discard;
  let at = base;
  for (let kinds = s.discardKinds[seat]; kinds !== 0; kinds &= kinds - 1) {
    const card = lowestBit(kinds);
    const n = discard[counts + card];
    discard[counts + card] = 0;
    // Four cards a write: what runs past this kind's cards the next kind overwrites, or lies past the pile.
    const four = card * 0x01010101;
    for (let i = 0; i < n; i += 4) words.setInt32(at + i, four, true);
    at += n;
  }
  const size = at - base;
  s.shuffleRngs[seat].shuffle(s.deck, base, size);
  s.deckCount[seat] = size;
  s.discardKinds[seat] = 0;
  s.discardCount[seat] = 0;
  s.topDiscard[seat] = NO_CARD;
  s.events.ifEnabled()?.push(everyone(s), Ev.SHUFFLED, seat, 0, 0, 0);
}

function startTurn(s: DominionState): void {
  const players = s.players;
  const provincesGone = s.supply[Card.PROVINCE] === 0;
  if (provincesGone || s.emptyPiles >= 3 || s.totalTurns >= s.rules.turnLimit * players) {
    finishGame(s, provincesGone ? EndCause.PROVINCES : s.emptyPiles >= 3 ? EndCause.PILES : EndCause.TURN_LIMIT);
    return;
  }
  const seat = s.active + 1 === players ? 0 : s.active + 1;
  s.active = seat;
  s.current = seat;
  s.totalTurns++;
  s.turns[seat]++;
  s.actions = 1;
  s.buys = 1;
  s.coins = 0;
  s.moneyThisTurn = 0;
  s.bought = false;
  s.playCount = 0;
  s.playRuns = 0;
  s.events.ifEnabled()?.push(everyone(s), Ev.TURN_START, seat, s.turns[seat], 0, 0);
  enterActionPhase(s);
}

function hasActionInHand(s: DominionState, seat: number): boolean {
  return (s.handKinds[seat] & ACTION_KINDS) !== 0;
}

function enterActionPhase(s: DominionState): void {
  s.current = s.active;
  if (s.actions > 0 && hasActionInHand(s, s.active)) s.phase = Phase.ACTION;
  else enterBuyPhase(s);
}

function enterBuyPhase(s: DominionState): void {
  s.current = s.active;
  if (s.buys > 0) s.phase = Phase.BUY;
  else endBuys(s);
}

/** Cleanup asks for the top discard only when the hand leaves a choice (two kinds of card or more). */
function endBuys(s: DominionState): void {
  const kinds = s.handKinds[s.active];
  if ((kinds & (kinds - 1)) !== 0) s.phase = Phase.CLEANUP;
  else cleanup(s, NO_CARD);
}

/** The top discard when none is chosen: the hand's card, else the last card played. */
function defaultTop(s: DominionState): number {
  const kinds = s.handKinds[s.active];
  if (kinds !== 0) return lowestBit(kinds);
  return s.playRuns > 0 ? s.play[s.playRuns - 1] : NO_CARD;
}

function cleanup(s: DominionState, chosenTop: number): void {
  const seat = s.active;
  const base = seat * CARD_COUNT;
  const top = chosenTop >= 0 ? chosenTop : defaultTop(s);
  const played = s.playCount;
  const runs = s.playRuns;
  const play = s.play;
  const copies = s.playCopies;
  const discard = s.discard;
  const hand = s.hand;
  let discarded = s.discardKinds[seat] | s.handKinds[seat];
  for (let run = 0; run < runs; run++) {
    const card = play[run];
    discard[base + card] += copies[run];
    discarded |= 1 << card;
  }
  if (s.events.enabled) announcePlayArea(s, seat);
  for (let kinds = s.handKinds[seat]; kinds !== 0; kinds &= kinds - 1) {
    const card = lowestBit(kinds);
    discard[base + card] += hand[base + card];
    hand[base + card] = 0;
  }
  s.handKinds[seat] = 0;
  s.discardKinds[seat] = discarded;
  s.discardCount[seat] += played + s.handCount[seat];
  s.handCount[seat] = 0;
  s.playCount = 0;
  s.playRuns = 0;
  if (top >= 0) s.topDiscard[seat] = top;
  s.events.ifEnabled()?.push(everyone(s), Ev.TOP_DISCARD, seat, s.topDiscard[seat], 0, 0);
  draw(s, seat, HAND_SIZE);
  recordCurves(s, seat);
  startTurn(s);
}

/** Cleanup's records of the play area, card by card in the order played, and of the turn's end. */
function announcePlayArea(s: DominionState, seat: number): void {
  const all = everyone(s);
  const played = s.playCount;
  let i = 0;
  for (let run = 0; run < s.playRuns; run++) {
    for (let copy = 0; copy < s.playCopies[run]; copy++) s.events.push(all, Ev.TURN_PLAYED, seat, s.play[run], i++, played);
  }
  s.events.push(all, Ev.TURN_END, seat, played, 0, 0);
}

/**
 * The turn's points on the VP and money curves, for the turns the curves follow: kept in the state
 * and recorded when the game ends (every turn begun is cleaned up before it can end).
 */
function recordCurves(s: DominionState, seat: number): void {
  const turn = s.turns[seat];
  if (turn > CURVE_TURNS) return;
  const at = seat * CURVE_TURNS + turn - 1;
  s.vpByTurn[at] = s.vp[seat];
  s.moneyByTurn[at] = s.moneyThisTurn;
}

/** One card leaves the seat's hand. */
function takeFromHand(s: DominionState, seat: number, card: number): void {
  if (--s.hand[seat * CARD_COUNT + card] === 0) s.handKinds[seat] &= ~(1 << card);
  s.handCount[seat]--;
}

/** `copies` of `card` join the play area as one run (its hand and log are the caller's). */
function addToPlay(s: DominionState, card: number, copies: number): void {
  s.play[s.playRuns] = card;
  s.playCopies[s.playRuns++] = copies;
  s.playCount += copies;
}

function moveToPlay(s: DominionState, card: number): void {
  const seat = s.active;
  takeFromHand(s, seat, card);
  addToPlay(s, card, 1);
  s.events.ifEnabled()?.push(1 << seat, Ev.PLAYED, seat, card, 0, 0);
}

function playTreasure(s: DominionState, card: number): void {
  moveToPlay(s, card);
  s.coins += COINS[card];
  s.moneyThisTurn += COINS[card];
}

/** Every treasure in hand, in card order: what playTreasure one card at a time does, a kind at a time. */
function playAllTreasures(s: DominionState): void {
  const seat = s.active;
  const base = seat * CARD_COUNT;
  const hand = s.hand;
  const log = s.events.ifEnabled();
  let cards = 0;
  let coins = 0;
  for (let kinds = s.handKinds[seat] & TREASURE_KINDS; kinds !== 0; kinds &= kinds - 1) {
    const card = lowestBit(kinds);
    const n = hand[base + card];
    if (log !== null) for (let i = 0; i < n; i++) log.push(1 << seat, Ev.PLAYED, seat, card, 0, 0);
    addToPlay(s, card, n);
    hand[base + card] = 0;
    cards += n;
    coins += n * COINS[card];
  }
  s.handCount[seat] -= cards;
  s.coins += coins;
  s.moneyThisTurn += coins;
  s.handKinds[seat] &= ~TREASURE_KINDS;
}

function playAction(s: DominionState, card: number): void {
  const seat = s.active;
  const effect = EFFECT[card];
  if (s.rules.playedCardInHand && (effect === Effect.CELLAR || effect === Effect.REMODEL)) s.pendingCard = card;
  else moveToPlay(s, card);
  s.actions += PLUS_ACTIONS[card] - 1;
  s.buys += PLUS_BUYS[card];
  s.coins += PLUS_COINS[card];
  s.moneyThisTurn += PLUS_COINS[card];
  draw(s, seat, PLUS_CARDS[card]);
  switch (effect) {
    case Effect.CELLAR:
      s.resolving = 0;
      if (s.handCount[seat] > 0) s.phase = Phase.CELLAR;
      else finishResolution(s);
      return;
    case Effect.MILITIA:
      if (s.rules.militiaAttacks) {
        s.victim = seat;
        nextVictim(s);
      } else finishResolution(s);
      return;
    case Effect.MINE:
      if (holdsTreasure(s, seat)) s.phase = Phase.MINE_TRASH;
      else finishResolution(s);
      return;
    case Effect.REMODEL:
      if (s.handCount[seat] > 0) s.phase = Phase.REMODEL_TRASH;
      else finishResolution(s);
      return;
    case Effect.WORKSHOP:
      if (canGain(s, WORKSHOP_MAX_COST, 0)) s.phase = Phase.WORKSHOP_GAIN;
      else finishResolution(s);
      return;
    default:
      enterActionPhase(s);
  }
}

function holdsTreasure(s: DominionState, seat: number): boolean {
  return (s.handKinds[seat] & TREASURE_KINDS) !== 0;
}

/** Whether `card` can be gained: its pile is not empty, it costs at most `maxCost`, and it has one of `types` (0 for any). */
function gainable(s: DominionState, card: number, maxCost: number, types: number): boolean {
  return s.supply[card] !== 0 && COST[card] <= maxCost && (types === 0 || (TYPES[card] & types) !== 0);
}

/** Whether any pile offers a card `gainable` allows. */
export function canGain(s: DominionState, maxCost: number, types: number): boolean {
  for (let card = 0; card < CARD_COUNT; card++) if (gainable(s, card, maxCost, types)) return true;
  return false;
}

/**
 * The played card's effect is done. Under playedCardInHand the card moves to play only now, and
 * when it discarded or trashed itself the original server's move fails and the turn ends.
 */
function finishResolution(s: DominionState): void {
  const pending = s.pendingCard;
  if (pending >= 0) {
    s.pendingCard = NO_CARD;
    if (s.hand[s.active * CARD_COUNT + pending] === 0) {
      cleanup(s, NO_CARD);
      return;
    }
    moveToPlay(s, pending);
  }
  enterActionPhase(s);
}

/** The next seat after the last victim that must answer the militia, or back to the attacker. */
function nextVictim(s: DominionState): void {
  const players = s.players;
  for (let seat = s.victim + 1 === players ? 0 : s.victim + 1; seat !== s.active; seat = seat + 1 === players ? 0 : seat + 1) {
    const extra = s.handCount[seat] - MILITIA_KEEPS;
    if (extra <= 0) continue;
    s.victim = seat;
    s.current = seat;
    s.discardsOwed = extra;
    s.events.ifEnabled()?.push(1 << seat, Ev.ATTACKED, s.active, extra, 0, 0);
    s.phase = s.hand[seat * CARD_COUNT + Card.MOAT] !== 0 ? Phase.REACTION : Phase.MILITIA_DISCARD;
    return;
  }
  s.victim = NO_CARD;
  finishResolution(s);
}

function discardFromHand(s: DominionState, seat: number, card: number): void {
  takeFromHand(s, seat, card);
  s.discard[seat * CARD_COUNT + card]++;
  s.discardKinds[seat] |= 1 << card;
  s.discardCount[seat]++;
  s.topDiscard[seat] = card;
  s.events.ifEnabled()?.push(1 << seat, Ev.DISCARDED, seat, card, 0, 0);
}

function militiaDiscard(s: DominionState, card: number): void {
  const seat = s.victim;
  discardFromHand(s, seat, card);
  if (--s.discardsOwed > 0) return;
  if (s.rules.attackTopDiscard) s.events.ifEnabled()?.push(everyone(s), Ev.TOP_DISCARD, seat, card, 0, 0);
  nextVictim(s);
}

function trashFromHand(s: DominionState, card: number): void {
  const seat = s.active;
  takeFromHand(s, seat, card);
  s.owned[seat * CARD_COUNT + card]--;
  s.vp[seat] -= VP[card];
  s.events.ifEnabled()?.push(everyone(s), Ev.TRASHED, seat, card, 0, 0);
}

function endCellar(s: DominionState): void {
  const discarded = s.resolving;
  if (discarded > 0) s.events.ifEnabled()?.push(everyone(s), Ev.TOP_DISCARD, s.active, s.topDiscard[s.active], 0, 0);
  draw(s, s.active, discarded);
  finishResolution(s);
}

/** Applies a legal action for the current player (trusted: no validation). */
export function applyAction(s: DominionState, action: number): void {
  const card = CARD_OF[action];
  switch (s.phase) {
    case Phase.ACTION:
      if (action === Action.END_ACTIONS) enterBuyPhase(s);
      else playAction(s, card);
      return;
    case Phase.BUY:
      if (action === Action.END_BUYS) endBuys(s);
      else if (action === Action.PLAY_TREASURES) playAllTreasures(s);
      else if (FAMILY_OF[action] === Family.TREASURE) playTreasure(s, card);
      else buy(s, card);
      return;
    case Phase.CELLAR:
      if (action === Action.DONE) {
        endCellar(s);
        return;
      }
      discardFromHand(s, s.active, card);
      s.resolving++;
      if (s.handCount[s.active] === 0) endCellar(s);
      return;
    case Phase.REMODEL_TRASH:
    case Phase.MINE_TRASH:
      if (action === Action.DONE) finishResolution(s);
      else trashForGain(s, card);
      return;
    case Phase.REMODEL_GAIN:
      gain(s, s.active, card, GainedBy.GAIN);
      finishResolution(s);
      return;
    case Phase.MINE_GAIN:
      gain(s, s.active, card, GainedBy.GAIN_TO_HAND);
      finishResolution(s);
      return;
    case Phase.WORKSHOP_GAIN:
      if (action !== Action.DONE) gain(s, s.active, card, GainedBy.GAIN);
      finishResolution(s);
      return;
    case Phase.CLEANUP:
      cleanup(s, card);
      return;
    case Phase.REACTION:
      if (action === Action.REVEAL_MOAT) {
        s.events.ifEnabled()?.push(everyone(s), Ev.REVEALED, s.victim, Card.MOAT, 0, 0);
        nextVictim(s);
      } else s.phase = Phase.MILITIA_DISCARD;
      return;
    case Phase.MILITIA_DISCARD:
      militiaDiscard(s, card);
      return;
  }
}

function buy(s: DominionState, card: number): void {
  s.coins -= COST[card];
  s.buys--;
  s.bought = true;
  gain(s, s.active, card, GainedBy.BUY);
  if (s.buys === 0) endBuys(s);
}

function trashForGain(s: DominionState, card: number): void {
  const mine = s.phase === Phase.MINE_TRASH;
  trashFromHand(s, card);
  const limit = COST[card] + (mine ? MINE_EXTRA_COST : REMODEL_EXTRA_COST);
  s.resolving = limit;
  if (canGain(s, limit, mine ? TREASURE : 0)) s.phase = mine ? Phase.MINE_GAIN : Phase.REMODEL_GAIN;
  else finishResolution(s);
}

/**
 * A bad answer (or a timeout) plays the rules' fallback rather than ending the game, as both
 * servers do: in the action phase one action is spent (or the turn ends, under invalidAction);
 * a buy or cleanup ends the turn; a card being resolved does nothing more; a militia victim
 * discards what it owes, chosen at random or from the start of its hand.
 */
export function forfeitTurn(s: DominionState, reason: number): void {
  s.tally.forfeit(s.current, reason);
  switch (s.phase) {
    case Phase.ACTION:
      if (s.rules.invalidEndsTurn) cleanup(s, NO_CARD);
      else {
        s.actions--;
        s.events.ifEnabled()?.push(1 << s.active, Ev.ACTION_LOST, s.active, reason, 0, 0);
        enterActionPhase(s);
      }
      return;
    case Phase.BUY:
      s.buys = 0;
      endBuys(s);
      return;
    case Phase.CELLAR:
      endCellar(s);
      return;
    case Phase.CLEANUP:
      cleanup(s, NO_CARD);
      return;
    case Phase.REACTION:
    case Phase.MILITIA_DISCARD: {
      // Discarding the last card owed moves on to the next victim (or back to the attacker).
      const victim = s.victim;
      while (s.victim === victim) militiaDiscard(s, fallbackDiscard(s));
      return;
    }
    default:
      finishResolution(s);
  }
}

/** The seat's chance stream, seeded for this game on its first use. */
function chanceRng(s: DominionState, seat: number): Rng {
  const rng = s.chanceRngs[seat];
  if ((s.chanceSeeded & (1 << seat)) === 0) {
    rng.seed(s.key, s.gameIndex, Streams.CHANCE, seat);
    s.chanceSeeded |= 1 << seat;
  }
  return rng;
}

function fallbackDiscard(s: DominionState): number {
  const seat = s.victim;
  const base = seat * CARD_COUNT;
  let skip = s.rules.randomAttackFallback ? chanceRng(s, seat).int(s.handCount[seat]) : 0;
  for (let card = 0; card < CARD_COUNT; card++) {
    skip -= s.hand[base + card];
    if (skip < 0) return card;
  }
  return NO_CARD;
}

function finishGame(s: DominionState, cause: number): void {
  const players = s.players;
  const tally = s.tally;
  let bestVp = -0x8000;
  for (let seat = 0; seat < players; seat++) if (s.vp[seat] > bestVp) bestVp = s.vp[seat];
  // Ties on VP go to the fewest turns taken; what remains tied shares the win.
  let fewestTurns = 0x7fff;
  for (let seat = 0; seat < players; seat++) if (s.vp[seat] === bestVp && s.turns[seat] < fewestTurns) fewestTurns = s.turns[seat];
  let winners = 0;
  for (let seat = 0; seat < players; seat++) if (s.vp[seat] === bestVp && s.turns[seat] === fewestTurns) winners++;
  const share = tally.shareUnits / winners;
  for (let seat = 0; seat < players; seat++) {
    const won = s.vp[seat] === bestVp && s.turns[seat] === fewestTurns;
    s.shares[seat] = won ? 1 / winners : 0;
    if (won) tally.roundWon(seat, share);
    tally.record(Metric.VP, seat, s.vp[seat]);
    tally.record(Metric.TURNS, seat, s.turns[seat]);
    tally.record(Metric.TIES, seat, won && winners > 1 ? 1 : 0);
    tally.count(Metric.END_CAUSE, seat, cause);
    tally.recordSeriesOnce(Metric.DECK, seat, s.owned, seat * CARD_COUNT, CARD_COUNT);
    const curved = Math.min(s.turns[seat], CURVE_TURNS);
    tally.recordSeriesOnce(Metric.VP_BY_TURN, seat, s.vpByTurn, seat * CURVE_TURNS, curved);
    tally.recordSeriesOnce(Metric.MONEY_BY_TURN, seat, s.moneyByTurn, seat * CURVE_TURNS, curved);
    s.events.ifEnabled()?.push(everyone(s), Ev.GAME_END, seat, s.vp[seat], s.turns[seat], won ? 1 : 0);
  }
  s.endCause = cause;
  s.over = true;
  s.current = -1;
  s.phase = Phase.OVER;
}

const DEAREST = Math.max(...COST);
/** Per amount of coins up to the dearest card's cost: the cards that cost at most that much, as a mask. */
const KINDS_UP_TO = Int32Array.from({ length: DEAREST + 1 }, (_, coins) =>
  COST.reduce((kinds, cost, card) => (cost <= coins ? kinds | (1 << card) : kinds), 0),
);

/** The cards a gain or buy may take (see gainable) among `kinds`, as a mask: affordable and in stock. */
function gainableKinds(s: DominionState, maxCost: number, kinds: number): number {
  if (maxCost < 0) return 0;
  return KINDS_UP_TO[maxCost < DEAREST ? maxCost : DEAREST] & s.stockedKinds & kinds;
}

/**
 * The cards whose action of `family` the current player may choose now, as a mask: the cards
 * listLegalActions lists in that family, 0 for a family the decision does not take. A strategy
 * deciding from the state view reads this in place of the list. The turn's own decisions are
 * answered here and the rest in resolvingKinds, which keeps this small enough for V8 to inline
 * into the strategies that call it on every decision.
 */
export function legalKinds(s: DominionState, family: number): number {
  const held = s.current >= 0 ? s.handKinds[s.current] : 0;
  const phase = s.phase;
  if (phase === Phase.BUY) {
    if (family === Family.TREASURE) return s.bought ? 0 : held & TREASURE_KINDS;
    return family === Family.BUY ? gainableKinds(s, s.coins, ALL_KINDS) : 0;
  }
  if (phase === Phase.ACTION) return family === Family.PLAY ? held & ACTION_KINDS : 0;
  if (phase === Phase.CLEANUP) return family === Family.TOP ? held : 0;
  return resolvingKinds(s, family, held);
}

/** legalKinds while a played card resolves or an attack is answered. */
function resolvingKinds(s: DominionState, family: number, held: number): number {
  switch (s.phase) {
    case Phase.CELLAR:
    case Phase.MILITIA_DISCARD:
      return family === Family.DISCARD ? held : 0;
    case Phase.REMODEL_TRASH:
      return family === Family.TRASH ? held : 0;
    case Phase.MINE_TRASH:
      return family === Family.TRASH ? held & TREASURE_KINDS : 0;
    case Phase.REMODEL_GAIN:
      return family === Family.GAIN ? gainableKinds(s, s.resolving, ALL_KINDS) : 0;
    case Phase.MINE_GAIN:
      return family === Family.GAIN ? gainableKinds(s, s.resolving, TREASURE_KINDS) : 0;
    case Phase.WORKSHOP_GAIN:
      return family === Family.GAIN ? gainableKinds(s, WORKSHOP_MAX_COST, ALL_KINDS) : 0;
    default:
      return 0;
  }
}

/** An action of `family` for each card legalKinds allows, in card order. */
function listFamily(s: DominionState, family: number, out: Int32Array, count: number): number {
  const first = family * CARD_COUNT;
  for (let kinds = legalKinds(s, family); kinds !== 0; kinds &= kinds - 1) out[count++] = first + lowestBit(kinds);
  return count;
}

/** Writes the current player's legal actions; the order is fixed (card order, then the singles). */
export function listLegalActions(s: DominionState, out: Int32Array): number {
  let count = 0;
  switch (s.phase) {
    case Phase.ACTION:
      count = listFamily(s, Family.PLAY, out, 0);
      out[count++] = Action.END_ACTIONS;
      return count;
    case Phase.BUY:
      if (legalKinds(s, Family.TREASURE) !== 0) {
        out[count++] = Action.PLAY_TREASURES;
        count = listFamily(s, Family.TREASURE, out, count);
      }
      count = listFamily(s, Family.BUY, out, count);
      out[count++] = Action.END_BUYS;
      return count;
    case Phase.CELLAR:
      count = listFamily(s, Family.DISCARD, out, 0);
      out[count++] = Action.DONE;
      return count;
    case Phase.REMODEL_TRASH:
    case Phase.MINE_TRASH:
      count = listFamily(s, Family.TRASH, out, 0);
      out[count++] = Action.DONE;
      return count;
    case Phase.REMODEL_GAIN:
    case Phase.MINE_GAIN:
      return listFamily(s, Family.GAIN, out, 0);
    case Phase.WORKSHOP_GAIN:
      count = listFamily(s, Family.GAIN, out, 0);
      out[count++] = Action.DONE;
      return count;
    case Phase.CLEANUP:
      return listFamily(s, Family.TOP, out, 0);
    case Phase.REACTION:
      out[0] = Action.REVEAL_MOAT;
      out[1] = Action.NO_REACTION;
      return 2;
    case Phase.MILITIA_DISCARD:
      return listFamily(s, Family.DISCARD, out, 0);
    default:
      return 0;
  }
}

/** 0 when `action` is legal for the current player, otherwise the reason it is not. */
export function illegalReason(s: DominionState, action: number): number {
  if (!Number.isInteger(action)) return Forfeit.MALFORMED;
  if (action < 0 || action >= FAMILY_OF.length) return Illegal.UNKNOWN_ACTION;
  if (s.over) return Forfeit.ILLEGAL;
  const family = FAMILY_OF[action];
  const card = CARD_OF[action];
  const seat = s.current;
  const held = card >= 0 && s.hand[seat * CARD_COUNT + card] !== 0;
  const types = card >= 0 ? TYPES[card] : 0;
  switch (s.phase) {
    case Phase.ACTION:
      if (action === Action.END_ACTIONS) return 0;
      if (family !== Family.PLAY) return Illegal.WRONG_DECISION;
      if ((types & Type.ACTION) === 0) return Illegal.WRONG_TYPE;
      return held ? 0 : Illegal.NOT_IN_HAND;
    case Phase.BUY:
      if (action === Action.END_BUYS) return 0;
      if (action === Action.PLAY_TREASURES || family === Family.TREASURE) {
        if (s.bought) return Illegal.WRONG_DECISION;
        if (action === Action.PLAY_TREASURES) return holdsTreasure(s, seat) ? 0 : Illegal.NOT_IN_HAND;
        if ((types & TREASURE) === 0) return Illegal.WRONG_TYPE;
        return held ? 0 : Illegal.NOT_IN_HAND;
      }
      if (family !== Family.BUY) return Illegal.WRONG_DECISION;
      return gainReason(s, card, s.coins, 0);
    case Phase.CELLAR:
    case Phase.MILITIA_DISCARD:
      if (action === Action.DONE && s.phase === Phase.CELLAR) return 0;
      if (family !== Family.DISCARD) return Illegal.WRONG_DECISION;
      return held ? 0 : Illegal.NOT_IN_HAND;
    case Phase.REMODEL_TRASH:
    case Phase.MINE_TRASH:
      if (action === Action.DONE) return 0;
      if (family !== Family.TRASH) return Illegal.WRONG_DECISION;
      if (s.phase === Phase.MINE_TRASH && (types & TREASURE) === 0) return Illegal.WRONG_TYPE;
      return held ? 0 : Illegal.NOT_IN_HAND;
    case Phase.REMODEL_GAIN:
    case Phase.MINE_GAIN:
    case Phase.WORKSHOP_GAIN: {
      if (action === Action.DONE && s.phase === Phase.WORKSHOP_GAIN) return 0;
      if (family !== Family.GAIN) return Illegal.WRONG_DECISION;
      const limit = s.phase === Phase.WORKSHOP_GAIN ? WORKSHOP_MAX_COST : s.resolving;
      return gainReason(s, card, limit, s.phase === Phase.MINE_GAIN ? TREASURE : 0);
    }
    case Phase.CLEANUP:
      if (family !== Family.TOP) return Illegal.WRONG_DECISION;
      return held ? 0 : Illegal.NOT_IN_HAND;
    case Phase.REACTION:
      return action === Action.REVEAL_MOAT || action === Action.NO_REACTION ? 0 : Illegal.WRONG_DECISION;
    default:
      return Forfeit.ILLEGAL;
  }
}

function gainReason(s: DominionState, card: number, maxCost: number, types: number): number {
  if (types !== 0 && (TYPES[card] & types) === 0) return Illegal.WRONG_TYPE;
  if (s.supply[card] === 0) return Illegal.PILE_EMPTY;
  return COST[card] <= maxCost ? 0 : Illegal.TOO_EXPENSIVE;
}

/** Each seat's VP over every card it owns, so mid-game too. */
export function scores(s: DominionState, out: Float64Array): void {
  for (let seat = 0; seat < s.players; seat++) out[seat] = s.vp[seat];
}

// Positions set up card by card, for tests whose outcome is worked out by hand: a fresh game's
// state with chosen hands, draw piles, discard piles and supply, seat 0 to begin its first turn.
import assert from 'node:assert/strict';
import { masterKey } from '../../../src/core/random.ts';
import { syncKinds } from '../../../src/games/dominion/engine.ts';
import {
  CARD_COUNT,
  CARD_NAMES,
  Card,
  Phase,
  cardByName,
  dominion,
  parseAction,
  vpOfCounts,
  type DominionState,
} from '../../../src/games/dominion/index.ts';
import { illegalReason, listLegalActions } from '../../../src/games/dominion/engine.ts';
import { formatAction } from '../../../src/games/dominion/actions.ts';

export interface Position {
  readonly players?: number;
  readonly rules?: Readonly<Record<string, string>>;
  /** Per seat, the cards in hand. */
  readonly hands: readonly (readonly string[])[];
  /** Per seat, the draw pile in the order it will be drawn. */
  readonly decks?: readonly (readonly string[])[];
  readonly discards?: readonly (readonly string[])[];
  /** Piles to set to other sizes. */
  readonly supply?: Readonly<Record<string, number>>;
}

export function card(name: string): number {
  const value = cardByName(name);
  assert.ok(value >= 0, `${name} is a card`);
  return value;
}

export function craft(position: Position): DominionState {
  const players = position.players ?? 2;
  const s = dominion.createState(players, dominion.parseRules({ ...position.rules }));
  dominion.reset(s, masterKey('crafted'), 0);
  s.events.clear();
  s.hand.fill(0);
  s.discard.fill(0);
  s.owned.fill(0);
  for (let seat = 0; seat < players; seat++) {
    const base = seat * CARD_COUNT;
    const hand = position.hands[seat] ?? [];
    const deck = position.decks?.[seat] ?? [];
    const discard = position.discards?.[seat] ?? [];
    for (const name of hand) s.hand[base + card(name)]++;
    for (const name of discard) s.discard[base + card(name)]++;
    deck.forEach((name, index) => (s.deck[seat * s.capacity + deck.length - 1 - index] = card(name)));
    for (const name of [...hand, ...deck, ...discard]) s.owned[base + card(name)]++;
    s.handCount[seat] = hand.length;
    s.deckCount[seat] = deck.length;
    s.discardCount[seat] = discard.length;
    s.topDiscard[seat] = discard.length > 0 ? card(discard[discard.length - 1]) : -1;
    s.vp[seat] = vpOfCounts(s.owned, base);
  }
  for (const [name, count] of Object.entries(position.supply ?? {})) s.supply[card(name)] = count;
  s.active = 0;
  s.current = 0;
  s.actions = 1;
  s.buys = 1;
  s.coins = 0;
  s.bought = false;
  s.playCount = 0;
  s.playRuns = 0;
  const hasAction = (position.hands[0] ?? []).some((name) => card(name) >= Card.CELLAR);
  s.phase = hasAction ? Phase.ACTION : Phase.BUY;
  syncKinds(s);
  return s;
}

/** Applies each action, given as formatAction writes it, through the checked apply. */
export function play(s: DominionState, ...actions: string[]): void {
  for (const text of actions) {
    const action = parseAction(text);
    assert.ok(action >= 0, `'${text}' is an action`);
    const legal = legalOf(s);
    assert.ok(legal.includes(text), `'${text}' is legal here (legal: ${legal.join(', ')})`);
    assert.equal(dominion.applyChecked(s, action), 0, `'${text}' accepted`);
  }
}

/** The current player's legal actions in words. */
export function legalOf(s: DominionState): string[] {
  const out = new Int32Array(dominion.maxActions);
  return [...out.subarray(0, listLegalActions(s, out))].map(formatAction);
}

/** Why the checked apply refuses the action (0 when it would accept it). */
export function reasonFor(s: DominionState, text: string): number {
  return illegalReason(s, parseAction(text));
}

/** A seat's hand as card names in alphabetical order. */
export function handOf(s: DominionState, seat: number): string[] {
  return countsOf(s.hand, seat);
}

export function discardOf(s: DominionState, seat: number): string[] {
  return countsOf(s.discard, seat);
}

function countsOf(counts: Int16Array, seat: number): string[] {
  const names: string[] = [];
  for (let c = 0; c < CARD_COUNT; c++) for (let n = counts[seat * CARD_COUNT + c]; n > 0; n--) names.push(CARD_NAMES[c]);
  return names.sort();
}

/** The kinds of the records logged since the log was last cleared. */
export function logKinds(s: DominionState): number[] {
  const kinds: number[] = [];
  for (let i = 0; i < s.events.count; i++) kinds.push(s.events.data[i * 6 + 1]);
  return kinds;
}

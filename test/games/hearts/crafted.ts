// Hands built trick by trick, for scoring tests whose results are worked out by hand.
import assert from 'node:assert/strict';
import { hearts, parseAction, type HeartsState } from '../../../src/games/hearts/index.ts';
import { illegalReason } from '../../../src/games/hearts/engine.ts';

/** tricks[t][seat]: the card `seat` plays to trick t, by name. */
export type TrickTable = readonly (readonly string[])[];

export function card(name: string): number {
  const value = parseAction(name);
  assert.ok(value >= 0, `${name} is a card`);
  return value;
}

/** Seat s is dealt the cards of its column, in trick order. */
export function deckOf(tricks: TrickTable): number[] {
  const seats = tricks[0].length;
  const deck: number[] = [];
  for (let seat = 0; seat < seats; seat++) for (const trick of tricks) deck.push(card(trick[seat]));
  return deck;
}

/** A state whose hands are dealt from `hands` in turn (one trick table per hand). */
export function craftedState(hands: readonly TrickTable[], rules: Readonly<Record<string, string>>): HeartsState {
  const players = hands[0][0].length;
  const state = hearts.createState(players, hearts.parseRules({ endScore: '0', hands: String(hands.length), ...rules }));
  state.stackedDecks = hands.map(deckOf);
  hearts.reset(state, new Uint32Array(4), 0);
  return state;
}

/** Plays every hand of the crafted game, checking that each scripted card is legal. */
export function playCrafted(state: HeartsState, hands: readonly TrickTable[]): void {
  while (!state.over) {
    const tricks = hands[state.hand - 1];
    const played = card(tricks[state.trick][state.current]);
    assert.equal(
      illegalReason(state, played),
      0,
      `hand ${state.hand} trick ${state.trick}: seat ${state.current} may play ${tricks[state.trick][state.current]}`,
    );
    hearts.apply(state, played);
  }
}

export function totalsAfter(hands: readonly TrickTable[], rules: Readonly<Record<string, string>>): number[] {
  const state = craftedState(hands, rules);
  playCrafted(state, hands);
  return [...state.totals];
}

/**
 * Every trick but the last follows suit, so the highest card wins it; points come from the
 * queen of spades (trick 6, seat 3) and hearts tricks 9 to 11 and the last trick's ace.
 * Winners: 2 0 1 | 3 0 2 | 3 1 2 | 3 0 1 | 1 (the ace of clubs, led by trick 11's winner).
 */
export const MIXED: TrickTable = [
  ['2C', '3C', 'KC', '4C'],
  ['8C', '7C', '5C', '6C'],
  ['9C', 'QC', '10C', 'JC'],
  ['4D', '2D', '3D', '5D'],
  ['9D', '7D', '8D', '6D'],
  ['10D', 'JD', 'KD', 'QD'],
  ['3S', '4S', '2S', 'QS'],
  ['6S', '8S', '7S', '5S'],
  ['JS', '9S', 'KS', '10S'],
  ['3H', '4H', '2H', '5H'],
  ['9H', '7H', '8H', '6H'],
  ['10H', 'KH', 'JH', 'QH'],
  ['AH', 'AC', 'AD', 'AS'],
];

/** MIXED with seat 2's kings given to others: seat 2 wins no trick. Winners: 1 0 1 | 3 0 0 | 3 1 1 | 3 0 1 | 1. */
export const SEAT_2_WINS_NOTHING: TrickTable = MIXED.map((trick, t) => {
  if (t === 0) return ['2C', 'KC', '3C', '4C'];
  if (t === 5) return ['KD', 'JD', '10D', 'QD'];
  if (t === 8) return ['JS', 'KS', '9S', '10S'];
  return trick;
});

/** MIXED with trick 11 won by seat 2 (king and jack of hearts swapped), who then leads the last trick. */
export const SEAT_2_WINS_LATE: TrickTable = MIXED.map((trick, t) => (t === 11 ? ['10H', 'JH', 'KH', 'QH'] : trick));

/** Seat 0 holds every club and wins every trick; seat 3 discards a heart to each, the queen goes last. */
export const ALL_TO_SEAT_0: TrickTable = Array.from({ length: 13 }, (_, t) => {
  const ranks = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'K', 'A', 'Q'];
  return [`${ranks[t]}C`, `${ranks[t]}D`, `${ranks[t]}S`, `${ranks[t]}H`];
});

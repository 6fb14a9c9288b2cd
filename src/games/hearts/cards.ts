/**
 * Cards are the integers 0..51, card = suit * 13 + rank, with the suits in the protocol's order
 * (hearts, clubs, diamonds, spades) and ranks 0..12 for 2..ace. Contiguous small integers index
 * typed arrays directly, and a suit's cards are one 13-bit mask, so a hand is four small
 * integers and listing a suit is a walk over set bits. The protocol's number is
 * (suit + 1) * 14 + rank + 1 (see wireCard).
 */
export const Suit = { HEARTS: 0, CLUBS: 1, DIAMONDS: 2, SPADES: 3 } as const;

/** Suits in a deck. */
export const SUITS = 4;
/** Ranks in a suit, the two (0) to the ace (12). */
export const RANKS = 13;
/** Cards in the full deck, before the clubs a table size leaves out (see deckFor). */
export const DECK_SIZE = SUITS * RANKS;
/** The fewest players at a table. */
export const MIN_PLAYERS = 3;
/** The most players at a table. */
export const MAX_PLAYERS = 6;

/** The card that leads a hand's first trick. */
export const TWO_OF_CLUBS = Suit.CLUBS * RANKS;
/** The card worth 13 points. */
export const QUEEN_OF_SPADES = Suit.SPADES * RANKS + 10;
/** Every point in a hand: 13 hearts and the queen's 13. */
export const HAND_POINTS = 26;

export const SUIT_LETTERS = 'HCDS';
const RANK_NAMES = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

// Lookup tables instead of division and modulo by 13 on every play.
/** [card]: its suit (Suit). */
export const SUIT_OF = Int8Array.from({ length: DECK_SIZE }, (_, card) => Math.floor(card / RANKS));
/** [card]: its rank, 0 (the two) to 12 (the ace). */
export const RANK_OF = Int8Array.from({ length: DECK_SIZE }, (_, card) => card % RANKS);
/** [card]: the points it scores in a trick taken (a heart 1, the queen of spades 13). */
export const POINTS_OF = Int8Array.from({ length: DECK_SIZE }, (_, card) => (card === QUEEN_OF_SPADES ? 13 : card < RANKS ? 1 : 0));

/** `QS`, `10H`, `2C`. */
export const CARD_NAMES: readonly string[] = Array.from(
  { length: DECK_SIZE },
  (_, card) => RANK_NAMES[RANK_OF[card]] + SUIT_LETTERS[SUIT_OF[card]],
);

/** The card of a suit (Suit) and a rank (0 for the two to 12 for the ace). */
export function cardOf(suit: number, rank: number): number {
  return suit * RANKS + rank;
}

/** The card's number in the original protocol: suit (1..4) * 14 + rank (1..13). */
export function wireCard(card: number): number {
  return (SUIT_OF[card] + 1) * 14 + RANK_OF[card] + 1;
}

/** The card a protocol number stands for, or -1 when it names none. */
export function cardOfWire(value: number): number {
  const suit = Math.floor(value / 14) - 1;
  const rank = (value % 14) - 1;
  return Number.isInteger(value) && suit >= 0 && suit < SUITS && rank >= 0 && rank < RANKS ? cardOf(suit, rank) : -1;
}

/** Cards each seat is dealt at a table of `players`. */
export function handSize(players: number): number {
  return Math.floor(DECK_SIZE / players);
}

/**
 * The deck for a table size: with 3, 5 or 6 players the lowest clubs other than the two go, so
 * the deck divides evenly (3: the 3; 5: the 3 and 4; 6: the 3 to 6).
 */
export function deckFor(players: number): Int8Array {
  const removed = DECK_SIZE % players;
  const deck: number[] = [];
  for (let card = 0; card < DECK_SIZE; card++) {
    const clubRank = SUIT_OF[card] === Suit.CLUBS ? RANK_OF[card] : -1;
    if (clubRank >= 1 && clubRank <= removed) continue;
    deck.push(card);
  }
  return Int8Array.from(deck);
}

/** The number of cards in a rank mask. */
export { bitCount } from '../../core/bits.ts';

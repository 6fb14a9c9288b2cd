/**
 * The 21 cards are the integers 0..20: the six suspects, then the six weapons, then the nine rooms,
 * each category in the order of the contest's card list. A set of cards is a 21-bit mask, so a
 * hand, the cards a player has seen and a suggestion's three cards are plain integers and "does
 * this seat hold any of them" is one AND.
 *
 * A triple (one card of each category, as suggested or accused) is the integer
 * suspect * 54 + weapon * 9 + room over the category indices, 0..323.
 */
/** Suspect cards, 0..5. */
export const SUSPECTS = 6;
/** Weapon cards, FIRST_WEAPON onwards. */
export const WEAPONS = 6;
/** Room cards, FIRST_ROOM onwards. */
export const ROOMS = 9;
/** Cards in the game, 0..20. */
export const CARDS = SUSPECTS + WEAPONS + ROOMS;
/** Triples there are, 0..323: one suspect, one weapon, one room. */
export const TRIPLES = SUSPECTS * WEAPONS * ROOMS;
/** The first weapon's card. */
export const FIRST_WEAPON = SUSPECTS;
/** The first room's card. */
export const FIRST_ROOM = SUSPECTS + WEAPONS;
/** The cards dealt to the players: all but the three of the solution. */
export const DEALT_CARDS = CARDS - 3;
/** The fewest players at a table. */
export const MIN_PLAYERS = 3;
/** The most players at a table. */
export const MAX_PLAYERS = 6;
/** Every card, as a mask. */
export const ALL_CARDS = (1 << CARDS) - 1;

/** The three categories, in card order. */
export const Category = { SUSPECT: 0, WEAPON: 1, ROOM: 2 } as const;
/** [category]: its name. */
export const CATEGORY_NAMES: readonly string[] = ['suspect', 'weapon', 'room'];
/** [category]: the first card and the number of cards. */
export const CATEGORY_START: readonly number[] = [0, FIRST_WEAPON, FIRST_ROOM];
/** [category]: how many cards it has. */
export const CATEGORY_SIZE: readonly number[] = [SUSPECTS, WEAPONS, ROOMS];
/** [category]: the category's cards as a mask. */
export const CATEGORY_MASK: readonly number[] = [
  (1 << SUSPECTS) - 1,
  ((1 << WEAPONS) - 1) << FIRST_WEAPON,
  ((1 << ROOMS) - 1) << FIRST_ROOM,
];

/** The contest's two-letter codes, in card order. */
export const CARD_CODES: readonly string[] = [
  ...['Gr', 'Mu', 'Pe', 'Pl', 'Sc', 'Wh'],
  ...['Ca', 'Kn', 'Pi', 'Re', 'Ro', 'Wr'],
  ...['Ba', 'Bi', 'Co', 'Di', 'Ha', 'Ki', 'Li', 'Lo', 'St'],
];

/** [card]: its name, as people read it (`Lead Pipe`). */
export const CARD_NAMES: readonly string[] = [
  ...['Green', 'Mustard', 'Peacock', 'Plum', 'Scarlet', 'White'],
  ...['Candlestick', 'Knife', 'Lead Pipe', 'Revolver', 'Rope', 'Wrench'],
  ...['Ballroom', 'Billiards Room', 'Conservatory', 'Dining Room', 'Hall', 'Kitchen', 'Library', 'Lounge', 'Study'],
];

/** [card]: its category (Category). */
export const CATEGORY_OF = Int8Array.from({ length: CARDS }, (_, card) => (card < FIRST_WEAPON ? 0 : card < FIRST_ROOM ? 1 : 2));

/** The triple of a suspect, a weapon and a room, each given as its card. */
export function tripleOf(suspect: number, weapon: number, room: number): number {
  return suspect * (WEAPONS * ROOMS) + (weapon - FIRST_WEAPON) * ROOMS + (room - FIRST_ROOM);
}

// Lookup tables: a suggestion's cards and mask are read on every turn of every game.
/** [triple]: its suspect's card. */
export const TRIPLE_SUSPECT = Int8Array.from({ length: TRIPLES }, (_, t) => Math.floor(t / (WEAPONS * ROOMS)));
/** [triple]: its weapon's card. */
export const TRIPLE_WEAPON = Int8Array.from({ length: TRIPLES }, (_, t) => FIRST_WEAPON + (Math.floor(t / ROOMS) % WEAPONS));
/** [triple]: its room's card. */
export const TRIPLE_ROOM = Int8Array.from({ length: TRIPLES }, (_, t) => FIRST_ROOM + (t % ROOMS));
/** [triple]: its three cards, as a mask. */
export const TRIPLE_MASK = Int32Array.from(
  { length: TRIPLES },
  (_, t) => (1 << TRIPLE_SUSPECT[t]) | (1 << TRIPLE_WEAPON[t]) | (1 << TRIPLE_ROOM[t]),
);

/** `Gr Ca Ba`. */
export function tripleCodes(triple: number): string {
  return `${CARD_CODES[TRIPLE_SUSPECT[triple]]} ${CARD_CODES[TRIPLE_WEAPON[triple]]} ${CARD_CODES[TRIPLE_ROOM[triple]]}`;
}

/** The card a two-letter code names, any case, or -1. */
export function cardOfCode(code: string): number {
  const lower = code.toLowerCase();
  return CARD_CODES.findIndex((name) => name.toLowerCase() === lower);
}

/** Cards each seat is dealt: 18 / players, the first 18 % players seats one more. */
export function handSizeOf(players: number, seat: number): number {
  return Math.floor(DEALT_CARDS / players) + (seat < DEALT_CARDS % players ? 1 : 0);
}

/** The number of cards in a mask, and the lowest card of a non-empty one. */
export { bitCount as cardCount, lowestBit as lowestCard } from '../../core/bits.ts';

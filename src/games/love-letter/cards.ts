/** Card ids equal card values (1..8), so comparing hands is comparing ids. 0 means "no card". */
export const Card = {
  NONE: 0,
  SOLDIER: 1,
  CLOWN: 2,
  KNIGHT: 3,
  PRIESTESS: 4,
  WIZARD: 5,
  GENERAL: 6,
  MINISTER: 7,
  PRINCESS: 8,
} as const;

/** How many distinct cards the deck has, to size per-card tables. */
export const CARD_KINDS = 8;

/** Indexed by card id. */
export const CARD_NAMES: readonly string[] = [
  'none',
  'soldier',
  'clown',
  'knight',
  'priestess',
  'wizard',
  'general',
  'minister',
  'princess',
];

/** Indexed by card id. */
export const CARD_COPIES: readonly number[] = [0, 5, 2, 2, 2, 2, 1, 1, 1];

/** Cards in the deck, for counting what is left unseen. */
export const DECK_SIZE = 16;

/** Table sizes the deck plays: with more players, too few cards would be left to draw. */
export const MIN_PLAYERS = 2;
/** The largest table the deck plays. */
export const MAX_PLAYERS = 4;

/** The full deck in id order; a deal shuffles a copy of it. */
export const FULL_DECK: readonly number[] = CARD_COPIES.flatMap((copies, card) => Array<number>(copies).fill(card));

/** Whom a card may target (CARD_TARGETING's values), for listing a card's plays. */
export const Targeting = {
  NONE: 0,
  OTHER: 1,
  ANY: 2,
} as const;

/** Indexed by card id. */
export const CARD_TARGETING: readonly number[] = [
  Targeting.NONE,
  Targeting.OTHER, // soldier
  Targeting.OTHER, // clown
  Targeting.OTHER, // knight
  Targeting.NONE, // priestess
  Targeting.ANY, // wizard: may target the actor
  Targeting.OTHER, // general
  Targeting.NONE, // minister
  Targeting.NONE, // princess
];

/** Card id for a name, case-insensitive; 0 when unknown. */
export function cardByName(name: string): number {
  const index = CARD_NAMES.indexOf(name.toLowerCase());
  return index > 0 ? index : Card.NONE;
}

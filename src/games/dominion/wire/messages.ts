import { CARD_COUNT, CARD_NAMES, SERVER_SUPPLY_ORDER, cardByName } from '../cards.ts';

/**
 * The JSON-lines protocol's pieces, read tolerantly: the spec and the original server disagree on
 * how a player or the supply is written, and bots in the wild write keys in any order. Parsing is
 * JSON.parse; these only interpret the values it gives.
 */

/** A message or reply as JSON.parse gives it, when it is an object. */
export type Message = Readonly<Record<string, unknown>>;

export function parseMessage(text: string): Message | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Message) : null;
  } catch {
    return null;
  }
}

/** How the seat is written: `player1` (spec) or the integer 1 (the original server's notifications). */
export function playerId(seat: number, integers: boolean): string | number {
  return integers ? seat + 1 : `player${seat + 1}`;
}

/** The seat of `player1`, `PLAYER1`, 1 or "1"; -1 for anything else. */
export function seatOfPlayer(value: unknown, players: number): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().toLowerCase() : '';
  const match = /^(?:player)?([1-9]\d*)$/.exec(text);
  const seat = match ? Number(match[1]) - 1 : -1;
  return seat < players ? seat : -1;
}

/** The card a name stands for (any case, spaces around), or -1. */
export function cardOf(value: unknown): number {
  return typeof value === 'string' ? cardByName(value.trim().toLowerCase()) : -1;
}

/** A list of card names as cards (-1 for a name that is no card); null when it is not a list. */
export function cardList(value: unknown): number[] | null {
  return Array.isArray(value) ? value.map(cardOf) : null;
}

/** Names of cards held as counts per card, in card order (how parlor lists a hand). */
export function namesOfCounts(counts: ArrayLike<number>): string[] {
  const names: string[] = [];
  for (let card = 0; card < CARD_COUNT; card++) for (let n = counts[card]; n > 0; n--) names.push(CARD_NAMES[card]);
  return names;
}

export function namesOf(cards: ArrayLike<number>, count: number): string[] {
  return Array.from({ length: count }, (_, i) => CARD_NAMES[cards[i]]);
}

/** supply-info's cards: the spec's list of {card, count} in card order, or the original server's {card: count} in its order. */
export function supplyCards(counts: ArrayLike<number>, asObject: boolean): unknown {
  if (asObject) return Object.fromEntries(SERVER_SUPPLY_ORDER.map((name) => [name, counts[cardByName(name)]]));
  return CARD_NAMES.map((name, card) => ({ card: name, count: counts[card] }));
}

/** Reads supply-info's cards in either form into `out` (counts per card); false when they are neither. */
export function readSupply(value: unknown, out: Int16Array): boolean {
  const entries: [unknown, unknown][] = Array.isArray(value)
    ? value.map((entry) => (entry !== null && typeof entry === 'object' ? [entry.card, entry.count] : [null, null]))
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
      : [];
  if (entries.length === 0) return false;
  for (const [name, count] of entries) {
    const card = cardOf(name);
    if (card < 0 || typeof count !== 'number' || !Number.isInteger(count) || count < 0) return false;
    out[card] = count;
  }
  return true;
}

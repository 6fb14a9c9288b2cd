import { Forfeit } from '../../core/forfeits.ts';
import { CARD_NAMES } from './cards.ts';
import { Illegal } from './codes.ts';

/** `QS`, `10H`, `2C`: rank then suit letter. */
export function formatAction(card: number): string {
  return CARD_NAMES[card] ?? `?${card}`;
}

const CARD_BY_NAME = new Map(CARD_NAMES.map((name, card) => [name, card]));

/**
 * Reads a card as people write it (case-insensitive, `T` accepted for ten). Returns the card, or
 * minus a forfeit reason: `forfeit` itself, text that is no card, or a rank and suit that do not
 * name one. Whether the card is held and legal now is applyChecked's job.
 */
export function parseAction(text: string): number {
  const word = text.trim().toUpperCase();
  if (word === 'FORFEIT') return -Forfeit.RESIGNED;
  const match = /^(10|[2-9TJQKA])([HCDS])$/.exec(word);
  if (!match) return /^\w{2,3}$/.test(word) ? -Illegal.UNKNOWN_CARD : -Forfeit.MALFORMED;
  const rank = match[1] === 'T' ? '10' : match[1];
  return CARD_BY_NAME.get(rank + match[2]) ?? -Illegal.UNKNOWN_CARD;
}

/**
 * The integer actions of Dominion. A turn's compound choices (play an action, play treasures,
 * buy, resolve a card, answer an attack, pick the top discard) are each a decision of their own,
 * so every legal list is small (at most one entry per card plus a few single actions) and
 * applying one touches a few typed-array cells.
 *
 * Per-card families: action = family * CARD_COUNT + card (card numbers as in cards.ts).
 *
 * | family | actions | decision |
 * | --- | --- | --- |
 * | PLAY 0 | 0..16 | action phase: play this action card from hand |
 * | BUY 1 | 17..33 | buy phase: buy this card (costs coins and a buy) |
 * | GAIN 2 | 34..50 | workshop, remodel or mine: gain this card from the supply |
 * | TRASH 3 | 51..67 | remodel or mine: trash this card from hand |
 * | DISCARD 4 | 68..84 | cellar, or a militia victim: discard this card from hand |
 * | TOP 5 | 85..101 | cleanup: discard hand and play area, this card from hand on top |
 * | TREASURE 6 | 102..118 | buy phase, before any buy: play this one treasure |
 *
 * Single actions, from 119:
 *
 * | action | value | decision |
 * | --- | --- | --- |
 * | END_ACTIONS | 119 | action phase: go to the buy phase |
 * | PLAY_TREASURES | 120 | buy phase, before any buy: play every treasure in hand |
 * | END_BUYS | 121 | buy phase: buy nothing more (cleanup follows) |
 * | DONE | 122 | cellar: stop discarding and draw; remodel, mine, workshop: decline |
 * | REVEAL_MOAT | 123 | militia victim holding a moat: reveal it and keep the hand |
 * | NO_REACTION | 124 | militia victim holding a moat: do not reveal it |
 *
 * The numbers are stable: results, transcripts and the wire host depend on them.
 */
import { Forfeit } from '../../core/forfeits.ts';
import { CARD_COUNT, CARD_NAMES, cardByName } from './cards.ts';
import { Illegal } from './codes.ts';

/** The per-card families of actions: action = family * CARD_COUNT + card (see actionOf). */
export const Family = { PLAY: 0, BUY: 1, GAIN: 2, TRASH: 3, DISCARD: 4, TOP: 5, TREASURE: 6 } as const;
const FAMILY_WORDS = ['play', 'buy', 'gain', 'trash', 'discard', 'top', 'treasure'];
/** How many families there are. */
export const FAMILIES = FAMILY_WORDS.length;

const SINGLES_START = FAMILIES * CARD_COUNT;
/** The single actions, which name no card. */
export const Action = {
  END_ACTIONS: SINGLES_START,
  PLAY_TREASURES: SINGLES_START + 1,
  END_BUYS: SINGLES_START + 2,
  DONE: SINGLES_START + 3,
  REVEAL_MOAT: SINGLES_START + 4,
  NO_REACTION: SINGLES_START + 5,
} as const;
const SINGLE_WORDS = ['end-actions', 'play-treasures', 'end-buys', 'done', 'reveal-moat', 'no-reaction'];
/** Actions there are: every action is below this. */
export const ACTION_SPACE = SINGLES_START + SINGLE_WORDS.length;

/** The action of `family` (Family) on `card`: `actionOf(Family.BUY, Card.GOLD)`. */
export function actionOf(family: number, card: number): number {
  return family * CARD_COUNT + card;
}

// Lookup tables rather than division by 17 in the engine's checks.
/** [action]: its family (Family), -1 for a single action. */
export const FAMILY_OF = Int8Array.from({ length: ACTION_SPACE }, (_, action) =>
  action < SINGLES_START ? Math.floor(action / CARD_COUNT) : -1,
);
/** [action]: its card, -1 for a single action. */
export const CARD_OF = Int8Array.from({ length: ACTION_SPACE }, (_, action) => (action < SINGLES_START ? action % CARD_COUNT : -1));

/** `buy province`, `play smithy`, `end-buys`. */
export function formatAction(action: number): string {
  if (!Number.isInteger(action) || action < 0 || action >= ACTION_SPACE) return `?${action}`;
  if (action >= SINGLES_START) return SINGLE_WORDS[action - SINGLES_START];
  return `${FAMILY_WORDS[FAMILY_OF[action]]} ${CARD_NAMES[CARD_OF[action]]}`;
}

/**
 * Reads an action as formatAction writes it (case and spacing aside). Returns the action, or
 * minus a forfeit reason: `forfeit` itself, or text that names no action.
 */
export function parseAction(text: string): number {
  const words = text.trim().toLowerCase().split(/\s+/);
  if (words.length === 1) {
    if (words[0] === 'forfeit') return -Forfeit.RESIGNED;
    const single = SINGLE_WORDS.indexOf(words[0]);
    return single >= 0 ? SINGLES_START + single : -Forfeit.MALFORMED;
  }
  if (words.length !== 2) return -Forfeit.MALFORMED;
  const family = FAMILY_WORDS.indexOf(words[0]);
  if (family < 0) return -Forfeit.MALFORMED;
  const card = cardByName(words[1]);
  return card < 0 ? -Illegal.UNKNOWN_CARD : actionOf(family, card);
}

import { CARD_NAMES, Card, cardByName } from './cards.ts';
import { Forfeit } from '../../core/forfeits.ts';
import { Illegal } from './codes.ts';

/**
 * An action packs card | (target + 1) << 4 | guess << 8 into one small integer: target 0 in the
 * packed field means "no target", guess 0 means "no guess". Packing keeps legal-action lists in an
 * Int32Array and lets malformed input (a priestess with a target) be represented and then rejected.
 */
export function encodeAction(card: number, target: number, guess: number): number {
  return card | ((target + 1) << 4) | (guess << 8);
}

/** The card an action plays. */
export function actionCard(action: number): number {
  return action & 15;
}

/** -1 when the action has no target. */
export function actionTarget(action: number): number {
  return ((action >> 4) & 15) - 1;
}

/** The card a soldier's action guesses (0 for any other card). */
export function actionGuess(action: number): number {
  return (action >> 8) & 15;
}

/** `play soldier 2 princess`, with players numbered from `wireBase`. */
export function formatAction(action: number, wireBase: number): string {
  const target = actionTarget(action);
  const guess = actionGuess(action);
  let text = `play ${CARD_NAMES[actionCard(action)]}`;
  if (target >= 0) text += ` ${target + wireBase}`;
  if (guess !== 0) text += ` ${CARD_NAMES[guess]}`;
  return text;
}

const MAX_ENCODABLE_TARGET = 14;

/**
 * Reads a bot's reply. Returns the packed action, or minus a forfeit reason: `forfeit` itself,
 * malformed text, an unknown card or a player number outside the table. Whether the action is
 * legal now (card held, arity, target in the round) is applyChecked's job.
 */
export function parseAction(text: string, players: number, wireBase: number): number {
  const words = text.trim().split(/\s+/);
  const verb = words[0].toLowerCase();
  if (verb === 'forfeit' && words.length === 1) return -Forfeit.RESIGNED;
  if (verb !== 'play' || words.length < 2 || words.length > 4) return -Forfeit.MALFORMED;
  const card = cardByName(words[1]);
  if (card === Card.NONE) return -Illegal.UNKNOWN_CARD;
  let target = -1;
  let guess = 0;
  let next = 2;
  if (next < words.length && /^-?\d+$/.test(words[next])) {
    target = Number(words[next]) - wireBase;
    if (target < 0 || target >= players || target > MAX_ENCODABLE_TARGET) return -Illegal.TARGET_OUT_OF_RANGE;
    next++;
  }
  if (next < words.length) {
    guess = cardByName(words[next]);
    if (guess === Card.NONE) return /^-?\d+$/.test(words[next]) ? -Forfeit.MALFORMED : -Illegal.UNKNOWN_CARD;
    next++;
  }
  if (next !== words.length) return -Forfeit.MALFORMED;
  return encodeAction(card, target, guess);
}

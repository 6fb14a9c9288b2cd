/**
 * SpeedClue's actions, one integer space for the three decisions of the protocol:
 *
 * | action          | meaning                                                    | reply on the wire     |
 * | --------------- | ---------------------------------------------------------- | --------------------- |
 * | 0 .. 323        | suggest triple t (t = suspect * 54 + weapon * 9 + room)    | `suggest S W R`       |
 * | 324 .. 647      | accuse triple t = action - 324                             | `accuse S W R`        |
 * | 648             | no accusation                                              | `-`                   |
 * | 649 .. 669      | show card c = action - 649 when disproving                 | `show C`              |
 *
 * The category indices of a triple count within their category (suspect 0..5, weapon 0..5,
 * room 0..8; see cards.ts). A turn is: the active seat suggests; the first seat clockwise that
 * holds a suggested card shows one (it decides only when the rules ask it to choose); the active
 * seat then accuses or not. Legal lists are in action order, "no accusation" first when allowed.
 */
import { Forfeit } from '../../core/forfeits.ts';
import { CARDS, CARD_CODES, CATEGORY_OF, TRIPLES, cardOfCode, tripleCodes, tripleOf } from './cards.ts';

/** The first suggestion's action: suggesting triple t is SUGGEST_BASE + t. */
export const SUGGEST_BASE = 0;
/** The first accusation's action: accusing triple t is ACCUSE_BASE + t. */
export const ACCUSE_BASE = TRIPLES;
/** The action that makes no accusation. */
export const NO_ACCUSATION = 2 * TRIPLES;
/** The first showing action: showing card c is SHOW_BASE + c. */
export const SHOW_BASE = NO_ACCUSATION + 1;
/** Actions there are: every action is below this. */
export const ACTION_SPACE = SHOW_BASE + CARDS;

/** The action that suggests `triple`. */
export function suggestAction(triple: number): number {
  return SUGGEST_BASE + triple;
}

/** The action that accuses `triple`. */
export function accuseAction(triple: number): number {
  return ACCUSE_BASE + triple;
}

/** The action that shows `card` to disprove a suggestion. */
export function showAction(card: number): number {
  return SHOW_BASE + card;
}

/** Whether `action` suggests a triple (then the action is the triple). */
export function isSuggestion(action: number): boolean {
  return action >= SUGGEST_BASE && action < ACCUSE_BASE;
}

/** Whether `action` accuses a triple (not NO_ACCUSATION). */
export function isAccusation(action: number): boolean {
  return action >= ACCUSE_BASE && action < NO_ACCUSATION;
}

/** Whether `action` shows a card. */
export function isShow(action: number): boolean {
  return action >= SHOW_BASE && action < ACTION_SPACE;
}

/** `suggest Gr Ca Ba`, `accuse Pl Kn Li`, `-`, `show Ca`: the contest's reply words. */
export function formatAction(action: number): string {
  if (isSuggestion(action)) return `suggest ${tripleCodes(action - SUGGEST_BASE)}`;
  if (isAccusation(action)) return `accuse ${tripleCodes(action - ACCUSE_BASE)}`;
  if (action === NO_ACCUSATION) return '-';
  if (isShow(action)) return `show ${CARD_CODES[action - SHOW_BASE]}`;
  return `?${action}`;
}

/**
 * Reads a reply as formatAction writes it (keywords and codes in any case, categories in the
 * order suspect, weapon, room). Returns the action, or minus Forfeit.MALFORMED. Whether it is the
 * reply asked for now and allowed by the restrictions is applyChecked's job.
 */
export function parseAction(text: string): number {
  const words = text.trim().split(/\s+/);
  const keyword = words[0].toLowerCase();
  if (words.length === 1 && keyword === '-') return NO_ACCUSATION;
  if (words.length === 2 && keyword === 'show') {
    const card = cardOfCode(words[1]);
    return card < 0 ? -Forfeit.MALFORMED : showAction(card);
  }
  if (words.length === 4 && (keyword === 'suggest' || keyword === 'accuse')) {
    const triple = parseTriple(words[1], words[2], words[3]);
    if (triple < 0) return -Forfeit.MALFORMED;
    return keyword === 'suggest' ? suggestAction(triple) : accuseAction(triple);
  }
  return -Forfeit.MALFORMED;
}

/** The triple three codes name in the order suspect, weapon, room, or -1. */
export function parseTriple(suspectCode: string, weaponCode: string, roomCode: string): number {
  const suspect = cardOfCode(suspectCode);
  const weapon = cardOfCode(weaponCode);
  const room = cardOfCode(roomCode);
  if (suspect < 0 || weapon < 0 || room < 0) return -1;
  if (CATEGORY_OF[suspect] !== 0 || CATEGORY_OF[weapon] !== 1 || CATEGORY_OF[room] !== 2) return -1;
  return tripleOf(suspect, weapon, room);
}

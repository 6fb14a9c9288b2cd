import type { GameEvent } from '../../core/events.ts';
import { CARD_NAMES } from './cards.ts';
import { Ev } from './codes.ts';

const GAIN_WORDS = ['bought', 'gained', 'gained to hand', 'starts with'];

function cardName(card: number): string {
  return card >= 0 ? CARD_NAMES[card] : 'nothing';
}

/**
 * Transcript lines for the records a player is told, seat numbers from 0. The JSON-lines wire
 * protocol says the same as messages; these lines say it in words.
 */
export function formatEventLine(e: GameEvent): string {
  switch (e.kind) {
    case Ev.GAME_START:
      return `game of ${e.a} players, you are ${e.b}, turn limit ${e.c}`;
    case Ev.TURN_START:
      return `turn ${e.b} of ${e.a}`;
    case Ev.GAINED:
      return `${e.a} ${GAIN_WORDS[e.c] ?? 'gained'} ${cardName(e.b)}${e.d === 1 ? ' (unannounced)' : ''}`;
    case Ev.DREW:
      return `drew ${cardName(e.a)}`;
    case Ev.SHUFFLED:
      return `${e.a} shuffled`;
    case Ev.PLAYED:
      return `${e.a} played ${cardName(e.b)}`;
    case Ev.DISCARDED:
      return `${e.a} discarded ${cardName(e.b)}`;
    case Ev.TRASHED:
      return `${e.a} trashed ${cardName(e.b)}`;
    case Ev.REVEALED:
      return `${e.a} revealed ${cardName(e.b)}`;
    case Ev.ATTACKED:
      return `${e.a} attacks: discard ${e.b}`;
    case Ev.TOP_DISCARD:
      return `${e.a} top discard ${cardName(e.b)}`;
    case Ev.TURN_PLAYED:
      return `${e.a} had played ${cardName(e.b)} (${e.c + 1} of ${e.d})`;
    case Ev.TURN_END:
      return `${e.a} ends the turn, ${e.b} cards played`;
    case Ev.GAME_END:
      return `${e.a} scores ${e.b} VP in ${e.c} turns${e.d === 1 ? ', wins' : ''}`;
    default:
      return '';
  }
}

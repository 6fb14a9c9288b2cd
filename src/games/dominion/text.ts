import type { GameEvent } from '../../core/events.ts';
import { CARD_NAMES } from './cards.ts';
import { Ev } from './codes.ts';

const GAIN_WORDS = ['bought', 'gained', 'gained to hand', 'starts with'];

function cardName(card: number): string {
  return card >= 0 ? CARD_NAMES[card] : 'nothing';
}

/** Players are numbered from 1, as the spec's player1..player4 and the transcripts number them. */
function who(seat: number): number {
  return seat + 1;
}

/**
 * Transcript lines for the records a player is told. The JSON-lines wire protocol says the same
 * as messages; these lines say it in words.
 */
export function formatEventLine(e: GameEvent): string {
  switch (e.kind) {
    case Ev.GAME_START:
      return `game of ${e.a} players, you are ${who(e.b)}, turn limit ${e.c}`;
    case Ev.TURN_START:
      return `player ${who(e.a)}, turn ${e.b}`;
    case Ev.GAINED:
      return `${who(e.a)} ${GAIN_WORDS[e.c] ?? 'gained'} ${cardName(e.b)}${e.d === 1 ? ' (unannounced)' : ''}`;
    case Ev.SUPPLY_TAKEN:
      return `a ${cardName(e.a)} left the supply, unannounced`;
    case Ev.DREW:
      return `drew ${cardName(e.a)}`;
    case Ev.SHUFFLED:
      return `${who(e.a)} shuffled`;
    case Ev.PLAYED:
      return `${who(e.a)} played ${cardName(e.b)}`;
    case Ev.DISCARDED:
      return `${who(e.a)} discarded ${cardName(e.b)}`;
    case Ev.TRASHED:
      return `${who(e.a)} trashed ${cardName(e.b)}`;
    case Ev.REVEALED:
      return `${who(e.a)} revealed ${cardName(e.b)}`;
    case Ev.ATTACKED:
      return `${who(e.a)} attacks: discard ${e.b}`;
    case Ev.TOP_DISCARD:
      return `${who(e.a)} top discard ${cardName(e.b)}`;
    case Ev.TURN_PLAYED:
      return `${who(e.a)} had played ${cardName(e.b)} (${e.c + 1} of ${e.d})`;
    case Ev.TURN_END:
      return `${who(e.a)} ends the turn, ${e.b} cards played`;
    case Ev.ACTION_LOST:
      return `${who(e.a)} loses an action to a bad answer`;
    case Ev.GAME_END:
      return `${who(e.a)} scores ${e.b} VP in ${e.c} turns${e.d === 1 ? ', wins' : ''}`;
    default:
      return '';
  }
}

import type { GameEvent } from '../../core/events.ts';
import { CARD_CODES, tripleCodes } from './cards.ts';
import { Ev, FORFEIT_LABELS, OUTCOME_LABELS } from './codes.ts';

/**
 * Transcript lines for the records a player learns, worded as the contest's messages are (the
 * `reset` message's cards come one line each). The wire codec in wire/ is what bots are sent.
 */
export function formatEventLine(e: GameEvent): string {
  switch (e.kind) {
    case Ev.GAME_START:
      return `game of ${e.a} players, seat ${e.b}, ${e.c} cards`;
    case Ev.DEALT:
      return `dealt ${CARD_CODES[e.b]}`;
    case Ev.DISPROVE:
      return `disprove ${e.a} ${tripleCodes(e.b)}`;
    case Ev.SUGGESTION:
      return `suggestion ${e.a} ${tripleCodes(e.b)} ${e.c < 0 ? '-' : e.c}${e.d >= 0 ? ` ${CARD_CODES[e.d]}` : ''}`;
    case Ev.ACCUSATION:
      return `accusation ${e.a} ${tripleCodes(e.b)} ${e.c === 1 ? '+' : '-'}`;
    default:
      return '';
  }
}

/** The end of a game and disqualifications: the protocol announces neither. */
export function formatCommentLine(e: GameEvent): string {
  switch (e.kind) {
    case Ev.GAME_OVER:
      return `player ${e.a} wins: ${OUTCOME_LABELS[e.b]}`;
    case Ev.DISQUALIFIED:
      return `player ${e.a} disqualified: ${FORFEIT_LABELS[e.b]}`;
    default:
      return '';
  }
}

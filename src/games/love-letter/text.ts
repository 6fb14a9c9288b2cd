import type { GameEvent } from '../../core/events.ts';
import { CARD_NAMES } from './cards.ts';
import { Ev } from './codes.ts';

/**
 * One log record as the manager's line(s) to `seat`: what its bot is sent (wire/server.ts) and
 * what a transcript shows. Players are numbered from `wireBase`
 * (1 for the classic handshake). Returns '' for records that are not protocol messages.
 */
export function formatEventLine(e: GameEvent, seat: number, wireBase: number, identHandshake: boolean): string {
  switch (e.kind) {
    case Ev.START:
      return identHandshake ? `ident ${seat}\nplayers ${e.b}\nstart ${e.a}` : `${seat + wireBase}`;
    case Ev.PLAYER:
      return `player ${e.a + wireBase}`;
    case Ev.DRAW:
      return `draw ${CARD_NAMES[e.a]}`;
    case Ev.SWAP:
      return `swap ${CARD_NAMES[e.a]}`;
    case Ev.PLAYED: {
      let line = `played ${e.a + wireBase} ${CARD_NAMES[e.b]}`;
      if (e.c >= 0) line += ` ${e.c + wireBase}`;
      if (e.d !== 0) line += ` ${CARD_NAMES[e.d]}`;
      return line;
    }
    case Ev.REVEAL:
      return `reveal ${e.a + wireBase} ${CARD_NAMES[e.b]}`;
    case Ev.DISCARD:
      return `discard ${e.a + wireBase} ${CARD_NAMES[e.b]}`;
    case Ev.OUT: {
      let line = `out ${e.a + wireBase}`;
      if (e.b !== 0) line += ` ${CARD_NAMES[e.b]}`;
      if (e.c !== 0) line += ` ${CARD_NAMES[e.c]}`;
      return line;
    }
    default:
      return '';
  }
}

/** Commentary for the records bots are not sent: the round's end and its winners. */
export function formatCommentLine(e: GameEvent, wireBase: number): string {
  if (e.kind !== Ev.ROUND_END) return '';
  const winners: number[] = [];
  for (let seat = 0; seat < 16; seat++) if (e.a & (1 << seat)) winners.push(seat + wireBase);
  return `round over: ${winners.length > 1 ? 'winners' : 'winner'} ${winners.join(' ')}`;
}

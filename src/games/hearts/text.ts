import type { GameEvent } from '../../core/events.ts';
import { CARD_NAMES } from './cards.ts';
import { Ev } from './codes.ts';

/**
 * Transcript lines for the records a bot learns. The original protocol's framed messages
 * (`:`, `]`, `[`, in wire/server.ts) say the same in numbers; these lines say it in words.
 */
export function formatEventLine(e: GameEvent): string {
  switch (e.kind) {
    case Ev.HAND_START:
      return `hand ${e.a}, ${e.c} players, ${e.b} leads`;
    case Ev.DEALT:
      return `dealt ${e.a} ${CARD_NAMES[e.b]}`;
    case Ev.PLAYED:
      return `played ${e.a} ${CARD_NAMES[e.b]}`;
    default:
      return '';
  }
}

/** Trick and hand results: a bot can work them out from the plays, so the protocol never sends them. */
export function formatCommentLine(e: GameEvent): string {
  switch (e.kind) {
    case Ev.TRICK_WON:
      return `trick ${e.c} won by ${e.a}, ${e.b} points`;
    case Ev.MOON:
      return `${e.a} shot the moon`;
    case Ev.HAND_SCORED:
      return `${e.a} scores ${e.b}, total ${e.c}`;
    default:
      return '';
  }
}

import type { GameEvent } from '../../src/core/events.ts';
import type { RuleValues } from '../../src/core/game.ts';
import { LoveLetterServer } from '../../src/games/love-letter/wire/server.ts';

/** A bot's reply as the manager reads it: the action, or minus the forfeit reason. */
export function parseReply(text: string, players: number, rules: RuleValues): number {
  const out = new Int32Array(1);
  const decoded = new LoveLetterServer(rules, 0).decode(text, players, out);
  return 'invalid' in decoded ? -decoded.invalid : out[0];
}

/** The lines the manager sends `seat` for a record, joined by newlines ('' for none). */
export function managerLines(event: GameEvent, seat: number, rules: RuleValues): string {
  return new LoveLetterServer(rules, seat)
    .encode(event)
    .map((message) => message.text)
    .join('\n');
}

import type { GameEvent } from '../../../core/events.ts';
import type { RuleValues } from '../../../core/game.ts';
import { sentDetail, type Decoded, type Outbound, type ServerSeat } from '../../../core/wire.ts';
import { parseAction } from '../actions.ts';
import { Ev } from '../codes.ts';
import { decodeRules } from '../rules.ts';
import { formatEventLine } from '../text.ts';

const NONE: readonly Outbound[] = [];

/**
 * The HackSoc manager's side of one seat: each record the seat receives is its protocol line(s),
 * the draw that starts a turn is itself the question, and a bot lives for one round (it is let go
 * once it is out, and every bot when the round ends).
 */
export class LoveLetterServer implements ServerSeat {
  private readonly seat: number;
  private readonly wireBase: number;
  private readonly ident: boolean;

  constructor(rules: RuleValues, seat: number) {
    this.seat = seat;
    this.wireBase = decodeRules(rules).wireBase;
    this.ident = rules.handshake === 'ident';
  }

  open(): readonly Outbound[] {
    return NONE;
  }

  encode(event: GameEvent): readonly Outbound[] {
    const text = formatEventLine(event, this.seat, this.wireBase, this.ident);
    if (text === '') return NONE;
    if (!this.ident || event.kind !== Ev.START) return [{ text, expects: 'nothing' }];
    // The ident greeting's first line asks the name: the rest waits for the answer.
    const newline = text.indexOf('\n');
    return [
      { text: text.slice(0, newline), expects: 'name' },
      { text: text.slice(newline + 1), expects: 'nothing' },
    ];
  }

  endsConnection(event: GameEvent): boolean {
    return (event.kind === Ev.OUT && event.a === this.seat) || event.kind === Ev.ROUND_END;
  }

  request(): Outbound | null {
    return null;
  }

  decode(reply: string, players: number, out: Int32Array): Decoded {
    const action = parseAction(reply, players, this.wireBase);
    if (action < 0) return { invalid: -action, detail: sentDetail(reply) };
    out[0] = action;
    return { count: 1 };
  }

  close(): readonly Outbound[] {
    return NONE;
  }
}

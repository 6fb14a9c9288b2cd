import type { GameEvent } from '../../../core/events.ts';
import { Forfeit } from '../../../core/forfeits.ts';
import type { RuleValues } from '../../../core/game.ts';
import { sentDetail, type Decoded, type Outbound, type ServerSeat } from '../../../core/wire.ts';
import { parseAction } from '../actions.ts';
import { CARD_CODES, TRIPLES, tripleCodes } from '../cards.ts';
import { Ev } from '../codes.ts';

const NONE: readonly Outbound[] = [];
const SUGGEST: Outbound = { text: 'suggest', expects: 'decision' };
const ACCUSE: Outbound = { text: 'accuse', expects: 'decision' };
const DONE: readonly Outbound[] = [{ text: 'done', expects: 'ack', ack: 'dead' }];
/** Words split by single spaces, nothing before or after: the Java server's exact reply lengths. */
const EXACT = /^[^\s]+( [^\s]+)*$/;

function news(text: string): readonly Outbound[] {
  return [{ text, expects: 'ack', ack: 'ok' }];
}

/**
 * The contest server's side of one seat: `reset` once the seat's hand is dealt, `suggestion` and
 * `accusation` as they happen (each answered `ok`), and `suggest`, `disprove` or `accuse` when the
 * seat decides. A turn's two questions come in order, so the seat's own suggestion tells the
 * server that `accuse` comes next. Under the Java server's profile a reply must be written as that
 * server compares it (single spaces, nothing around; any case); the Python port's splits on any
 * whitespace.
 */
export class SpeedClueServer implements ServerSeat {
  private readonly seat: number;
  private readonly exact: boolean;
  private reset = '';
  private cardsToCome = 0;
  private suggestions = 0;
  private accuseNext = false;
  private disprove: Outbound | null = null;

  constructor(rules: RuleValues, _players: number, seat: number) {
    this.seat = seat;
    this.exact = rules.profile !== 'python-port';
  }

  open(): readonly Outbound[] {
    return NONE;
  }

  encode(event: GameEvent): readonly Outbound[] {
    switch (event.kind) {
      case Ev.GAME_START:
        this.reset = `reset ${event.a} ${event.b}`;
        this.cardsToCome = event.c;
        this.suggestions = 0;
        this.accuseNext = false;
        this.disprove = null;
        return NONE;
      case Ev.DEALT:
        this.reset += ` ${CARD_CODES[event.b]}`;
        return --this.cardsToCome === 0 ? news(this.reset) : NONE;
      case Ev.DISPROVE:
        this.disprove = { text: `disprove ${event.a} ${tripleCodes(event.b)}`, expects: 'decision' };
        return NONE;
      case Ev.SUGGESTION: {
        if (event.a === this.seat) {
          this.suggestions++;
          this.accuseNext = true;
        }
        const disproof = event.c < 0 ? '-' : event.d < 0 ? `${event.c}` : `${event.c} ${CARD_CODES[event.d]}`;
        return news(`suggestion ${event.a} ${tripleCodes(event.b)} ${disproof}`);
      }
      case Ev.ACCUSATION:
        return news(`accusation ${event.a} ${tripleCodes(event.b)} ${event.c === 1 ? '+' : '-'}`);
      default:
        return NONE;
    }
  }

  endsConnection(): boolean {
    return false;
  }

  /** A disproof when one is asked of the seat; otherwise its turn: a suggestion, then the accusation. */
  request(): Outbound {
    if (this.disprove) {
      const disprove = this.disprove;
      this.disprove = null;
      return disprove;
    }
    // A seat that has made every suggestion is only asked to accuse.
    if (!this.accuseNext && this.suggestions < TRIPLES) return SUGGEST;
    this.accuseNext = false;
    return ACCUSE;
  }

  /** Any reply of the protocol's forms; whether it answers what was asked is the checked apply's to say. */
  decode(reply: string, _players: number, out: Int32Array): Decoded {
    const text = this.exact ? reply : reply.trim();
    if (text.toLowerCase() === 'forfeit') return { invalid: Forfeit.RESIGNED, detail: sentDetail(reply) };
    const action = this.exact && !EXACT.test(text) ? -1 : parseAction(text);
    if (action < 0) return { invalid: Forfeit.MALFORMED, detail: sentDetail(reply) };
    out[0] = action;
    return { count: 1 };
  }

  close(): readonly Outbound[] {
    return DONE;
  }
}

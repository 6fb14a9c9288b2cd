import type { GameEvent } from '../../../core/events.ts';
import { Forfeit } from '../../../core/forfeits.ts';
import type { RuleValues } from '../../../core/game.ts';
import { sentDetail, type Decoded, type Outbound, type ServerSeat } from '../../../core/wire.ts';
import { handSize, wireCard } from '../cards.ts';
import { Ev, Illegal } from '../codes.ts';

/** The length the original server gives every `]` notice (its send buffer's size). */
export const SERVER_NOTICE_LENGTH = 61;

/**
 * The original server's receive buffer (RECV_BUFFER_LEN, 4 + 16 bytes): a reply whose length
 * header says more, NUL and any bytes after it included, fails its read as a network error, and
 * the group stops.
 */
export const SERVER_REPLY_LENGTH = 20;

const NONE: readonly Outbound[] = [];
const ASK_NAME: readonly Outbound[] = [{ text: '@', expects: 'name' }];
const ASK_PLAY: Outbound = { text: '[', expects: 'decision' };
const END: readonly Outbound[] = [{ text: ';', expects: 'nothing' }];
const INDEX = /^\s*\d{1,3}\s*$/;
/** What C's atoi reads: white space, a sign and digits; it stops at anything else. */
const ATOI_PREFIX = /^[ \t\n\v\f\r]*([+-]?\d+)/;

/** The index C's atoi makes of `reply`: 0 when it starts with no digits. */
function atoiIndex(reply: string): number {
  const digits = ATOI_PREFIX.exec(reply)?.[1];
  return digits === undefined ? 0 : Number(digits);
}

/**
 * The original Hearts server's side of one seat: `@` for the name when a bot connects, a hand's
 * deal as one `:players,seat,leader,card,...` message, every other player's card as `]seat,card`,
 * `[` for a play, answered with the card's index in the hand as dealt, and `;` at the end. Cards
 * are the protocol's numbers (suit * 14 + rank, from 1).
 */
export class HeartsServer implements ServerSeat {
  private readonly seat: number;
  /** The hand as dealt, in order: the bot names its card by its place here. */
  private readonly dealt: Int8Array;
  private readonly noticePadding: number;
  /** Whether a play is read as the original server read it (atoi), not checked as a number. */
  private readonly atoi: boolean;
  private deal = '';
  private dealtCount = 0;

  constructor(rules: RuleValues, players: number, seat: number) {
    this.seat = seat;
    this.dealt = new Int8Array(handSize(players));
    this.noticePadding = rules.padNotices === true ? SERVER_NOTICE_LENGTH : 0;
    this.atoi = rules.atoiReplies === true;
  }

  open(): readonly Outbound[] {
    return ASK_NAME;
  }

  encode(event: GameEvent): readonly Outbound[] {
    switch (event.kind) {
      case Ev.HAND_START:
        this.deal = `:${event.c},${this.seat},${event.b}`;
        this.dealtCount = 0;
        return NONE;
      case Ev.DEALT:
        this.dealt[event.a] = event.b;
        this.deal += `,${wireCard(event.b)}`;
        return ++this.dealtCount === this.dealt.length ? [{ text: this.deal, expects: 'nothing' }] : NONE;
      case Ev.PLAYED:
        // A player is never told its own card.
        if (event.a === this.seat) return NONE;
        return [{ text: `]${event.a},${wireCard(event.b)}`, expects: 'nothing', padTo: this.noticePadding }];
      default:
        return NONE;
    }
  }

  endsConnection(): boolean {
    return false;
  }

  request(): Outbound {
    return ASK_PLAY;
  }

  decode(reply: string, _players: number, out: Int32Array): Decoded {
    if (reply.trim() === 'forfeit') return { invalid: Forfeit.RESIGNED, detail: sentDetail(reply) };
    if (!this.atoi && !INDEX.test(reply)) return { invalid: Forfeit.MALFORMED, detail: sentDetail(reply) };
    const index = this.atoi ? atoiIndex(reply) : Number(reply);
    if (index < 0 || index >= this.dealt.length) {
      return { invalid: Illegal.NOT_HELD, detail: `${sentDetail(reply)}: a hand holds ${this.dealt.length} cards` };
    }
    // A card played already is no longer held: the checked apply says so.
    out[0] = this.dealt[index];
    return { count: 1 };
  }

  close(): readonly Outbound[] {
    return END;
  }
}

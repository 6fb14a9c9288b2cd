import { StringDecoder } from 'node:string_decoder';
import { Forfeit } from '../../core/forfeits.ts';
import type { FramingKind } from '../../core/wire.ts';
import { decodeFrames, encodeFrame } from './vlq-nul.ts';

/** Complete messages taken from a bot's output, or why its output can no longer be read. */
export type FramePush =
  { readonly messages: readonly string[]; readonly rest: string } | { readonly failure: number; readonly detail: string };

/**
 * Cuts a byte stream into messages and wraps messages for sending: one per bot, holding what has
 * arrived of a message not yet complete.
 */
export interface Framer {
  /** What one message is called in notes ('line', 'message'). */
  readonly unit: string;
  encode(text: string, padTo?: number): string | Uint8Array;
  /**
   * Takes output and returns the messages it completes, at most `max`; what follows the last of
   * those is returned as `rest` (text, for the caller to judge) and dropped.
   */
  push(chunk: Buffer, max: number): FramePush;
  /** The part of a message held back, as text ('' when none). */
  held(): string;
}

export function createFramer(kind: FramingKind, maxLength: number): Framer {
  if (kind === 'lines') return new LineFramer(maxLength);
  return kind === 'raw' ? new RawFramer(maxLength) : new VlqNulFramer(maxLength);
}

/** Newline-ended text lines; a carriage return before the newline is dropped. */
class LineFramer implements Framer {
  readonly unit = 'line';
  private readonly maxLength: number;
  private readonly decoder = new StringDecoder('utf8');
  private partial = '';

  constructor(maxLength: number) {
    this.maxLength = maxLength;
  }

  encode(text: string): string {
    return `${text}\n`;
  }

  push(chunk: Buffer, max: number): FramePush {
    const text = this.decoder.write(chunk);
    const messages: string[] = [];
    for (let start = 0; start < text.length;) {
      if (messages.length === max) return { messages, rest: text.slice(start) };
      const newline = text.indexOf('\n', start);
      const end = newline < 0 ? text.length : newline;
      this.partial += text.slice(start, end);
      if (this.partial.length > this.maxLength) {
        return { failure: Forfeit.FLOODED, detail: `wrote a line longer than ${this.maxLength} characters` };
      }
      if (newline < 0) break;
      messages.push(this.partial.endsWith('\r') ? this.partial.slice(0, -1) : this.partial);
      this.partial = '';
      start = newline + 1;
    }
    // Bytes of a character begun after the last answer wait in the decoder: written after the
    // answer, they are more than was asked for, as any other text would be.
    if (messages.length === max) return { messages, rest: this.decoder.end() };
    return { messages, rest: '' };
  }

  held(): string {
    return this.partial;
  }
}

/** A VLQ length header, then a NUL-ended payload read up to its first NUL (see vlq-nul.ts). */
class VlqNulFramer implements Framer {
  readonly unit = 'message';
  private readonly maxLength: number;
  private pending: Buffer = Buffer.alloc(0);

  constructor(maxLength: number) {
    this.maxLength = maxLength;
  }

  encode(text: string, padTo = 0): Uint8Array {
    return encodeFrame(text, padTo);
  }

  push(chunk: Buffer, max: number): FramePush {
    const bytes = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const result = decodeFrames(bytes, this.maxLength, max);
    if (!result.ok) {
      this.pending = Buffer.alloc(0);
      // A header past any sane length cannot be a message of this protocol: garbage, not a flood.
      const failure = result.error.startsWith('length header') ? Forfeit.MALFORMED : Forfeit.FLOODED;
      return { failure, detail: `wrote a ${result.error}` };
    }
    if (result.messages.length === max && result.consumed < bytes.length) {
      this.pending = Buffer.alloc(0);
      return { messages: result.messages, rest: bytes.subarray(result.consumed).toString('latin1') };
    }
    this.pending = bytes.subarray(result.consumed);
    return { messages: result.messages, rest: '' };
  }

  held(): string {
    return this.pending.toString('latin1');
  }
}

/**
 * Unterminated text, as the SpeedClue servers exchange it: the server writes each message alone
 * with nothing after it, and takes whatever one read returns as the bot's whole reply, trailing
 * NULs stripped (a C bot may send its string's terminator). Nothing marks where a message ends, so
 * a read is a message, as it is for the original servers, and the lock-step protocol keeps reads
 * and messages one to one: the bot speaks once per question and the server waits for the answer.
 * What that means when they are not one to one:
 * - a reply split over two writes that arrive apart is judged on its first part, as the Java
 *   server judges it; the second part then comes unasked (a flood);
 * - two replies in one read are one message to the Java server and fail its checks; here a NUL
 *   inside a read ends a message, so `ok\0ok` is an answer followed by a flood and `ok\0\0` one
 *   answer, and either way a bot that writes ahead is disqualified, never played a step ahead.
 * Nothing is held from one read to the next, so a read longer than the cap is a flood at once.
 */
class RawFramer implements Framer {
  readonly unit = 'message';
  private readonly maxLength: number;

  constructor(maxLength: number) {
    this.maxLength = maxLength;
  }

  encode(text: string): string {
    return text;
  }

  push(chunk: Buffer, max: number): FramePush {
    if (chunk.length > this.maxLength) {
      return { failure: Forfeit.FLOODED, detail: `wrote ${chunk.length} bytes in one message (at most ${this.maxLength})` };
    }
    const text = chunk.toString('latin1');
    const messages: string[] = [];
    let start = 0;
    while (start < text.length) {
      if (messages.length === max) return { messages, rest: text.slice(start) };
      const nul = text.indexOf('\0', start);
      if (nul < 0) {
        messages.push(text.slice(start));
        break;
      }
      messages.push(text.slice(start, nul));
      start = nul;
      while (start < text.length && text.charCodeAt(start) === 0) start++;
    }
    return { messages, rest: '' };
  }

  held(): string {
    return '';
  }
}

import { StringDecoder } from 'node:string_decoder';
import { Forfeit } from '../../core/forfeits.ts';
import type { FramingKind } from '../wire.ts';
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
  return kind === 'lines' ? new LineFramer(maxLength) : new VlqNulFramer(maxLength);
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

/**
 * Framing by length header, as the Hearts (Zadikian) protocol has it: each message is a length header, then the payload. The header
 * is a variable-length quantity, 7 bits per byte, least significant group first, the high bit set
 * on every byte but the last. The payload is text ending in a NUL, and the length counts the NUL.
 *
 * The original server writes `]` notices with a fixed length of 61 bytes, stale bytes after the
 * NUL, so a reader must take each payload up to its first NUL and ignore the rest. Its sender also
 * breaks headers of two or more bytes, which no message of this protocol needs; this codec writes
 * and reads correct ones.
 */

const MORE = 0x80;
const GROUP = 0x7f;
/** Four header bytes carry 28 bits: far beyond any message here, and safe in 32-bit arithmetic. */
const MAX_HEADER_BYTES = 4;

/**
 * One framed message: header, the text's bytes, a NUL, and NUL padding up to `padTo` payload
 * bytes when given (the server's 61-byte `]` notices).
 */
export function encodeFrame(text: string, padTo = 0): Uint8Array {
  const body = new TextEncoder().encode(text);
  const length = Math.max(body.length + 1, padTo);
  const header: number[] = [];
  let rest = length;
  do {
    const group = rest & GROUP;
    rest = Math.floor(rest / 128);
    header.push(rest > 0 ? group | MORE : group);
  } while (rest > 0);
  const frame = new Uint8Array(header.length + length);
  frame.set(header, 0);
  frame.set(body, header.length);
  return frame;
}

export type DecodeResult =
  { readonly ok: true; readonly messages: readonly string[]; readonly consumed: number } | { readonly ok: false; readonly error: string };

/**
 * Reads the complete frames at the start of `bytes`, at most `maxMessages` of them. Returns the
 * messages (each payload up to its first NUL, or whole when it has none) and how many bytes they
 * used; an incomplete frame at the end is left for the next call. A header longer than four
 * bytes, or a payload over `maxLength`, is an error: the stream can no longer be trusted.
 */
export function decodeFrames(bytes: Uint8Array, maxLength: number, maxMessages = Infinity): DecodeResult {
  const messages: string[] = [];
  let at = 0;
  while (messages.length < maxMessages) {
    let length = 0;
    let headerBytes = 0;
    let complete = false;
    while (at + headerBytes < bytes.length) {
      const byte = bytes[at + headerBytes];
      length += (byte & GROUP) * 2 ** (7 * headerBytes);
      headerBytes++;
      if ((byte & MORE) === 0) {
        complete = true;
        break;
      }
      if (headerBytes === MAX_HEADER_BYTES) return { ok: false, error: `length header longer than ${MAX_HEADER_BYTES} bytes` };
    }
    if (!complete) break;
    if (length > maxLength) return { ok: false, error: `message of ${length} bytes, more than ${maxLength}` };
    const start = at + headerBytes;
    if (start + length > bytes.length) break;
    const payload = bytes.subarray(start, start + length);
    const nul = payload.indexOf(0);
    messages.push(new TextDecoder().decode(nul < 0 ? payload : payload.subarray(0, nul)));
    at = start + length;
  }
  return { ok: true, messages, consumed: at };
}

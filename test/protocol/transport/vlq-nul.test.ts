// The Hearts (Zadikian) framing: headers, NUL-terminated payloads, the server's padded notices and
// multi-byte headers, whole or split at any byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SERVER_NOTICE_LENGTH } from '../../../src/games/hearts/wire/server.ts';
import { createFramer } from '../../../src/protocol/transport/framing.ts';
import { decodeFrames, encodeFrame } from '../../../src/protocol/transport/vlq-nul.ts';

test('framing: the length counts the NUL', () => {
  assert.deepEqual([...encodeFrame('[')], [2, 0x5b, 0]);
  assert.deepEqual([...encodeFrame('12')], [3, 0x31, 0x32, 0]);
});

test('framing: a server notice is padded to 61 bytes and read up to its NUL', () => {
  const frame = encodeFrame(']3,34', SERVER_NOTICE_LENGTH);
  assert.equal(frame[0], SERVER_NOTICE_LENGTH);
  assert.equal(frame.length, 1 + SERVER_NOTICE_LENGTH);
  // The server leaves stale bytes after the NUL: they must not reach the message.
  frame.fill(0x37, 8);
  assert.deepEqual(decodeFrames(frame, 100), { ok: true, messages: [']3,34'], consumed: frame.length });
});

test('framing: headers of two and three bytes, least significant group first', () => {
  const long = encodeFrame('x'.repeat(199));
  assert.deepEqual([...long.subarray(0, 2)], [(200 & 127) | 128, 1]);
  const longer = encodeFrame('y'.repeat(20_000));
  assert.deepEqual([...longer.subarray(0, 3)], [(20_001 & 127) | 128, ((20_001 >> 7) & 127) | 128, 20_001 >> 14]);
  assert.deepEqual(decodeFrames(longer, 1 << 20), { ok: true, messages: ['y'.repeat(20_000)], consumed: longer.length });
});

test('framing: a payload without a NUL is read whole', () => {
  assert.deepEqual(decodeFrames(Uint8Array.from([2, 0x34, 0x32]), 20), { ok: true, messages: ['42'], consumed: 3 });
});

test('framing: oversized messages and runaway headers are errors', () => {
  assert.equal(decodeFrames(encodeFrame('z'.repeat(30)), 20).ok, false);
  assert.equal(decodeFrames(Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x01]), 1 << 30).ok, false);
});

test('framing: any split of a stream of frames yields the same messages', () => {
  const text = fc.string({ maxLength: 150 }).map((s) => s.replaceAll('\0', ''));
  fc.assert(
    fc.property(fc.array(text, { maxLength: 6 }), fc.array(fc.nat({ max: 400 }), { maxLength: 8 }), (messages, cuts) => {
      const frames = messages.map((m, i) => encodeFrame(m, i % 2 === 0 ? SERVER_NOTICE_LENGTH : 0));
      const stream = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
      frames.reduce((at, f) => (stream.set(f, at), at + f.length), 0);
      const framer = createFramer('vlq-nul', 1000);
      const got: string[] = [];
      let from = 0;
      for (const cut of [...cuts.map((c) => Math.min(c, stream.length)).sort((a, b) => a - b), stream.length]) {
        const result = framer.push(Buffer.from(stream.subarray(from, Math.max(from, cut))), Infinity);
        assert.ok('messages' in result);
        got.push(...result.messages);
        from = Math.max(from, cut);
      }
      assert.deepEqual(got, messages);
    }),
    { numRuns: 100 },
  );
});

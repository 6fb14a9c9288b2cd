import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createFramer } from '../../../src/protocol/transport/framing.ts';

describe('line framing', () => {
  const framer = () => createFramer('lines', 64);

  test('joins a character split between reads, and a line split between reads', () => {
    const lines = framer();
    const euro = Buffer.from('pl€y\n');
    assert.deepEqual(lines.push(euro.subarray(0, 3), 1), { messages: [], rest: '' });
    assert.deepEqual(lines.push(euro.subarray(3), 1), { messages: ['pl€y'], rest: '' });
  });

  test('counts the start of a character written after the answer as more than was asked for', () => {
    const answer = Buffer.concat([Buffer.from('play general 2\n'), Buffer.from([0xe2, 0x80])]);
    assert.deepEqual(framer().push(answer, 1), { messages: ['play general 2'], rest: '\ufffd' });
  });

  test('keeps the start of a character for the next read while more lines are wanted', () => {
    const lines = framer();
    assert.deepEqual(lines.push(Buffer.from([0x6f, 0x6b, 0x0a, 0xe2, 0x82]), 2), { messages: ['ok'], rest: '' });
    assert.deepEqual(lines.push(Buffer.from([0xac, 0x0a]), 1), { messages: ['€'], rest: '' });
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeSums, encodeSums } from '../../../src/runner/job/sparse-sums.ts';

/** Through JSON, as a checkpoint is written and read back. */
function roundTrip(data: Float64Array): Float64Array {
  return decodeSums(JSON.parse(JSON.stringify(encodeSums(data))), data.length);
}

/** Equal cell by cell, -0 apart from 0 and NaN equal to itself. */
function assertSame(actual: Float64Array, expected: Float64Array): void {
  assert.equal(actual.length, expected.length);
  for (let i = 0; i < expected.length; i++) assert.ok(Object.is(actual[i], expected[i]), `cell ${i}: ${actual[i]}, not ${expected[i]}`);
}

describe('sparse sums', () => {
  test('keep nothing of an array of zeros but its size', () => {
    assert.deepEqual(encodeSums(new Float64Array(6600)), { size: 6600, runs: [] });
    assertSame(roundTrip(new Float64Array(6600)), new Float64Array(6600));
    assertSame(roundTrip(new Float64Array(0)), new Float64Array(0));
  });

  test('keep an array without zeros as one run', () => {
    const data = Float64Array.from({ length: 50 }, (_, i) => i + 1);
    assert.deepEqual(encodeSums(data).runs, [0, 50, ...data]);
    assertSame(roundTrip(data), data);
  });

  test('skip long runs of zeros, keep short ones among the values, and leave out the zeros at the end', () => {
    const data = Float64Array.from([0, 0, 5, 0, 0, 7, 0, 0, 0, 9, 0, 0]);
    assert.deepEqual(encodeSums(data).runs, [2, 4, 5, 0, 0, 7, 3, 1, 9]);
    assertSame(roundTrip(data), data);
  });

  test('give back the values JSON has no number for', () => {
    const data = Float64Array.from([-0, 0, 0, 0, NaN, Infinity, -Infinity, 0, -0, 2 ** 53, -1.5, Number.MIN_VALUE, Number.MAX_VALUE]);
    assertSame(roundTrip(data), data);
    assert.ok(Object.is(roundTrip(Float64Array.of(-0))[0], -0), 'a lone -0 is no zero to skip');
  });

  test('write every cell of the array they decode into', () => {
    const into = new Float64Array(8).fill(4);
    decodeSums(encodeSums(Float64Array.from([0, 0, 0, 1, 0, 0, 0, 0])), 8, into);
    assertSame(into, Float64Array.from([0, 0, 0, 1, 0, 0, 0, 0]));
  });

  test('give back any array of counts', () => {
    // Mostly zeros, as a big tournament's match-ups are, with runs of every length between the counts.
    const cell = fc.oneof(
      { weight: 6, arbitrary: fc.constant(0) },
      { weight: 3, arbitrary: fc.integer({ min: -1e6, max: 1e15 }) },
      { weight: 1, arbitrary: fc.double() },
    );
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 300 }), (cells) => {
        const data = Float64Array.from(cells);
        assertSame(roundTrip(data), data);
      }),
    );
  });

  test('refuse what is no encoding of the size asked for, saying what is wrong', () => {
    const encoded = encodeSums(Float64Array.from([0, 0, 0, 1, 2]));
    assert.throws(() => decodeSums(encoded, 6), /hold 5 cells, the job's 6/);
    assert.throws(() => decodeSums([0, 0, 0, 1, 2], 5), /not sparse sums/);
    assert.throws(() => decodeSums(null, 5), /not sparse sums/);
    assert.throws(() => decodeSums({ size: 5 }, 5), /no runs/);
    assert.throws(() => decodeSums({ size: 5, runs: [4, 2, 1, 2] }, 5), /run at 0 does not fit/);
    assert.throws(() => decodeSums({ size: 5, runs: [0, 3, 1, 2] }, 5), /run at 0 does not fit/);
    assert.throws(() => decodeSums({ size: 5, runs: [0, 1, 1, 2] }, 5), /run at 3 does not fit/);
    assert.throws(() => decodeSums({ size: 5, runs: [-1, 1, 1] }, 5), /run at 0 does not fit/);
    assert.throws(() => decodeSums({ size: 5, runs: [0.5, 1, 1] }, 5), /run at 0 does not fit/);
    assert.throws(() => decodeSums({ size: 5, runs: [0, 1, null] }, 5), /hold null at 2, not a number/);
    assert.throws(() => decodeSums({ size: 5, runs: [0, 1, '7'] }, 5), /hold "7" at 2, not a number/);
  });
});

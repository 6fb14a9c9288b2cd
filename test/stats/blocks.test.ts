import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BlockAccumulator, summarizeBlocks } from '../../src/stats/blocks.ts';
import type { BlockSummary } from '../../src/stats/blocks.ts';

function close(actual: number, expected: number, tolerance: number): void {
  if (Number.isNaN(expected)) return assert.ok(Number.isNaN(actual), `${actual} is not NaN`);
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
}

function sameSummary(actual: BlockSummary, expected: BlockSummary, tolerance: number): void {
  assert.equal(actual.blocks, expected.blocks);
  for (const key of ['mean', 'sd', 'se', 'low', 'high'] as const) close(actual[key], expected[key], tolerance);
}

test('block summary by hand', () => {
  // Mean 0.625; squared deviations 0.390625 + 0.015625 + 0.140625 + 0.140625 = 0.6875, / 3 = 0.229167;
  // sd 0.478714, se 0.239357, half-width 1.959964 * 0.239357 = 0.469131.
  const summary = summarizeBlocks([0, 0.5, 1, 1]);
  assert.equal(summary.blocks, 4);
  assert.equal(summary.mean, 0.625);
  close(summary.sd, 0.478714, 1e-6);
  close(summary.se, 0.239357, 1e-6);
  close(summary.low, 0.625 - 0.469131, 1e-6);
  close(summary.high, 0.625 + 0.469131, 1e-6);
});

test('fewer than two blocks: spread unknown', () => {
  const one = summarizeBlocks([0.75]);
  assert.equal(one.mean, 0.75);
  assert.ok(Number.isNaN(one.sd) && Number.isNaN(one.se) && Number.isNaN(one.low));
  assert.ok(Number.isNaN(summarizeBlocks([]).mean));
  sameSummary(new BlockAccumulator().add(0.75).summary(), one, 0);
});

test('accumulator merged from parts equals the whole', () => {
  const scores = [0, 0.25, 1, 0.5, 0.75, 1, 0, 0.5];
  const whole = new BlockAccumulator();
  scores.forEach((score) => whole.add(score));
  const left = new BlockAccumulator();
  const right = new BlockAccumulator();
  scores.slice(0, 3).forEach((score) => left.add(score));
  scores.slice(3).forEach((score) => right.add(score));
  // A worker's part arrives as a plain object after postMessage.
  const merged = new BlockAccumulator().merge(left).merge({ ...right });
  sameSummary(merged.summary(), whole.summary(), 1e-15);
  sameSummary(whole.summary(), summarizeBlocks(scores), 1e-15);
});

test('accumulator agrees with simple-statistics on any scores', () => {
  const scores = fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 2, maxLength: 200 });
  fc.assert(
    fc.property(scores, (values) => {
      const accumulator = new BlockAccumulator();
      values.forEach((value) => accumulator.add(value));
      sameSummary(accumulator.summary(), summarizeBlocks(values), 1e-7);
    }),
  );
});

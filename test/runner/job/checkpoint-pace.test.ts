import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHECKPOINT_MS, CHECKPOINT_SPACING, CheckpointPace } from '../../../src/runner/job/checkpoint-pace.ts';

/** A pace on a clock the test moves, with checkpoints that take `cost` milliseconds of it to write. */
function pacedRun(cost: number, runMs: number, batchMs: number): { writes: number; writingMs: number } {
  let clock = 0;
  const pace = new CheckpointPace(() => clock);
  let writes = 0;
  const write = () => {
    writes++;
    clock += cost;
  };
  pace.write(write);
  while (clock < runMs) {
    clock += batchMs;
    if (pace.due) pace.write(write);
  }
  return { writes, writingMs: writes * cost };
}

test('a cheap checkpoint is written every half second', () => {
  const { writes } = pacedRun(1, 60_000, 10);
  const expected = 60_000 / (CHECKPOINT_MS + 1);
  assert.ok(Math.abs(writes - expected) <= 2, `${writes} writes in a minute, not about ${expected.toFixed(0)}`);
});

test('a checkpoint that takes long to write is spaced by its cost, not written back to back', () => {
  // 11,880 Love Letter seatings: a 157 MB checkpoint, over a second to write. Written every half
  // second after the last, writing took the main thread from the batches almost all the time.
  const { writes, writingMs } = pacedRun(1_500, 600_000, 10);
  assert.ok(writingMs <= 600_000 / CHECKPOINT_SPACING + 1_500, `${writes} writes took ${writingMs} ms of a 600,000 ms run`);
  assert.ok(writes >= 600_000 / ((CHECKPOINT_SPACING + 1) * 1_500) - 1, `${writes} writes: still checkpointed as it goes`);
});

test('a write is due at once, and the first is written whenever asked', () => {
  let clock = 1_000;
  const pace = new CheckpointPace(() => clock);
  assert.equal(pace.due, true);
  pace.write(() => {
    clock += 100;
  });
  clock += CHECKPOINT_SPACING * 100 - 1;
  assert.equal(pace.due, false);
  clock += 1;
  assert.equal(pace.due, true);
});

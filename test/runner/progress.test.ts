import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProgressMeter } from '../../src/runner/progress.ts';

describe('the progress meter', () => {
  test('shows games done, speed and time left on one line, at most four times a second, and clears it', async () => {
    const written: string[] = [];
    const meter = new ProgressMeter((text) => written.push(text), 10_000, 1_000);
    meter.update(2_000);
    meter.update(2_500);
    assert.equal(written.length, 1, 'the second update came too soon');
    assert.match(written[0], /^\r2,000 \/ 10,000 games {2}[\d,]+ games\/s {2}ETA \S+ +$/);
    await sleep(260);
    meter.update(6_000);
    assert.equal(written.length, 2);
    meter.finish();
    assert.equal(written[2], '\r\x1b[K');
  });

  test('writes nothing at all for a run too short to update', () => {
    const written: string[] = [];
    new ProgressMeter((text) => written.push(text), 10, 0).finish();
    assert.deepEqual(written, []);
  });
});

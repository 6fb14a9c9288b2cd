import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ProgressMeter, RateEstimator } from '../../../src/runner/job/progress.ts';

describe('the rate estimator', () => {
  test('has no rate until a second of play after the first finished batch', () => {
    const estimator = new RateEstimator();
    assert.equal(estimator.rate(), null);
    estimator.observe(1_000, 5_000);
    estimator.observe(3_000, 5_900);
    assert.equal(estimator.rate(), null);
    assert.equal(estimator.secondsLeft(10_000), null);
  });

  test('leaves out the start-up before the first batch: a run that starts slowly is not estimated slow', () => {
    // Workers took 5 s to start, then every second finishes 2,000 games.
    const estimator = new RateEstimator();
    for (let second = 0; second <= 3; second++) estimator.observe(2_000 * (second + 1), 5_000 + second * 1_000);
    assert.equal(estimator.rate(), 2_000);
    assert.equal(estimator.secondsLeft(20_000), 6);
  });

  test("counts only this session's games on a resumed run", () => {
    const estimator = new RateEstimator();
    estimator.observe(50_000, 0);
    estimator.observe(51_000, 2_000);
    assert.equal(estimator.rate(), 500);
    assert.equal(estimator.secondsLeft(60_000), 18);
  });
});

describe('the progress meter', () => {
  test('shows games done, speed and time left on one line, at most four times a second, and clears it', () => {
    const written: string[] = [];
    let now = 0;
    const meter = new ProgressMeter(
      (text) => written.push(text),
      10_000,
      () => now,
    );
    meter.update(2_000);
    assert.match(written[0], /^\r2,000 \/ 10,000 games {2}measuring speed {2}ETA \? +$/);
    now = 100;
    meter.update(2_500);
    assert.equal(written.length, 1, 'the second update came too soon');
    now = 2_000;
    meter.update(6_000);
    assert.match(written[1], /^\r6,000 \/ 10,000 games {2}2,000 games\/s {2}ETA 2s +$/);
    meter.finish();
    assert.equal(written[2], '\r\x1b[K');
  });

  test('writes nothing at all for a run too short to update', () => {
    const written: string[] = [];
    new ProgressMeter((text) => written.push(text), 10).finish();
    assert.deepEqual(written, []);
  });
});

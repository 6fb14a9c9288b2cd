import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ActivityBuffer } from '../../../src/runner/job/pool-activity.ts';
import { sinceStart, Timeline } from '../../../src/runner/job/timeline.ts';

// Moments are bracketed by clock readings taken around them, never bounded by a guessed duration.
// The ready moment goes through the epoch and back, which costs a little float precision.
const EPSILON = 1e-6;

describe('the run timeline', () => {
  test('phases run end to end from the process start, in order, and add up to the last mark', async () => {
    const timeline = new Timeline();
    timeline.end('load');
    await new Promise((done) => setTimeout(done, 20));
    timeline.end('plan');
    const beforeLast = sinceStart();
    timeline.end('play');
    const afterLast = sinceStart();
    const phases = timeline.phases();
    assert.deepEqual(
      phases.map((entry) => entry.phase),
      ['load', 'plan', 'play'],
    );
    assert.ok(phases[1].seconds >= 0.015, `planning took the 20 ms waited (${phases[1].seconds})`);
    const total = phases.reduce((sum, entry) => sum + entry.seconds, 0);
    assert.ok(total >= beforeLast - EPSILON && total <= afterLast + EPSILON, `${total} s`);
    assert.match(
      timeline.format(),
      /^profile: start-up \d+\.\d{3} s, planning and batch timing \d+\.\d{3} s, playing \d+\.\d{3} s; total \d+\.\d{3} s$/,
    );
  });

  test('counts from its origin when given one', () => {
    const origin = sinceStart();
    const timeline = new Timeline(origin);
    timeline.end('plan');
    const after = sinceStart();
    const [plan] = timeline.phases();
    assert.ok(plan.seconds >= 0 && plan.seconds <= after - origin + EPSILON, `${plan.seconds}`);
    timeline.poolActivity({ workers: 1, readyAt: [origin + 0.5], busySeconds: 0 });
    assert.match(timeline.format(), /1 of 1 workers ready at 0\.500 s/);
  });

  test('reports the workers ready and their busy share of the playing phase', () => {
    const activity = ActivityBuffer.create(2);
    const beforeReady = sinceStart();
    activity.markReady();
    const afterReady = sinceStart();
    activity.addBusy(250);
    activity.addBusy(250.5);
    const read = activity.read(2);
    assert.equal(read.readyAt.length, 1);
    const [readyAt] = read.readyAt;
    assert.ok(readyAt >= beforeReady - EPSILON && readyAt <= afterReady + EPSILON, 'moments are in seconds since the process started');
    assert.equal(read.busySeconds, 0.5005);
    const timeline = new Timeline();
    timeline.end('plan');
    timeline.poolActivity(read);
    assert.match(timeline.format(), /1 of 2 workers ready at \d+\.\d{3} s/);
  });
});

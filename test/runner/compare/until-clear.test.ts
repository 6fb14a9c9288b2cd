// sim --until-clear as a job: where it stops depends on the seed and the strategies alone, and a
// run stopped part-way and resumed ends exactly where one never stopped does.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinJobContext, planSim, resumeJob, startJob, type JobContext } from '../../../src/index.ts';
import { untilClearLookGames } from '../../../src/runner/compare/until-clear.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir('until-clear');
const FIRST_CARD = 'strategies/examples/first-card.ts';

// Near copies: the leader takes several looks to become clear.
function plan(context: JobContext) {
  return planSim(context.registry, {
    game: 'love-letter',
    strategies: [FIRST_CARD, `${FIRST_CARD}:guess=clown`],
    games: 20_000,
    seed: 'clear',
    untilClear: 0.95,
  });
}

function summaryText(dir: string): string {
  return readFileSync(join(dir, 'summary.json'), 'utf8');
}

describe('sim --until-clear as a job', () => {
  test('looks every 200 games at most, at least 20 times before the cap', () => {
    assert.equal(untilClearLookGames(10_000), 200);
    assert.equal(untilClearLookGames(1000), 50);
    assert.equal(untilClearLookGames(7), 1);
  });

  test('stops at the same game whatever the workers, with a summary of exactly the games before the stop', async () => {
    const context = builtinJobContext();
    const one = await startJob(context, plan(context), { workers: 1, out: join(scratch, 'one') });
    const three = await startJob(context, plan(context), { workers: 3, out: join(scratch, 'three') });
    assert.ok(one.status === 'complete' && three.status === 'complete');
    const outcome = one.summary.untilClear;
    assert.equal(outcome?.stopped, 'clear');
    assert.ok(outcome.games < 20_000 && outcome.games % 200 === 0, `stopped after ${outcome.games}`);
    assert.equal(one.summary.games, outcome.games);
    assert.equal(one.summary.complete, true);
    assert.equal(outcome.leader, FIRST_CARD);
    assert.ok(outcome.margins[0].lower > 0);
    assert.equal(summaryText(join(scratch, 'three')), summaryText(join(scratch, 'one')));
    assert.ok(!existsSync(join(scratch, 'one', 'checkpoint.json')));
  });

  test('stopped after its first batch and resumed, it ends as a run never stopped', async () => {
    const context = builtinJobContext();
    const straight = join(scratch, 'straight');
    const stopped = join(scratch, 'stopped');
    await startJob(context, plan(context), { workers: 1, out: straight });
    const stop = new AbortController();
    // The progress line is first written once a batch has merged: the cue to interrupt.
    const interrupting = { ...context, progress: () => stop.abort() };
    const first = await startJob(interrupting, plan(context), { workers: 1, out: stopped, signal: stop.signal });
    assert.equal(first.status, 'interrupted');
    assert.ok(first.status === 'interrupted' && first.summary.untilClear?.stopped === null);
    assert.ok(existsSync(join(stopped, 'checkpoint.json')));
    const resumed = await resumeJob(context, stopped, { workers: 2 });
    assert.equal(resumed.status, 'complete');
    assert.equal(summaryText(stopped), summaryText(straight));
  });

  test('refuses a table of one strategy: there is no one to be ahead of', () => {
    const context = builtinJobContext();
    assert.throws(
      () =>
        planSim(context.registry, {
          game: 'love-letter',
          strategies: ['random'],
          players: 3,
          games: 100,
          seed: 's',
          untilClear: 0.95,
        }),
      /--until-clear needs at least two different strategies/,
    );
  });

  test("judges the leader on the game's measure of strength: Hearts' points per hand by default, the win share when asked", async () => {
    const context = builtinJobContext();
    const request = { game: 'hearts', strategies: ['ducking', 'random', 'random', 'random'], games: 800, seed: 'points', untilClear: 0.95 };
    const byPoints = planSim(context.registry, request);
    assert.equal(byPoints.measure, 'points');
    assert.equal(planSim(context.registry, { ...request, measure: 'win-share' }).measure, 'win-share');
    assert.throws(() => planSim(context.registry, { ...request, measure: 'vp' }), /--measure: hearts declares points, win-share/);
    const outcome = await startJob(context, byPoints, { workers: 1, out: join(scratch, 'points') });
    assert.ok(outcome.status === 'complete');
    const clear = outcome.summary.untilClear;
    assert.equal(clear?.stopped, 'clear');
    assert.deepEqual(clear.measure, { id: 'points', label: 'points per hand', lowerIsBetter: true });
    assert.equal(clear.leader, 'ducking');
    // The lead is in points per hand, the leader's fewer: far more than a win share's range.
    assert.ok(clear.margins[0].difference > 1 && clear.margins[0].lower > 0, JSON.stringify(clear.margins));
    // The stop pulls apart the figures it judged, the points, not the win rates it never read.
    assert.match(clear.note, /which pulls the strategies' points per hand apart;/);
  });

  test('plays every deal from every seat by default, and refuses a design that keeps each strategy in its seat', () => {
    const context = builtinJobContext();
    const request = { game: 'dominion', strategies: ['big-money', 'smithy-bm'], games: 100, seed: 's', untilClear: 0.95 };
    assert.equal(planSim(context.registry, request).design, 'duplicate');
    assert.throws(
      () => planSim(context.registry, { ...request, design: 'independent' }),
      /--until-clear needs --design duplicate.*seat's advantage/,
    );
    assert.equal(planSim(context.registry, { ...request, untilClear: undefined }).design, 'independent');
  });
});

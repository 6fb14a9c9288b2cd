import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildJob, jobId, matchSpecOf, type JobSpec } from '../../../src/runner/job/job.ts';
import { prepareMatch } from '../../../src/runner/play/match.ts';
import { countersOf, JobProgress, executeJob } from '../../../src/runner/job/run-job.ts';
import { builtinRegistry, loadExternalHost } from '../../../src/app.ts';
import { Runners } from '../../../src/runner/job/runners.ts';
import type { PoolActivity } from '../../../src/runner/job/timeline.ts';
import { WorkerPool, ignoreReportsOfAbandonedTasks } from '../../../src/runner/job/pool.ts';
import { HUNG_MS } from '../../helpers/patience.ts';

const REGISTRY = new URL('../../../src/app.ts', import.meta.url).href;

function job(batchGames: number, design: 'independent' | 'duplicate' = 'independent'): JobSpec {
  return buildJob({
    command: 'sim',
    game: 'love-letter',
    players: 3,
    rules: {},
    seed: 'pool',
    design,
    matchupSeats: [
      ['random', 'cautious', 'random'],
      ['cautious', 'random', 'random'],
    ],
    games: 600,
    batchGames,
  });
}

async function play(spec: JobSpec, workers: number, seen?: (runners: Runners) => void): Promise<Float64Array[]> {
  const registry = builtinRegistry();
  const layouts = await Promise.all(
    spec.matchups.map((_, m) => prepareMatch(registry, matchSpecOf(spec, m)).then((match) => match.layout)),
  );
  const progress = new JobProgress(spec, jobId(spec), layouts.map(countersOf));
  const runners = Runners.create(workers, loadExternalHost, {}, { registry: REGISTRY });
  try {
    assert.equal(await executeJob(progress, runners, { concurrency: workers * 2, registry: REGISTRY }), 'complete');
    seen?.(runners);
  } finally {
    await runners.close();
  }
  assert.equal(progress.gamesDone, spec.games);
  return progress.snapshot().map((counters) => counters.data);
}

describe('the worker pool', () => {
  test('gives bit-identical counters on 1, 2 and 3 workers and with two batch sizes', async () => {
    const reference = await play(job(150), 1);
    assert.ok(reference[0].some((value) => value > 0));
    for (const [workers, batch] of [
      [2, 150],
      [3, 150],
      [2, 40],
      [3, 40],
    ]) {
      assert.deepEqual(await play(job(batch), workers), reference, `${workers} workers, batches of ${batch}`);
    }
  });

  test('duplicate deals are as reproducible, and batches hold whole rotation blocks', async () => {
    const spec = job(40, 'duplicate');
    assert.equal(spec.batchGames % 3, 0);
    assert.deepEqual(await play(spec, 3), await play(job(600, 'duplicate'), 2));
  });

  test('starts every worker, and counts the time they spend playing', async () => {
    const seen: PoolActivity[] = [];
    const started = performance.now() / 1000;
    await play(job(150), 2, (runners) => seen.push(runners.poolActivity() as PoolActivity));
    const [{ workers, readyAt, busySeconds }] = seen;
    assert.equal(workers, 2);
    assert.equal(readyAt.length, 2, 'both workers loaded their code');
    assert.ok(readyAt.every((at) => at > started && at < performance.now() / 1000));
    assert.ok(busySeconds > 0 && busySeconds < 2 * (performance.now() / 1000 - started));
  });

  test('closing just after the start lets every worker load its code first', async () => {
    // A worker ended while Node instantiates its entry module (a run refused or stopped as its
    // workers start) can abort the whole process; closing waits for the load instead.
    const pool = new WorkerPool(2);
    // However slowly the workers load here: the grace only bounds a worker that never does.
    await pool.close(HUNG_MS);
    assert.equal(pool.activitySoFar().readyAt.length, 2);
  });

  test("a worker's heap filling after its task was abandoned, or its result arriving after a stop, is no error of the run; any other death is", () => {
    // As piscina reports a worker that died with no task: a call past the move timeout got its
    // task abandoned and its worker terminated, and the call filled the heap first.
    const filled = Object.assign(new Error('Worker terminated due to reaching memory limit: JS heap out of memory'), {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
    assert.doesNotThrow(() => ignoreReportsOfAbandonedTasks(filled));
    // As piscina reports a result its worker posted as a stop aborted the task.
    const late = new Error('Unexpected message from Worker: { taskId: 865, result: Float64Array(6737) [], error: null, time: null }');
    assert.doesNotThrow(() => ignoreReportsOfAbandonedTasks(late));
    const other = new Error('the worker threw');
    assert.throws(
      () => ignoreReportsOfAbandonedTasks(other),
      (error) => error === other,
    );
  });
});

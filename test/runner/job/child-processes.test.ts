import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildJob, jobId, matchSpecOf, type JobSpec } from '../../../src/runner/job/job.ts';
import { prepareMatch } from '../../../src/runner/play/match.ts';
import { countersOf, JobProgress, executeJob } from '../../../src/runner/job/run-job.ts';
import { builtinRegistry, loadExternalHost } from '../../../src/app.ts';
import { Runners } from '../../../src/runner/job/runners.ts';
import { trustStrategyFiles } from '../../../src/runner/play/loading/trust.ts';
import { zombieChildren, zombiesNow } from '../../protocol/helpers.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const REGISTRY = new URL('../../../src/app.ts', import.meta.url).href;
const RUNAWAY = 'test/fixtures/strategies/runaway.ts';
const TRUSTED = 'test/fixtures/strategies/first-legal.js';

/**
 * Plays a game in which `percent`% of the confined seat's decisions never end, each ending its
 * worker, which the pool replaces, beside trusted files; returns the forfeits.
 */
async function play(seed: string, percent: number, trustedOutsidePackage: string): Promise<number> {
  const spec: JobSpec = buildJob({
    command: 'sim',
    game: 'love-letter',
    players: 3,
    rules: {},
    seed,
    design: 'independent',
    matchupSeats: [[`${RUNAWAY}:percent=${percent}`, TRUSTED, `${trustedOutsidePackage}:percent=0`]],
    games: 1,
    batchGames: 1,
  });
  const registry = builtinRegistry();
  const layouts = await Promise.all(
    spec.matchups.map((_, m) => prepareMatch(registry, matchSpecOf(spec, m)).then((match) => match.layout)),
  );
  const progress = new JobProgress(spec, jobId(spec), layouts.map(countersOf));
  const runners = Runners.create(2, loadExternalHost, { moveTimeout: 0.2 }, { registry: REGISTRY });
  try {
    assert.equal(await executeJob(progress, runners, { concurrency: 2, registry: REGISTRY }), 'complete');
  } finally {
    await runners.close();
  }
  return progress.snapshot()[0].forfeitTotal();
}

describe('worker threads ended by a move timeout', () => {
  test('leave no child process unreaped, though they loaded confined and trusted strategy files', async () => {
    const dir = scratchDir();
    // Outside any package.json, tsx compiles a file as CommonJS, with esbuild's synchronous API.
    const outside = join(dir, 'trusted.ts');
    copyFileSync(RUNAWAY, outside);
    trustStrategyFiles([TRUSTED, outside]);
    // A thread that compiles parlor's sources for tsx's cache does it on a thread of Node's module
    // hooks, which starts an esbuild of its own (see threadEnvironment): the first run's threads
    // fill the cache, and the second run's, ended mid-game, must leave no child behind.
    try {
      await play('children-first', 0, outside);
      const before = zombiesNow();
      assert.ok((await play('children-second', 100, outside)) > 0, 'the confined seat timed out');
      assert.deepEqual(await zombieChildren(before), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

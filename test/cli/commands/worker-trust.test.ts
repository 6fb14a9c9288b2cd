// Trust on the queue: a file the run trusts plays unconfined on a `parlor worker` as on the run's
// own threads, any other file stays confined there, and a worker that refuses trust says so.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleId, INSTALL_KEY, packStrategy } from '../../../src/runner/job/remote/bundles.ts';
import { eventually, PROMPT_MS } from '../../helpers/patience.ts';
import { redisMissing, startRedis, type RedisServer } from '../../helpers/redis-server.ts';
import { parlor, ROOT, startParlor, type Finished } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();
const cache = join(scratch, 'cache');
const elsewhere = join(scratch, 'elsewhere');
// Plays the last legal action where it finds Node's process, the first where it runs confined.
const FILE = 'test/fixtures/strategies/node-aware.js';
const JOB = ['sim', '--strategies', `${FILE},random`, '--games', '40', '--batch', '20', '--seed', 'trusted-queue', '--quiet'];

interface RunningWorker {
  readonly child: ReturnType<typeof startParlor>['child'];
  readonly finished: Promise<Finished>;
  stderr(): string;
}

async function startWorker(url: string, extra: readonly string[] = []): Promise<RunningWorker> {
  const { child, finished } = startParlor(['worker', '--redis', url, '--workers', '1', ...extra], elsewhere, { XDG_CACHE_HOME: cache });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  await eventually('the worker taking batches', () => /taking batches from/.test(stderr), 2 * PROMPT_MS);
  return { child, finished, stderr: () => stderr };
}

async function stopWorker(worker: RunningWorker): Promise<void> {
  worker.child.kill('SIGKILL');
  await worker.finished;
}

const readJson = (dir: string, file: string): unknown => JSON.parse(readFileSync(join(scratch, dir, file), 'utf8'));

async function sim(out: string, extra: readonly string[]): Promise<Finished> {
  const run = await parlor([...JOB, ...extra, '--out', join(scratch, out)]);
  assert.equal(run.code, 0, run.stderr);
  return run;
}

describe('--trust with --redis', { skip: redisMissing() ?? false }, () => {
  let redis: RedisServer;
  const workers: RunningWorker[] = [];

  before(async () => {
    mkdirSync(elsewhere);
    redis = await startRedis();
  });

  after(async () => {
    await Promise.all(workers.map(stopWorker));
    await redis?.stop();
  });

  test('a trusted file plays trusted on a worker, an untrusted one confined, each as on local threads', async () => {
    workers.push(await startWorker(redis.url));
    await Promise.all([
      sim('local-trusted', ['--workers', '1', '--trust', FILE]),
      sim('local-confined', ['--workers', '1']),
      sim('queued-trusted', ['--redis', redis.url, '--trust', FILE]),
      sim('queued-confined', ['--redis', redis.url]),
    ]);
    assert.notDeepEqual(
      readJson('local-trusted', 'summary.json'),
      readJson('local-confined', 'summary.json'),
      'the file plays otherwise trusted',
    );
    assert.deepEqual(readJson('queued-trusted', 'summary.json'), readJson('local-trusted', 'summary.json'));
    assert.deepEqual(readJson('queued-confined', 'summary.json'), readJson('local-confined', 'summary.json'));
    const confinement = (dir: string) => (readJson(dir, 'job.json') as { confinement: unknown }).confinement;
    assert.deepEqual(confinement('queued-trusted'), { confined: [], trusted: [FILE] });
    assert.deepEqual(confinement('queued-confined'), { confined: [FILE], trusted: [] });
    // The trusted copy lies apart from the confined one.
    const { bundle } = packStrategy(join(ROOT, FILE));
    const strategies = join(cache, 'parlor', 'strategies', INSTALL_KEY);
    assert.ok(existsSync(join(strategies, 'trusted', bundleId(bundle), bundle.entry)));
    assert.ok(existsSync(join(strategies, bundleId(bundle), bundle.entry)));
  });

  test('a worker given --refuse-trust refuses a job that trusts a file, and plays one that trusts none', async () => {
    await Promise.all(workers.splice(0).map(stopWorker));
    const refusing = await startWorker(redis.url, ['--refuse-trust']);
    workers.push(refusing);
    const refused = await parlor([...JOB, '--redis', redis.url, '--trust', FILE, '--out', join(scratch, 'refused')]);
    assert.equal(refused.code, 3, refused.stderr);
    assert.match(
      refused.stderr,
      /refused the job: it runs every strategy file confined \(--refuse-trust\), and the job trusts test\/fixtures\/strategies\/node-aware\.js/,
    );
    assert.match(refusing.stderr(), /refused a batch: it runs every strategy file confined/);
    await sim('refusing-confined', ['--redis', redis.url]);
    assert.deepEqual(readJson('refusing-confined', 'summary.json'), readJson('local-confined', 'summary.json'));
  });
});

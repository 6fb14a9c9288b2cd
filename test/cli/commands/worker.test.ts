// Runs across machines, played on one: a Redis server of the test's own, several `parlor worker`
// processes, and coordinators queueing their batches there. What they compute must equal a local
// run bit for bit, whatever happens to the workers or the coordinator on the way.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { builtinJobContext, builtinRegistry } from '../../../src/app.ts';
import { ErrorCodes, ParlorError } from '../../../src/core/errors.ts';
import { checkpointGames } from '../../helpers/checkpoint.ts';
import { startJob } from '../../../src/runner/job/jobs.ts';
import { planSim } from '../../../src/runner/job/plan.ts';
import { playingFingerprint, type RemoteBatch, type RemoteResult } from '../../../src/runner/job/remote/batches.ts';
import { bundleId, INSTALL_KEY, packStrategy } from '../../../src/runner/job/remote/bundles.ts';
import { listen } from '../../../src/runner/job/remote/queue-runner.ts';
import { QUEUE_NAME, RedisLink } from '../../../src/runner/job/remote/redis.ts';
import { version } from '../../../src/runner/job/version.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually, HUNG_MS } from '../../helpers/patience.ts';
import { redisMissing, startRedis, type RedisServer } from '../../helpers/redis-server.ts';
import { parlor, ROOT, startParlor, type Finished } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const missing = redisMissing();
const scratch = scratchDir();
const cache = join(scratch, 'cache');
// The workers run in a folder of their own: a strategy file reaches them only through the queue.
const elsewhere = join(scratch, 'elsewhere');

const STRATEGY = 'test/fixtures/strategies/unhurried.ts';
// About half a second per batch: long enough to kill a worker in the middle of one.
const JOB = ['sim', '--strategies', `${STRATEGY}:ms=0.5,random`, '--games', '800', '--batch', '100', '--seed', 'queued'];

interface RunningWorker {
  readonly child: ReturnType<typeof startParlor>['child'];
  readonly finished: Promise<Finished>;
  stderr(): string;
}

function startWorker(url: string): RunningWorker {
  const { child, finished } = startParlor(['worker', '--redis', url, '--workers', '1'], elsewhere, { XDG_CACHE_HOME: cache });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  return { child, finished, stderr: () => stderr };
}

/** A batch of ten random Love Letter games as this project's coordinator would queue it, with `changes`. */
function loveLetterBatch(changes: Partial<RemoteBatch> = {}): RemoteBatch {
  return {
    parlor: version,
    fingerprint: playingFingerprint(builtinRegistry(), 'love-letter', false),
    moveTimeout: null,
    strategies: {},
    trusted: [],
    task: {
      kind: 'games',
      match: { game: 'love-letter', seats: ['random', 'random'], rules: {}, seed: 'refused' },
      design: 'independent',
      offset: 0,
      from: 0,
      to: 10,
    },
    ...changes,
  };
}

/** Queues `batches` (by job id) on the server at `url` and returns what a worker answered to each. */
async function answersTo(url: string, batches: Readonly<Record<string, RemoteBatch>>): Promise<Map<string, RemoteResult>> {
  const link = await RedisLink.reach(url);
  const queue = new Queue(QUEUE_NAME, { connection: link.client });
  const events = await listen(link, queue);
  try {
    const results = new Map<string, RemoteResult>();
    events.on('completed', ({ jobId, returnvalue }) => {
      if (jobId in batches) results.set(jobId, returnvalue as unknown as RemoteResult);
    });
    for (const [jobId, batch] of Object.entries(batches)) await queue.add('batch', batch, { jobId, removeOnComplete: true });
    await eventually('every batch answered', () => results.size === Object.keys(batches).length);
    return results;
  } finally {
    await Promise.allSettled([events.close(), queue.close()]);
    link.close();
  }
}

function summaryOf(dir: string): unknown {
  return JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
}

describe('parlor worker and --redis', { skip: missing ?? false }, () => {
  let redis: RedisServer;
  const workers: RunningWorker[] = [];
  let local: Promise<unknown>;

  before(async () => {
    mkdirSync(elsewhere);
    redis = await startRedis();
    // The first worker plays alone, so that it surely holds batches when it is killed.
    await startWorkers(1);
    // The same job played here, once, for every run below to equal.
    local = parlor([...JOB, '--workers', '2', '--out', join(scratch, 'local'), '--quiet']).then((run) => {
      assert.equal(run.code, 0, run.stderr);
      return summaryOf(join(scratch, 'local'));
    });
  });

  after(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.finished));
    await redis?.stop();
  });

  /** Starts `count` more workers and waits until they all take batches. */
  async function startWorkers(count: number): Promise<void> {
    for (let i = 0; i < count; i++) workers.push(startWorker(redis.url));
    await eventually('workers taking batches', () => workers.every((worker) => /taking batches from/.test(worker.stderr())), HUNG_MS);
  }

  test('a worker killed mid-batch loses nothing: the run equals a local one, the strategy file shipped by hash', async () => {
    const dir = join(scratch, 'queued');
    const run = startParlor([...JOB, '--redis', redis.url, '--out', dir, '--quiet']);
    await eventually('first batches merged', () => checkpointGames(dir) > 0, HUNG_MS);
    // The only worker, with the run's next batches: it holds some whenever the run is not done.
    workers[0].child.kill('SIGKILL');
    await startWorkers(2);
    const finished = await run.finished;
    assert.equal(finished.code, 0, finished.stderr);
    assert.match(finished.stderr, /the worker playing games \d+ to \d+ stopped answering; they are queued again/);
    assert.deepEqual(summaryOf(dir), await local);

    const { bundle, contents } = packStrategy(join(ROOT, STRATEGY));
    const cached = join(cache, 'parlor', 'strategies', INSTALL_KEY, bundleId(bundle), bundle.entry);
    assert.ok(existsSync(cached), `no ${cached}`);
    assert.deepEqual(readFileSync(cached), [...contents.values()][0]);
  });

  test('a server restarted empty mid-run gets its lost batches queued again: the run equals a local one', async () => {
    // A server of its own, so that the other tests' queue is not emptied.
    let server = await startRedis();
    const worker = startWorker(server.url);
    try {
      await eventually('the worker taking batches', () => /taking batches from/.test(worker.stderr()), HUNG_MS);
      const dir = join(scratch, 'restarted');
      const run = startParlor([...JOB, '--redis', server.url, '--out', dir, '--quiet']);
      await eventually('first batches merged', () => checkpointGames(dir) > 0, HUNG_MS);
      // As with --save '' --appendonly no: the server comes back with nothing of the run.
      await server.stop();
      server = await startRedis(Number(new URL(server.url).port));
      const finished = await Promise.race([run.finished, sleep(HUNG_MS, null, { ref: false })]);
      if (finished === null) run.child.kill('SIGKILL');
      assert.ok(finished, 'the run waited for ever for batches the server had lost');
      assert.equal(finished.code, 0, finished.stderr);
      assert.match(
        finished.stderr,
        /came back without \d+ of the run's queued batches \(restarted with nothing saved\?\); they are queued again/,
      );
      assert.deepEqual(summaryOf(dir), await local);
    } finally {
      worker.child.kill('SIGKILL');
      await worker.finished;
      await server.stop();
    }
  });

  test('a coordinator stopped with Ctrl-C resumes on the queue to the same results', async () => {
    const dir = join(scratch, 'stopped');
    const run = startParlor([...JOB, '--redis', redis.url, '--out', dir, '--quiet']);
    await eventually('first batches merged', () => checkpointGames(dir) > 0, HUNG_MS);
    run.child.kill('SIGINT');
    const stopped = await run.finished;
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.ok(checkpointGames(dir) < 800, 'stopped before the end');
    assert.match(stopped.stderr, new RegExp(`continue with: .* sim --resume ${dir} --redis ${redis.url}\\n`));

    const resumed = await parlor(['sim', '--resume', dir, '--redis', redis.url, '--quiet']);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual(summaryOf(dir), await local);
  });

  test('a comparison on the queue reaches the verdict and figures of a local one', async () => {
    const compare = [
      'compare',
      '--candidate',
      'counter',
      '--baseline',
      'random',
      '--players',
      '2',
      '--max-games',
      '1000',
      '--seed',
      'parlor',
      '--json',
    ];
    // The two runs share nothing but their arguments: they play at the same time.
    const [queued, here] = await Promise.all([
      parlor([...compare, '--redis', redis.url, '--out', join(scratch, 'compare-queued')]),
      parlor([...compare, '--workers', '2', '--out', join(scratch, 'compare-local')]),
    ]);
    assert.equal(queued.code, here.code, queued.stderr);
    assert.deepEqual(summaryOf(join(scratch, 'compare-queued')), summaryOf(join(scratch, 'compare-local')));
  });

  test('a tuning run on the queue ends exactly as a local one', async () => {
    const tune = ['tune', '--game', 'dominion', '--players', '2', '--strategy', 'smithy-bm', '--param', 'duchyAt=4:0:12:1'];
    // One seed for both: the queued run and the local one must play the same games.
    const short = [...tune, '--iterations', '4', '--iteration-games', '20', '--verify-games', '40', '--seed', 'queue', '--json'];
    const [queued, here] = await Promise.all([
      parlor([...short, '--redis', redis.url, '--out', join(scratch, 'tune-queued')]),
      parlor([...short, '--workers', '2', '--out', join(scratch, 'tune-local')]),
    ]);
    assert.equal(queued.code, here.code, queued.stderr);
    assert.deepEqual(summaryOf(join(scratch, 'tune-queued')), summaryOf(join(scratch, 'tune-local')));
    const trajectory = (dir: string) => readFileSync(join(scratch, dir, 'trajectory.csv'), 'utf8');
    assert.equal(trajectory('tune-queued'), trajectory('tune-local'));
  });

  test('a worker stopped with Ctrl-C finishes the batches it holds first', async () => {
    const dir = join(scratch, 'worker-stopped');
    const run = startParlor([...JOB, '--redis', redis.url, '--out', dir, '--quiet']);
    await eventually('first batches merged', () => checkpointGames(dir) > 0, HUNG_MS);
    workers[1].child.kill('SIGINT');
    assert.equal((await workers[1].finished).code, 130, workers[1].stderr());
    const finished = await run.finished;
    assert.equal(finished.code, 0, finished.stderr);
    assert.doesNotMatch(finished.stderr, /stopped answering/);
    assert.deepEqual(summaryOf(dir), await local);
  });

  test('workers refuse batches of another parlor version or other game rules, saying why', async () => {
    const results = await answersTo(redis.url, {
      'other-version': loveLetterBatch({ parlor: '0.0.1' }),
      'other-rules': loveLetterBatch({ fingerprint: 'f00df00df00df00d' }),
    });
    const refusals = ['other-version', 'other-rules'].map((id) => {
      const result = results.get(id);
      return result && 'failure' in result ? result.failure : null;
    });
    assert.ok(refusals.every((failure) => failure?.code === ErrorCodes.WORKER_REFUSED));
    assert.match(
      refusals[0]?.message ?? '',
      new RegExp(`refused the job: it runs parlor ${version.replace(/\./g, '\\.')}, the job parlor 0\\.0\\.1`),
    );
    assert.match(
      refusals[1]?.message ?? '',
      /refused the job: its love-letter rules or code differ from the job's \(fingerprint \w+ here, f00df00df00df00d in the job\)/,
    );
    const logs = workers.map((worker) => worker.stderr()).join('');
    assert.match(logs, /refused a batch: it runs parlor/);
  });

  test('a worker whose sources change after it started fingerprints the code it plays, not the disk', async () => {
    // A copy of this project, which the worker runs from; its sources are edited once it is up.
    const copy = join(scratch, 'copy');
    for (const entry of ['bin', 'src', 'strategies', 'package.json']) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const server = await startRedis();
    const child = spawn(process.execPath, [join(copy, 'bin/parlor.js'), 'worker', '--redis', server.url, '--workers', '1'], {
      cwd: elsewhere,
      env: { ...process.env, XDG_CACHE_HOME: cache },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise((resolve) => child.on('close', resolve));
    try {
      await eventually('the worker taking batches', () => /taking batches from/.test(stderr), HUNG_MS);
      appendFileSync(join(copy, 'src/runner/play/table.ts'), '\n// edited after the worker started\n');
      // Queued with the fingerprint of the code the worker started with (this project's): played.
      const result = (await answersTo(server.url, { unchanged: loveLetterBatch() })).get('unchanged');
      assert.ok(result && 'counters' in result, JSON.stringify(result));
    } finally {
      child.kill('SIGKILL');
      await exited;
      await server.stop();
    }
  });

  test('a worker stopped with Ctrl-C after its server went away stops at once, the loss told once', async () => {
    const server = await startRedis();
    const worker = startWorker(server.url);
    const hung = setTimeout(() => worker.child.kill('SIGKILL'), HUNG_MS);
    try {
      await eventually('the worker taking batches', () => /taking batches from/.test(worker.stderr()), HUNG_MS);
      await server.stop();
      await eventually('the loss noted', () => /queue: .*waiting for the server/.test(worker.stderr()), HUNG_MS);
      worker.child.kill('SIGINT');
      // Before, it waited for the server to answer its goodbye, and stopped only at a second Ctrl-C.
      const finished = await worker.finished;
      assert.equal(finished.signal, null, `still running after ${HUNG_MS / 1000} s`);
      assert.equal(finished.code, 130, worker.stderr());
      assert.equal(worker.stderr().match(/queue: /g)?.length, 1, worker.stderr());
    } finally {
      clearTimeout(hung);
    }
  });

  test('a run that a worker refuses stops with its reason', async () => {
    // This coordinator's love-letter has a rule option more than the workers' have.
    const registry = builtinRegistry();
    const game = registry.game('love-letter');
    registry.addGame({
      ...game,
      ruleOptions: [...game.ruleOptions, { name: 'house', values: 'boolean', default: false, help: 'a house rule' }],
    });
    const plan = planSim(registry, { game: 'love-letter', strategies: ['random', 'random'], games: 100, seed: 's', design: 'independent' });
    const warnings: string[] = [];
    await assert.rejects(
      startJob(builtinJobContext({ registry, warn: (text) => warnings.push(text) }), plan, {
        workers: 1,
        batch: 50,
        redis: redis.url,
        out: join(scratch, 'refused-rules'),
      }),
      (error: unknown) =>
        error instanceof ParlorError &&
        error.code === ErrorCodes.WORKER_REFUSED &&
        /^parlor worker \S+ refused the job: its love-letter rules or code differ from the job's/.test(error.message),
    );
    assert.deepEqual(warnings, []);
  });

  test("a queued run's strategy file whose create fills the heap stops it here, before any batch, naming the file", async () => {
    const hoarder = 'test/fixtures/strategies/hoarder-at-create.ts';
    const out = join(scratch, 'hoarder');
    const args = ['sim', '-p', '2', '--strategies', `${hoarder},random`, '--worker-memory', '96', '--redis', redis.url, '--out', out];
    const run = await parlor(args);
    assert.equal(run.code, 3, run.stderr);
    assert.equal(
      run.stderr,
      `parlor: strategy module ${hoarder}: filled a worker thread's heap as its match-up was loaded and its seats made (96 MB, --worker-memory)\n`,
    );
    assert.ok(!existsSync(out), 'no results folder');
  });

  test('bot seats and transcripts stay local; an unreachable server is one line and exit 3', async () => {
    const refused = async (args: string[], message: RegExp) => {
      const out = join(scratch, 'refused');
      const run = await parlor(['sim', ...args, '--out', out]);
      assert.equal(run.code, 3, run.stderr);
      assert.match(run.stderr, message);
      assert.equal(run.stderr.split('\n').length, 2, run.stderr);
      assert.ok(!existsSync(out), 'no results folder');
    };
    await refused(
      ['--seat', 'cmd:python3 bot.py', '--seat', 'random', '--redis', redis.url],
      /^parlor: cmd:python3 bot\.py: bot seats \(cmd:\) play on this machine only; run them without --redis\n/,
    );
    await refused(['--transcripts', '--redis', redis.url], /^parlor: --transcripts is not available with --redis/);
    await refused(['--redis', 'redis://127.0.0.1:1'], /^parlor: cannot reach Redis at redis:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/);
  });
});

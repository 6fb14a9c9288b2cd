// Bot tables on threads of their own: the same counters whatever the number of threads, and no
// bot process left when a run is stopped or fails.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { builtinRegistry, loadExternalHost } from '../../../src/app.ts';
import { buildJob, jobId, matchSpecOf, type JobSpec } from '../../../src/runner/job/job.ts';
import { prepareMatch } from '../../../src/runner/play/match.ts';
import { fullRules } from '../../../src/runner/job/plan.ts';
import { countersOf, executeJob, JobProgress } from '../../../src/runner/job/run-job.ts';
import { Runners, type ThreadSetup } from '../../../src/runner/job/runners.ts';
import { startParlor } from '../../cli/cli.ts';
import { ANSWERING_SECONDS, eventually } from '../../helpers/patience.ts';
import { PYTHON, ROOT } from '../../protocol/helpers.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const REGISTRY = new URL('../../../src/app.ts', import.meta.url).href;
const THREADS: ThreadSetup = { registry: REGISTRY, host: REGISTRY };

function job(seats: readonly string[][], games: number): JobSpec {
  return buildJob({
    command: 'sim',
    game: 'love-letter',
    players: 2,
    rules: fullRules(builtinRegistry(), 'love-letter', { winsNeeded: '1' }),
    seed: 'bot-threads',
    design: 'independent',
    matchupSeats: seats,
    games,
    batchGames: 2,
  });
}

/** Plays the job on `workers` threads, with as many tasks in flight as `concurrency`, each call within `moveTimeout` seconds. */
async function play(spec: JobSpec, workers: number, modules: ThreadSetup, signal?: AbortSignal, concurrency = workers, moveTimeout = 1) {
  const registry = builtinRegistry();
  const runners = Runners.create(workers, loadExternalHost, { moveTimeout }, modules);
  const layouts = await Promise.all(
    spec.matchups.map((_, m) =>
      prepareMatch(registry, matchSpecOf(spec, m), runners.resolverFor(spec.matchups[m].seats)).then((match) => match.layout),
    ),
  );
  const progress = new JobProgress(spec, jobId(spec), layouts.map(countersOf));
  try {
    const status = await executeJob(progress, runners, { concurrency, registry: REGISTRY, signal });
    return { status, counters: progress.snapshot().map((counters) => Array.from(counters.data)) };
  } finally {
    await runners.close();
  }
}

/** Bot processes still running whose command line holds `marker`. */
function botsLeft(marker: string): string[] {
  const listing = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return listing.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

describe('bot tables on threads', () => {
  const bot = `cmd:${quote([PYTHON, join(ROOT, 'strategies/external/random_bot.py'), '2', '7'])}`;

  test('count the same with 1 and 3 threads as in the main thread', async () => {
    const spec = job(
      [
        [bot, 'random'],
        ['cautious', bot],
      ],
      12,
    );
    const mainThread = await play(spec, 1, {});
    assert.equal(mainThread.status, 'complete');
    assert.ok(mainThread.counters[0][0] > 0);
    for (const workers of [1, 3]) {
      const threaded = await play(spec, workers, THREADS);
      assert.equal(threaded.status, 'complete');
      assert.deepEqual(threaded.counters, mainThread.counters, `${workers} threads`);
    }
  });

  test("a call that fills a thread's heap costs its own seat alone: the tasks sharing the thread are played again, counted the same", async () => {
    const hoarder = join(ROOT, 'test/fixtures/strategies/hoarder.ts');
    const memory = { ...THREADS, workerMemory: 96 };
    const spec = job(
      [
        [hoarder, bot],
        ['random', bot],
      ],
      24,
    );
    // One thread: with one task at a time, none is on it beside the file's when its heap fills;
    // with two, the other is ended with it, and played again. The move limit leaves filling the
    // heap time enough on a slow machine: a call cut short by it would forfeit on time instead.
    const apart = await play(spec, 1, memory, undefined, 1, ANSWERING_SECONDS);
    const sharing = await play(spec, 1, memory, undefined, 2, ANSWERING_SECONDS);
    assert.equal(sharing.status, 'complete');
    assert.deepEqual(sharing.counters, apart.counters);
  });

  test('a stopped run leaves no bot running', async () => {
    const marker = `hang-${process.pid}-${Date.now()}`;
    const hanging = `cmd:${quote(['sh', join(ROOT, 'test/fixtures/bots/hang.sh'), marker])}`;
    const stop = new AbortController();
    const started = play(job([[hanging, 'random']], 40), 2, THREADS, stop.signal);
    await eventually('the bots started', () => botsLeft(marker).length > 0);
    stop.abort();
    assert.equal((await started).status, 'interrupted');
    assert.deepEqual(botsLeft(marker), []);
  });

  test("parlor stopped by a signal, twice, leaves none of its threads' bots running", async () => {
    const marker = `signal-${process.pid}-${Date.now()}`;
    const seat = `cmd:${quote([PYTHON, join(ROOT, 'test/fixtures/bots/ignore_term.py'), marker])}`;
    const out = join(scratchDir(), 'run');
    const { child, finished } = startParlor([
      'sim',
      '--players',
      '2',
      '--seat',
      seat,
      '--seat',
      seat,
      '--games',
      '40',
      '--workers',
      '2',
      '--out',
      out,
    ]);
    await eventually('the bots started', () => botsLeft(marker).length >= 2);
    child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 100));
    child.kill('SIGTERM');
    const { code, signal } = await finished;
    assert.ok(code === 143 || signal === 'SIGTERM', `ended by the signal (${code}, ${signal})`);
    await eventually('no bot left', () => botsLeft(marker).length === 0);
  });
});

// The job API as notebooks call it: no command line, no process signals, results in a folder.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  builtinJobContext,
  planComparison,
  planSim,
  planTournament,
  resumeComparison,
  resumeJob,
  startComparison,
  startJob,
  type JobContext,
} from '../../../src/index.ts';
import { scratchDir } from '../../helpers/scratch.ts';
import { Runners } from '../../../src/runner/job/runners.ts';
import type { GamesTask, StartTask } from '../../../src/runner/play/tasks.ts';
import { WorkerPool } from '../../../src/runner/job/pool.ts';

const scratch = scratchDir('jobs');
/** A strategy file, run confined: its seats are made on worker threads. */
const FIRST_LEGAL = 'test/fixtures/strategies/first-legal.js';

/** A context that keeps its warnings, to check what a run reports. */
function quietContext(): JobContext & { readonly warnings: string[] } {
  const warnings: string[] = [];
  return { ...builtinJobContext({ warn: (text) => warnings.push(text) }), warnings };
}

/** Runs `work` with `played` told of each task of games as it comes back from its runner. */
async function seeingGames<T>(played: (task: GamesTask) => void, work: () => Promise<T>): Promise<T> {
  const runnerFor = Runners.prototype.runnerFor;
  Runners.prototype.runnerFor = function (this: Runners, seats: readonly string[]) {
    const inner = runnerFor.call(this, seats);
    return {
      run: async (task, signal) => {
        const data = await inner.run(task, signal);
        if (task.kind === 'games') played(task);
        return data;
      },
      close: () => inner.close(),
    };
  };
  try {
    return await work();
  } finally {
    Runners.prototype.runnerFor = runnerFor;
  }
}

/** A tournament of three strategies at tables of three, in all six orders. */
function tableOfThree(context: JobContext, strategies: string[], seed: string) {
  return planTournament(context.registry, { game: 'love-letter', strategies, players: 3, games: 60, seed, seatings: 'all' });
}

/** Each strategy at each position the orders seat it, as strategy@position. */
function seatsOf(orders: readonly (readonly string[])[]): Set<string> {
  return new Set(orders.flatMap((order) => order.map((strategy, position) => `${strategy}@${position}`)));
}

describe('jobs from code', () => {
  test('a planned sim plays into its folder, and resuming the complete folder only reads it back', async () => {
    const context = quietContext();
    const out = join(scratch, 'sim');
    const plan = planSim(context.registry, {
      game: 'love-letter',
      strategies: ['cautious', 'random'],
      games: 300,
      seed: 'api',
      design: 'duplicate',
    });
    const outcome = await startJob(context, plan, { workers: 1, out });
    assert.ok(outcome.status === 'complete', outcome.status);
    assert.equal(outcome.dir, out);
    assert.equal(outcome.summary.games, 300);
    assert.equal(outcome.job.command, 'sim');
    assert.deepEqual(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')), JSON.parse(JSON.stringify(outcome.summary)));
    assert.equal(existsSync(join(out, 'checkpoint.json')), false);
    const again = await resumeJob(context, out, { workers: 1 });
    assert.ok(again.status === 'already-complete', again.status);
    assert.deepEqual(again.summary, JSON.parse(JSON.stringify(outcome.summary)));
    assert.deepEqual(context.warnings, []);
  });

  test('the tables made to check and time a run are let go before its games, not kept to its end', async (t) => {
    // A table of every seating was made in this thread before the games: held to the end, a
    // tournament of 11,880 Love Letter seatings kept 1.2 GB of tables the workers never use.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const made: WeakRef<object>[] = [];
    const madeSeats: string[][] = [];
    // Wrapped by hand: a mock would keep every result it returned.
    const checkStart = Runners.prototype.checkStart;
    Runners.prototype.checkStart = async function (this: Runners, ...args: Parameters<Runners['checkStart']>) {
      const player = await checkStart.apply(this, args);
      if (player !== null) {
        made.push(new WeakRef(player));
        madeSeats.push([...args[0].spec.seats]);
      }
      return player;
    };
    t.after(() => {
      Runners.prototype.checkStart = checkStart;
    });
    let kept = -1;
    // A WeakRef holds its target until the task that made or read it ends: collected in a later one.
    const countKept = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      kept = made.filter((ref) => ref.deref() !== undefined).length;
    };
    const context = { ...quietContext(), resultHooks: [countKept] };
    const plan = tableOfThree(context, ['random', 'cautious', 'counter'], 'held');
    const outcome = await startJob(context, plan, { workers: 1, out: join(scratch, 'held') });
    assert.equal(outcome.status, 'complete');
    // The six orders of three strategies put each at each position twice: five tables make every
    // such seat, the last order's seats all made before it.
    const seats = seatsOf(madeSeats);
    assert.equal(seats.size, 9, 'every strategy made at every position');
    assert.equal(made.length, 5, 'a table made only for a seating with a seat not made before');
    assert.equal(kept, 0, `${kept} of the ${made.length} tables still held as the run wrote its results`);
  });

  test('a strategy that cannot start at one position is refused there, its seats elsewhere made already', async () => {
    const context = quietContext();
    const random = context.registry.findStrategy('love-letter', 'random')!;
    // Made in this thread (trusted): a seat made once for a position is not made again for it.
    context.registry.addStrategy({
      ...random,
      name: 'second-seat-refuser',
      create: (options) => {
        if (options.seat === 1) throw new Error('not in the second seat');
        return random.create(options);
      },
    });
    const plan = tableOfThree(context, ['random', 'cautious', 'second-seat-refuser'], 'refused');
    await assert.rejects(startJob(context, plan, { workers: 1, out: join(scratch, 'refused') }), {
      message: 'strategy module second-seat-refuser: failed to start: not in the second seat',
    });
  });

  test("a strategy file's seats are made on a worker once each, not again for every seating that holds them", async (t) => {
    const checked: string[][] = [];
    const checkStart = WorkerPool.prototype.checkStart;
    WorkerPool.prototype.checkStart = async function (this: WorkerPool, task: StartTask) {
      checked.push([...task.match.seats]);
      return checkStart.call(this, task);
    };
    t.after(() => {
      WorkerPool.prototype.checkStart = checkStart;
    });
    const context = quietContext();
    const plan = tableOfThree(context, ['random', 'cautious', FIRST_LEGAL], 'checked');
    const outcome = await startJob(context, plan, { workers: 1, out: join(scratch, 'checked') });
    assert.equal(outcome.status, 'complete');
    // As in this thread: the six orders of three strategies make every seat in five tables.
    const seats = seatsOf(checked);
    assert.equal(seats.size, 9, 'every strategy made at every position');
    assert.equal(checked.length, 5, 'a seating checked only for a seat not made before');
  });

  test('a strategy file that cannot start at one position is refused there, its seats elsewhere made already', async () => {
    const refuser = join(scratch, 'second-seat-refuser.js');
    writeFileSync(
      refuser,
      `export default {
        name: 'second-seat-refuser',
        game: 'love-letter',
        summary: 'refuses the second seat',
        params: [],
        create({ seat }) {
          if (seat === 1) throw new Error('not in the second seat');
          return { observes: false, restart() {}, inform() {}, choose: (_view, legal) => legal[0] };
        },
      };\n`,
    );
    const context = quietContext();
    const plan = tableOfThree(context, [refuser, 'random', 'cautious'], 'refused-file');
    await assert.rejects(startJob(context, plan, { workers: 1, out: join(scratch, 'refused-file') }), {
      message: `strategy module ${refuser}: failed to start: create failed: not in the second seat`,
    });
  });

  test('a tournament stopped part way keeps its sums sparse, and its resume gives the results of a run that never stopped', async (t) => {
    const context = quietContext();
    const plan = planTournament(context.registry, {
      game: 'love-letter',
      strategies: ['random', 'cautious', 'counter'],
      players: 2,
      games: 6 * 40,
      seed: 'sparse',
      seatings: 'all',
    });
    const straight = join(scratch, 'sparse-straight');
    assert.equal((await startJob(context, plan, { workers: 1, batch: 10, out: straight })).status, 'complete');

    // Stopped as its 15th batch comes back, that batch dropped: of its rounds of 6 batches, those
    // whole are in the results so far, and the batches of the one half played are kept for the
    // resume alone. Counted by batches, not timed, so the stop lands before the end on any machine.
    const stop = new AbortController();
    let returned = 0;
    const stopped = join(scratch, 'sparse-stopped');
    const first = await seeingGames(
      () => {
        if (++returned === 15) stop.abort();
      },
      () => startJob(context, plan, { workers: 1, batch: 10, out: stopped, signal: stop.signal }),
    );
    assert.equal(first.status, 'interrupted');
    const checkpoint = JSON.parse(readFileSync(join(stopped, 'checkpoint.json'), 'utf8'));
    assert.equal(checkpoint.format, 3);
    const kept = checkpoint.merged + checkpoint.pending.length;
    assert.ok(kept >= 13 && kept % 6 !== 0, `${kept} batches kept: those that came back before the stop, a round half played among them`);
    assert.equal(first.status === 'interrupted' && first.gamesDone + first.gamesAhead, kept * 10);
    assert.ok(first.status === 'interrupted' && first.gamesDone % 60 === 0 && first.gamesAhead > 0, 'the results so far: whole rounds');
    const sums = [...checkpoint.counters, ...checkpoint.pending.map((entry: { data: unknown }) => entry.data)];
    const cells = sums.reduce((total, stored) => total + stored.size, 0);
    const numbers = sums.reduce((total, stored) => total + stored.runs.length, 0);
    // 40 games a seating touch a third of the cells (their deal groups, labels and notes mostly stay empty).
    assert.ok(numbers < cells / 2, `${numbers} numbers kept for ${cells} cells`);
    t.diagnostic(`checkpoint of ${statSync(join(stopped, 'checkpoint.json')).size} bytes: ${numbers} numbers for ${cells} cells`);

    let replayed = 0;
    const resumed = await seeingGames(
      (task) => (replayed += task.to - task.from),
      () => resumeJob(context, stopped, { workers: 1 }),
    );
    assert.equal(resumed.status, 'complete');
    assert.equal(replayed, 240 - kept * 10, 'the resume plays only the games not kept');
    assert.equal(existsSync(join(stopped, 'checkpoint.json')), false);
    const files = readdirSync(straight).filter((name) => name !== 'job.json');
    assert.ok(files.includes('summary.json') && files.some((name) => name.endsWith('.csv')));
    assert.deepEqual(readdirSync(stopped).sort(), readdirSync(straight).sort());
    for (const file of files) assert.equal(readFileSync(join(stopped, file), 'utf8'), readFileSync(join(straight, file), 'utf8'), file);
    assert.deepEqual(context.warnings, []);
  });

  test('a job whose signal is already aborted writes nothing', async () => {
    const context = quietContext();
    const out = join(scratch, 'stopped');
    const plan = planSim(context.registry, { game: 'love-letter', players: 2, games: 100, seed: 'api', design: 'independent' });
    const outcome = await startJob(context, plan, { workers: 1, out, signal: AbortSignal.abort() });
    assert.equal(outcome.status, 'not-started');
    assert.equal(existsSync(out), false);
  });

  test("a comparison's table is, by default, the game's smallest: the one opponent named fills the other seats", () => {
    const { registry } = quietContext();
    const request = { candidate: 'random', baseline: 'first-legal', sprtElo: 'normalized', maxGames: 800, batch: 100, seed: 's' } as const;
    for (const game of ['love-letter', 'hearts', 'dominion', 'speedclue']) {
      const baseline = registry.strategiesOf(game).find((s) => s.name !== 'random')!.name;
      const plan = planComparison(registry, { ...request, game, baseline });
      assert.equal(plan.players, registry.game(game).minPlayers, game);
      assert.deepEqual(plan.paired.opponents, Array(plan.players - 1).fill(baseline), game);
    }
  });

  test('a comparison reports its plan and each look, ends with a verdict, and reads back when complete', async () => {
    const context = quietContext();
    const out = join(scratch, 'compare');
    const request = {
      game: 'love-letter',
      candidate: 'cautious',
      baseline: 'random',
      sprtElo: 'normalized',
      maxGames: 800,
      batch: 100,
      seed: 'api',
      design: 'independent',
    } as const;
    assert.equal(planComparison(context.registry, request).maxBlocks, 400);
    const looks: number[] = [];
    let started = 0;
    const outcome = await startComparison(
      context,
      request,
      { workers: 1, out },
      { started: () => started++, looked: (totals) => looks.push(totals.gamesPerArm) },
    );
    assert.ok(outcome.status === 'complete', outcome.status);
    assert.equal(started, 1);
    assert.deepEqual(
      looks,
      looks.map((_, look) => 100 * (look + 1)),
      'one look after each batch of 100 games an arm',
    );
    assert.equal(outcome.summary.comparison.gamesPerArm, looks.at(-1));
    assert.ok(existsSync(join(out, 'sprt.csv')));
    const again = await resumeComparison(context, out, { workers: 1 });
    assert.ok(again.status === 'already-complete', again.status);
    assert.equal(again.summary.comparison.verdict, outcome.summary.comparison.verdict);
    assert.equal(again.summary.comparison.exitCode, outcome.summary.comparison.exitCode);
  });
});

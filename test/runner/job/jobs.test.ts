// The job API as notebooks call it: no command line, no process signals, results in a folder.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
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

const scratch = scratchDir('jobs');

/** A context that keeps its warnings, to check what a run reports. */
function quietContext(): JobContext & { readonly warnings: string[] } {
  const warnings: string[] = [];
  return { ...builtinJobContext({ warn: (text) => warnings.push(text) }), warnings };
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
    // A table of every seating is made in this thread before the games: held to the end, a
    // tournament of 11,880 Love Letter seatings kept 1.2 GB of tables the workers never use.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const made: WeakRef<object>[] = [];
    // Wrapped by hand: a mock would keep every result it returned.
    const checkStart = Runners.prototype.checkStart;
    Runners.prototype.checkStart = async function (this: Runners, ...args: Parameters<Runners['checkStart']>) {
      const player = await checkStart.apply(this, args);
      if (player !== null) made.push(new WeakRef(player));
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
    const plan = planTournament(context.registry, {
      game: 'love-letter',
      strategies: ['random', 'cautious', 'counter'],
      players: 3,
      games: 60,
      seed: 'held',
      seatings: 'all',
    });
    const outcome = await startJob(context, plan, { workers: 1, out: join(scratch, 'held') });
    assert.equal(outcome.status, 'complete');
    assert.equal(made.length, 6, 'a table made for each seating');
    assert.equal(kept, 0, `${kept} of the ${made.length} tables still held as the run wrote its results`);
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

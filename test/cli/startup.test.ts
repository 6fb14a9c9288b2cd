import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadedModules, ROOT } from '../helpers/imports.ts';

const HEAVY_RUNNER_MODULES = [
  'src/runner/job/pool.ts',
  'src/runner/job/run-job.ts',
  'src/runner/summary/summary.ts',
  'src/runner/compare/compare.ts',
  'src/runner/play/external.ts',
];

describe('start-up of `parlor bot`', () => {
  // A manager starts a bot process every round, so what the bot loads is paid thousands of times a run.
  const loaded = loadedModules(['src/cli/main.ts', 'src/cli/commands/bot.ts']);

  test('the walk follows the bot command into the protocol and the strategies', () => {
    for (const module of ['src/protocol/bot.ts', 'src/games/love-letter/engine.ts', 'strategies/love-letter/ismcts.ts']) {
      assert.ok(loaded.has(module), `${module} not reached`);
    }
  });

  test('loads none of the runner, statistics or report code', () => {
    const heavy = [...loaded].filter(
      (module) => module.startsWith('src/report/') || module.startsWith('src/stats/') || HEAVY_RUNNER_MODULES.includes(module),
    );
    assert.deepEqual(heavy, []);
  });
});

/** Project modules among `loaded` whose own imports load `packages` (top-level imports, not `import()`). */
function importersOf(loaded: Set<string>, packages: readonly string[]): string[] {
  const from = new RegExp(`^import[^;]*from '(${packages.join('|')})'`, 'm');
  return [...loaded].filter((module) => from.test(readFileSync(join(ROOT, module), 'utf8')));
}

describe('start-up of a run on this machine', () => {
  // BullMQ and ioredis take about 0.2 s to load, and only runs given --redis (and `parlor worker`) use them.
  const loaded = loadedModules([
    'src/cli/main.ts',
    'src/cli/commands/sim.ts',
    'src/cli/commands/tournament.ts',
    'src/cli/commands/compare.ts',
  ]);

  test('the walk follows sim into the job runner', () => {
    assert.ok(loaded.has('src/runner/job/run-job.ts'), 'src/runner/job/run-job.ts not reached');
  });

  test('loads no Redis queue client', () => {
    assert.deepEqual(importersOf(loaded, ['bullmq', 'ioredis']), []);
  });
});

describe('start-up of a worker thread', () => {
  // Every run starts one per core, all at once, before its first game.
  const loaded = loadedModules(['src/runner/play/threads/worker.ts']);

  test('the walk follows the worker into the play loop and the block sums', () => {
    for (const module of ['src/runner/play/task-player.ts', 'src/runner/play/table.ts', 'src/stats/blocks.ts']) {
      assert.ok(loaded.has(module), `${module} not reached`);
    }
  });

  test('loads no distribution library: the critical value it needs is written out', () => {
    assert.ok(loaded.has('src/stats/critical-value.ts'));
    assert.ok(!loaded.has('src/stats/normal.ts'), 'src/stats/normal.ts loads @stdlib, about 30 ms of every thread start');
  });

  test("imports nothing from piscina, whose module is the main thread's pool", () => {
    // Importing piscina in a worker loads the whole pool module beside the play loop, measurably slower.
    assert.deepEqual(importersOf(loaded, ['piscina']), []);
  });
});

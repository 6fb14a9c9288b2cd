import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Static imports that load code: `import type` and `export type` are erased, and `import(...)`
// loads only when the command that needs it runs.
const LOADING_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm;

/** Every project module that loading `entries` evaluates, by path from the project root. */
function loadedModules(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = entries.map((entry) => resolve(ROOT, entry));
  while (pending.length > 0) {
    const file = pending.pop()!;
    const name = relative(ROOT, file);
    if (seen.has(name)) continue;
    seen.add(name);
    for (const match of readFileSync(file, 'utf8').matchAll(LOADING_IMPORT)) pending.push(resolve(dirname(file), match[1]));
  }
  return seen;
}

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
      (module) =>
        module.startsWith('src/report/') ||
        module.startsWith('src/stats/') ||
        /src\/runner\/(pool|run-job|summary|compare|external)\.ts$/.test(module),
    );
    assert.deepEqual(heavy, []);
  });
});

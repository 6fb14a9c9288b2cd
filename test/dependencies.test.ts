// The dependency rule: core <- games <- runner <- (stats, report) <- cli, with protocol beside the
// runner. Every import counts here, type-only and `import()` ones too: a layer that names another
// depends on it, even where it loads nothing.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT, importsOf } from './helpers/imports.ts';

/** What each folder of src/ must never import. */
const FORBIDDEN: Readonly<Record<string, readonly string[]>> = {
  core: ['games', 'runner', 'cli', 'protocol', 'report', 'stats', 'app.ts'],
  runner: ['cli', 'protocol', 'app.ts'],
  report: ['cli', 'protocol', 'app.ts'],
};

function modulesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true })
    .map((name) => join(folder, String(name)))
    .filter((name) => /\.(ts|js)$/.test(name));
}

/** The imports of src/`folder` that reach into a forbidden part of src/. */
function violations(folder: string): string[] {
  const forbidden = FORBIDDEN[folder].map((part) => join('src', part));
  return modulesUnder(join('src', folder)).flatMap((module) =>
    importsOf(module)
      .filter((target) => forbidden.some((part) => target === part || target.startsWith(`${part}/`)))
      .map((target) => `${module} -> ${target}`),
  );
}

describe('the dependency rule', () => {
  for (const folder of Object.keys(FORBIDDEN)) {
    test(`src/${folder} imports none of ${FORBIDDEN[folder].join(', ')}`, () => {
      assert.deepEqual(violations(folder), []);
    });
  }

  test('the walk sees every kind of import, so a violation would show', () => {
    assert.ok(importsOf('src/app.ts').includes('src/protocol/index.ts'), 'import() seen');
    assert.ok(importsOf('src/app.ts').includes('src/runner/external.ts'), 'import type seen');
    assert.ok(importsOf('src/runner/jobs.ts').includes('src/runner/runners.ts'), 'static import seen');
  });
});

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledModule, compileTree, rewriteSpecifiers, sourceKey, ROOT } from '../../bin/compile.js';

/** A project of three modules: a.ts imports b.ts statically and c.ts on demand, and reads the package's version. */
const projects: string[] = [];
after(() => projects.forEach((root) => rmSync(root, { recursive: true, force: true })));

function tinyProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'parlor-compile-'));
  projects.push(root);
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'strategies'));
  writeFileSync(join(root, 'package.json'), '{ "version": "9.8.7", "type": "module" }\n');
  writeFileSync(
    join(root, 'src/a.ts'),
    [
      "import { readFileSync } from 'node:fs';",
      "import type { Shape } from './shape.ts';",
      "import { twice } from './b.ts';",
      "export const version: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;",
      'export const value: Shape = { n: twice(21) };',
      "export const later = async (): Promise<string> => (await import('../strategies/c.ts')).name;",
    ].join('\n'),
  );
  writeFileSync(join(root, 'src/b.ts'), 'export const twice = (n: number): number => n * 2;\n');
  writeFileSync(join(root, 'src/shape.ts'), 'export interface Shape { n: number }\n');
  writeFileSync(join(root, 'strategies/c.ts'), "export const name: string = 'c';\n");
  return root;
}

describe('the compiled cache', () => {
  test('rewrites relative .ts specifiers of imports, re-exports and import(), and nothing else', () => {
    const code = [
      'import { a } from "./a.ts";',
      'export * from "../b/b.ts";',
      'const c = await import("./c.ts");',
      'import "./side.ts";',
      'import x from "pkg/x.ts";',
      'const text = "see ./notes.ts";',
      'new URL("./worker.js", import.meta.url);',
    ].join('\n');
    assert.equal(
      rewriteSpecifiers(code),
      [
        'import { a } from "./a.js";',
        'export * from "../b/b.js";',
        'const c = await import("./c.js");',
        'import "./side.js";',
        'import x from "pkg/x.ts";',
        'const text = "see ./notes.ts";',
        'new URL("./worker.js", import.meta.url);',
      ].join('\n'),
    );
  });

  test('compiles a project into a tree of JavaScript that runs without a TypeScript loader', async () => {
    const root = tinyProject();
    const tree = await compileTree(root);
    const a = await import(pathToFileURL(join(tree, 'src/a.js')).href);
    assert.equal(a.value.n, 42);
    assert.equal(a.version, '9.8.7', 'files read beside the modules are there');
    assert.equal(await a.later(), 'c');
    assert.ok(!readFileSync(join(tree, 'src/a.js'), 'utf8').includes('.ts'));
  });

  test('reuses the tree while the sources are unchanged, and makes another when one changes', async () => {
    const root = tinyProject();
    const first = await compileTree(root);
    const made = statSync(first).mtimeMs;
    assert.equal(await compileTree(root), first);
    assert.equal(statSync(first).mtimeMs, made);
    const key = sourceKey(root);
    writeFileSync(join(root, 'src/b.ts'), 'export const twice = (n: number): number => n + n;\n');
    assert.notEqual(sourceKey(root), key);
    const second = await compileTree(root);
    assert.notEqual(second, first);
    assert.deepEqual(readdirSync(join(root, '.cache/compiled')).sort(), [first, second].map((path) => path.split('/').at(-1)).sort());
  });

  test('sources that do not compile give no compiled module, and are not compiled again until they change', async () => {
    const root = tinyProject();
    writeFileSync(join(root, 'src/b.ts'), 'export const twice = (n: number): number => n *;\n');
    assert.equal(await compiledModule(join(root, 'src/a.ts'), root), null);
    const failed = readdirSync(join(root, '.cache/compiled')).filter((name) => name.endsWith('.failed'));
    assert.equal(failed.length, 1);
    const noted = statSync(join(root, '.cache/compiled', failed[0])).mtimeMs;
    assert.equal(await compiledModule(join(root, 'src/a.ts'), root), null);
    assert.equal(statSync(join(root, '.cache/compiled', failed[0])).mtimeMs, noted, 'not tried again');
    writeFileSync(join(root, 'src/b.ts'), 'export const twice = (n: number): number => n * 2;\n');
    assert.ok(await compiledModule(join(root, 'src/a.ts'), root));
  });

  test('gives no compiled module where the cache cannot be written, so parlor falls back to tsx', async () => {
    const root = tinyProject();
    writeFileSync(join(root, '.cache'), 'a file where the cache folder would go');
    assert.equal(await compiledModule(join(root, 'src/a.ts'), root), null);
  });

  test('parlor runs the same from the cache and through tsx', () => {
    // cautious chooses without a random stream: both runs must answer alike.
    const args = [join(ROOT, 'bin/parlor.js'), 'bot', 'cautious', '--game', 'love-letter', '--players', '2'];
    const input = '2\ndraw knight\nplayer 1\nplayed 1 priestess\nplayer 2\ndraw general\n';
    const compiled = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
    const viaTsx = spawnSync(process.execPath, args, { input, encoding: 'utf8', env: { ...process.env, PARLOR_COMPILE: '0' } });
    assert.equal(compiled.status, 0, compiled.stderr);
    assert.ok(compiled.stdout.length > 0);
    assert.deepEqual([viaTsx.status, viaTsx.stdout, viaTsx.stderr], [compiled.status, compiled.stdout, compiled.stderr]);
  });
});

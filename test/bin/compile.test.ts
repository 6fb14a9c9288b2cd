import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledModule, compileTree, ENTRY_MODULES, sourceFiles, sourceKey, ROOT } from '../../bin/compile.js';

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

const ENTRIES = ['src/a.ts'];

describe('the compiled cache', () => {
  test('bundles the entries into JavaScript that plain Node runs, reading files beside the sources', async () => {
    const root = tinyProject();
    const tree = await compileTree(root, undefined, ENTRIES);
    const script = `const a = await import(${JSON.stringify(pathToFileURL(join(tree, 'src/a.js')).href)}); console.log(JSON.stringify([a.value.n, a.version, await a.later()]));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), [42, '9.8.7', 'c']);
    assert.deepEqual(readdirSync(join(tree, 'src')), ['a.js'], 'only the entry has a file of its own');
  });

  test("keeps the sources' top-level constants const in the bundle, and what they assign again var", async () => {
    const root = tinyProject();
    writeFileSync(
      join(root, 'src/b.ts'),
      [
        'const FACTORS = new Int32Array([2]);',
        'let calls = 0;',
        'export class Doubler { twice(n: number): number { return n * FACTORS[0]; } }',
        'export const twice = (n: number): number => (calls++, new Doubler().twice(n));',
        'export const callCount = (): number => calls;',
      ].join('\n'),
    );
    const tree = await compileTree(root, undefined, ENTRIES);
    const code = readFileSync(join(tree, 'src/a.js'), 'utf8');
    for (const name of ['FACTORS', 'Doubler', 'twice', 'value']) assert.match(code, new RegExp(`^const ${name} = `, 'm'), name);
    assert.match(code, /^var calls = 0;$/m);
    const script = `const a = await import(${JSON.stringify(pathToFileURL(join(tree, 'src/a.js')).href)}); console.log(a.value.n);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim(), '42');
  });

  test('reuses the tree while the sources are unchanged, and makes another when one changes', async () => {
    const root = tinyProject();
    const first = await compileTree(root, undefined, ENTRIES);
    const made = statSync(first).mtimeMs;
    assert.equal(await compileTree(root, undefined, ENTRIES), first);
    assert.equal(statSync(first).mtimeMs, made);
    // Touched but unchanged: the sources are hashed again and give the same tree.
    utimesSync(join(root, 'src/b.ts'), new Date(), new Date(Date.now() + 5000));
    assert.equal(await compileTree(root, undefined, ENTRIES), first);
    const key = sourceKey(root, undefined, ENTRIES);
    // The same size, so only the modification time tells the change.
    writeFileSync(join(root, 'src/b.ts'), 'export const twice = (n: number): number => n + n;\n');
    assert.notEqual(sourceKey(root, undefined, ENTRIES), key);
    const second = await compileTree(root, undefined, ENTRIES);
    assert.notEqual(second, first);
    const trees = readdirSync(join(root, '.cache/compiled')).filter((name) => name !== 'stamp.json');
    assert.deepEqual(trees.sort(), [first, second].map((path) => path.split('/').at(-1)).sort());
  });

  test('sources that do not compile give no compiled module, and are not compiled again until they change', async () => {
    const root = tinyProject();
    writeFileSync(join(root, 'src/b.ts'), 'export const twice = (n: number): number => n *;\n');
    assert.equal(await compiledModule(join(root, 'src/a.ts'), root, ENTRIES), null);
    const failed = readdirSync(join(root, '.cache/compiled')).filter((name) => name.endsWith('.failed'));
    assert.equal(failed.length, 1);
    const noted = statSync(join(root, '.cache/compiled', failed[0])).mtimeMs;
    assert.equal(await compiledModule(join(root, 'src/a.ts'), root, ENTRIES), null);
    assert.equal(statSync(join(root, '.cache/compiled', failed[0])).mtimeMs, noted, 'not tried again');
    writeFileSync(join(root, 'src/b.ts'), 'export const twice = (n: number): number => n * 2;\n');
    assert.ok(await compiledModule(join(root, 'src/a.ts'), root, ENTRIES));
  });

  test('gives no compiled module where the cache cannot be written, so parlor falls back to tsx', async () => {
    const root = tinyProject();
    writeFileSync(join(root, '.cache'), 'a file where the cache folder would go');
    assert.equal(await compiledModule(join(root, 'src/a.ts'), root, ENTRIES), null);
  });

  test('a stamp that cannot be written only costs the next start a hash of the sources', async () => {
    const root = tinyProject();
    const tree = await compileTree(root, undefined, ENTRIES);
    const stamp = join(root, '.cache/compiled/stamp.json');
    rmSync(stamp);
    mkdirSync(stamp);
    assert.equal(await compileTree(root, undefined, ENTRIES), tree);
    assert.ok(statSync(stamp).isDirectory());
    assert.deepEqual(
      readdirSync(join(root, '.cache/compiled')).sort(),
      [tree.split('/').at(-1), 'stamp.json'].sort(),
      'no scratch file left',
    );
  });

  test('only entries have a compiled module', async () => {
    const root = tinyProject();
    await assert.rejects(compiledModule(join(root, 'src/b.ts'), root, ENTRIES), /src\/b\.ts is not one of the compiled entries/);
  });

  test('every module parlor loads by URL is an entry of the bundle', () => {
    const named = sourceFiles()
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(/(?:moduleUrl|threadStart)\('([^']+)'\)/g)].map((match) => match[1]),
      )
      .sort();
    assert.ok(named.length >= 3);
    for (const path of named) assert.ok(ENTRY_MODULES.includes(path), `${path} is loaded by URL but is not in ENTRY_MODULES`);
  });

  test('the registry module, the API and the command line share one copy of every module', async () => {
    const api = await import((await compiledModule(join(ROOT, 'src/index.ts')))!);
    assert.equal(api.BUILTIN_REGISTRY_MODULE, await compiledModule(join(ROOT, 'src/app.ts')));
    const registry = await import(api.BUILTIN_REGISTRY_MODULE);
    assert.equal(registry.builtinRegistry, api.builtinRegistry);
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

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cachedBundle, type BuiltBundle } from '../../../../src/runner/play/confined/bundle-cache.ts';
import type { EngineBinaries } from '../../../../src/runner/play/confined/bundle.ts';
import { scratchDir } from '../../../helpers/scratch.ts';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * Writes `path` as if long ago, with its folder: a bundle whose files changed during its build is
 * not kept, and files written just now may have. Each write is dated a second after the last, as a
 * later write would be.
 */
let writes = 0;
function writeLongAgo(path: string, text: string): void {
  writeFileSync(path, text);
  const past = new Date(Date.now() - 3600_000 + ++writes * 1000);
  utimesSync(path, past, past);
  utimesSync(dirname(path), past, past);
}

/** A strategy file and a helper beside it, a cache folder, and a build that counts its calls. */
function setting(engineBytes = { current: new Uint8Array([1, 2, 3]) }, duringBuild = () => {}) {
  const folder = scratchDir('bundle-cache');
  const strategy = join(folder, 'bot', 'mine.ts');
  const helper = join(folder, 'bot', 'helper.ts');
  mkdirSync(join(folder, 'bot'));
  writeLongAgo(strategy, "import { pick } from './helper.ts';\nexport default pick;\n");
  writeLongAgo(helper, 'export const pick = 1;\n');
  const cache = join(folder, 'cache');
  const engines: EngineBinaries = new Map([['dominion', () => engineBytes.current]]);
  let builds = 0;
  const build = async (): Promise<BuiltBundle> => {
    builds++;
    duringBuild();
    return { bundled: { code: `build ${builds}`, map: '{}' }, files: [strategy, helper], engines: ['dominion'] };
  };
  const bundle = (into: string | null = cache) => cachedBundle(strategy, engines, build, into);
  return { folder, strategy, helper, cache, engineBytes, bundle, builds: () => builds };
}

describe('the cache of strategy bundles', () => {
  test('a bundle is built once, then taken from the cache while nothing it was made from changed', async () => {
    const s = setting();
    assert.deepEqual(await s.bundle(), { code: 'build 1', map: '{}' });
    assert.deepEqual(await s.bundle(), { code: 'build 1', map: '{}' });
    assert.equal(s.builds(), 1);
    assert.equal(readdirSync(s.cache).length, 1);
  });

  test('a file it imports, changed to other contents of the same size, makes it build again', async () => {
    const s = setting();
    await s.bundle();
    writeLongAgo(s.helper, 'export const pick = 2;\n');
    assert.equal((await s.bundle()).code, 'build 2');
    assert.equal((await s.bundle()).code, 'build 2');
  });

  test('a file added beside its files (an import could now find it first) makes it build again', async () => {
    const s = setting();
    await s.bundle();
    writeLongAgo(join(s.folder, 'bot', 'helper.js'), 'export const pick = 3;\n');
    assert.equal((await s.bundle()).code, 'build 2');
    assert.equal((await s.bundle()).code, 'build 2');
  });

  test('a game engine it carries that changed, or a file it read that is gone, makes it build again', async () => {
    const s = setting();
    await s.bundle();
    s.engineBytes.current = new Uint8Array([1, 2, 4]);
    assert.equal((await s.bundle()).code, 'build 2');
    assert.equal((await s.bundle()).code, 'build 2');
    rmSync(s.helper);
    assert.equal((await s.bundle()).code, 'build 3');
  });

  test('a bundle whose files changed while it was built is not kept: what esbuild read may not be what they hold', async () => {
    const s = setting({ current: new Uint8Array([1]) }, () => writeFileSync(s.helper, 'export const pick = 5;\n'));
    assert.equal((await s.bundle()).code, 'build 1');
    assert.equal((await s.bundle()).code, 'build 2');
  });

  test('an entry that cannot be read is built again; a cache that cannot be written only costs the build', async () => {
    const s = setting();
    await s.bundle();
    const [entry] = readdirSync(s.cache);
    writeFileSync(join(s.cache, entry), '{"format": 1, "strat');
    assert.equal((await s.bundle()).code, 'build 2');
    const notAFolder = join(s.folder, 'file');
    writeFileSync(notAFolder, '');
    assert.equal((await s.bundle(join(notAFolder, 'cache'))).code, 'build 3');
    assert.equal((await s.bundle(null)).code, 'build 4');
  });
});

test('the cache keeps the 32 bundles used last, each path a strategy was given by having its own', async () => {
  const folder = scratchDir('bundle-cache-many');
  const cache = join(scratchDir('bundle-cache-many-kept'), 'cache');
  const engines: EngineBinaries = new Map();
  const paths = Array.from({ length: 40 }, (_, index) => join(folder, `s${index}.ts`));
  for (const path of paths) writeLongAgo(path, 'export default 1;\n');
  const bundle = (path: string) =>
    cachedBundle(path, engines, async () => ({ bundled: { code: path, map: '{}' }, files: [path], engines: [] }), cache);
  for (const path of paths) assert.equal((await bundle(path)).code, path);
  assert.equal(readdirSync(cache).length, 32);
  assert.equal((await bundle(paths[0])).code, paths[0]);
  assert.equal(readdirSync(cache).length, 32);
});

test('a strategy file edited between two runs of the compiled parlor plays as edited, its failures placed in it', async () => {
  const folder = scratchDir('bundle-cache-cli');
  const strategy = join(folder, 'edited.ts');
  const source = (throws: boolean) =>
    `import { loveLetter } from 'parlor/strategy/love-letter';\n` +
    `export default { name: 'edited', game: loveLetter.id, summary: 's', create: () => ({\n` +
    `  choose(_view: unknown, legal: Int32Array) {${throws ? " throw new Error('edited');" : ''} return legal[0]; },\n` +
    `}) };\n`;
  const run = async () => {
    const { stderr } = await promisify(execFile)(
      process.execPath,
      [
        'bin/parlor.js',
        'sim',
        '--strategies',
        `${strategy},random`,
        '-n',
        '4',
        '-w',
        '1',
        '--out',
        join(folder, 'results'),
        '--force',
        '-q',
      ],
      { cwd: ROOT, env: { ...process.env, PARLOR_COMPILE: '1' } },
    );
    return stderr;
  };
  writeFileSync(strategy, source(false));
  assert.doesNotMatch(await run(), /forfeit/);
  writeFileSync(strategy, source(true));
  // Bundled now, then taken from the cache: both place the failure on the file's line 3.
  for (let time = 0; time < 2; time++) assert.match(await run(), /strategy-error: edited \(.*edited\.ts:3\)/);
});

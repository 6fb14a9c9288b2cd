// parlor's sources are TypeScript and a clone needs no build step, yet loading the TypeScript
// compiler costs every process a few hundred milliseconds, which a bot started every round of a
// competition, or each of sixteen worker threads, pays again and again. So parlor compiles its
// own sources once, with esbuild, into a cache folder keyed by a hash of the sources and the Node
// version: each later start only hashes the sources and loads plain JavaScript. When the cache
// cannot be made (a read-only install, no esbuild), parlor runs the sources through tsx as before.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folders whose modules are compiled, from the project root. */
const SOURCE_FOLDERS = ['src', 'strategies'];
/** Files the compiled modules read beside themselves (version.ts reads the package's version). */
const COPIED_FILES = ['package.json'];
// Bumped when the way sources are compiled changes, so that no older cache is taken for current.
const COMPILER_VERSION = 1;
// Caches of other versions of the sources are removed once this old: a run started from one may
// still load modules from it (charts, bot hosting) for a while.
const STALE_MS = 24 * 3600 * 1000;

/** Where compiled trees live, one folder per key. */
export function cacheFolder(root = ROOT) {
  return join(root, '.cache', 'compiled');
}

/** Every module to compile, by path from the root, sorted so the key does not depend on the file system's order. */
export function sourceFiles(root = ROOT) {
  return SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true })
      .map((name) => join(folder, String(name)))
      .filter((name) => /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts')),
  ).sort();
}

/** The key of the sources as they stand: their paths and contents, the copied files, the Node version and where the tree is. */
export function sourceKey(root = ROOT, files = sourceFiles(root)) {
  const hash = createHash('sha256');
  hash.update(`${COMPILER_VERSION}\0${process.version}\0${root}\0`);
  for (const file of [...files, ...COPIED_FILES]) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

// Relative module specifiers ending in .ts, in static imports, re-exports and import() as esbuild
// prints them: the compiled tree holds .js files in their place.
const TS_SPECIFIER = /((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.\.?\/[^"'\n]*?)\.ts\2/g;

export function rewriteSpecifiers(code) {
  return code.replace(TS_SPECIFIER, (_match, before, quote, path) => `${before}${quote}${path}.js${quote}`);
}

/**
 * Compiles every source module into `<cache>/<key>/` (same layout, .ts become .js) and returns
 * that folder; an existing one is reused. The tree is written under a temporary name and renamed
 * into place, so a process never sees half of one, and two compiling at once both end with a whole tree.
 */
export async function compileTree(root = ROOT, cache = cacheFolder(root)) {
  const files = sourceFiles(root);
  const tree = join(cache, sourceKey(root, files));
  if (existsSync(tree)) return tree;
  // Sources that did not compile (a syntax error being edited, say) are not tried again at every
  // start: tsx runs them, and reports the error, until they change.
  const failed = `${tree}.failed`;
  if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
  const { build } = await import('esbuild');
  const scratch = `${tree}.${process.pid}.tmp`;
  rmSync(scratch, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: files,
    outdir: scratch,
    outbase: root,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    write: false,
    logLevel: 'silent',
  }).catch((error) => {
    mkdirSync(cache, { recursive: true });
    writeFileSync(failed, String(error?.message ?? error));
    throw error;
  });
  for (const output of result.outputFiles) {
    mkdirSync(dirname(output.path), { recursive: true });
    writeFileSync(output.path, rewriteSpecifiers(output.text));
  }
  for (const file of COPIED_FILES) copyFileSync(join(root, file), join(scratch, file));
  try {
    renameSync(scratch, tree);
  } catch (error) {
    // Another process put the same tree in place first: theirs is as good.
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(tree)) throw error;
  }
  removeStale(cache, tree);
  return tree;
}

function removeStale(cache, keep) {
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (path !== keep && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** The compiled counterpart of a source module, as a URL, or null when the cache cannot be had. */
export async function compiledModule(source, root = ROOT) {
  try {
    const tree = await compileTree(root);
    return pathToFileURL(join(tree, relative(root, source).replace(/\.ts$/, '.js'))).href;
  } catch {
    return null;
  }
}

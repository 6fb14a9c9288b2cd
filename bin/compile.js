// parlor's sources are TypeScript and a clone needs no build step, yet loading the TypeScript
// compiler costs every process a few hundred milliseconds, and loading a hundred separate modules
// costs a bot started every round of a competition, or each of sixteen worker threads, tens more.
// So parlor bundles its own sources once, with esbuild, into a cache folder keyed by a hash of the
// sources and the Node version: each later start only hashes the sources and loads a few files of
// plain JavaScript. When the cache cannot be made (a read-only install, no esbuild), parlor runs
// the sources through tsx as before.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { restoreConstBindings } from './const-bindings.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folders whose modules are compiled, from the project root. */
const SOURCE_FOLDERS = ['src', 'strategies'];
/**
 * The modules loaded by URL rather than imported: the command line, the threads' entries, the
 * registry module threads load, and the public API. Each becomes a file of the bundle; the code
 * they share goes into chunks they all import, so a thread holds one copy of every module. A
 * module that names another with moduleUrl() (src/compiled.ts) must list it here.
 */
export const ENTRY_MODULES = [
  'src/cli/main.ts',
  'src/app.ts',
  'src/index.ts',
  'src/runner/play/threads/worker.ts',
  'src/runner/play/threads/bot-thread.ts',
  'src/runner/play/confined/load-check-thread.ts',
];
/**
 * Small CommonJS packages on the path of every start, bundled in: loaded from the ES modules
 * through Node's CommonJS loader they cost a bot process several milliseconds. Every other package
 * is loaded from node_modules (piscina starts workers from its own files, others are native or big
 * and loaded on demand).
 */
const BUNDLED_PACKAGES = new Set(['commander', 'seedrandom', 'shell-quote']);
// Bundled CommonJS code calls require() for Node's own modules, which ES modules lack.
const REQUIRE_BANNER =
  "import { createRequire as parlorCreateRequire } from 'node:module'; const require = parlorCreateRequire(import.meta.url);";
// Bumped when the way sources are compiled changes, so that no older cache is taken for current.
const COMPILER_VERSION = 4;
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

/** The key of the sources as they stand: their paths and contents, the entries, the Node version and where the tree is. */
export function sourceKey(root = ROOT, files = sourceFiles(root), entries = ENTRY_MODULES) {
  const hash = createHash('sha256');
  hash.update(`${COMPILER_VERSION}\0${process.version}\0${root}\0${entries.join('\0')}\0`);
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

/** Leaves packages in node_modules, but for BUNDLED_PACKAGES. */
function externalPackages() {
  return {
    name: 'parlor-external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path
          .split('/')
          .slice(0, args.path.startsWith('@') ? 2 : 1)
          .join('/');
        return BUNDLED_PACKAGES.has(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/**
 * Gives every module the URL of its source as `import.meta.url`: files it reads beside itself
 * (package.json, a game's sources) are found as they are when run through tsx, wherever the
 * bundle put its code.
 */
function sourceUrls(root) {
  return {
    name: 'parlor-source-urls',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        if (relative(root, args.path).startsWith('..') || args.path.includes('node_modules')) return undefined;
        const code = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents: code, loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * Bundles the entry modules into `<cache>/<key>/` (same paths, .ts become .js, shared code in
 * chunks/) and returns that folder; an existing one is reused. The tree is written under a
 * temporary name and renamed into place, so a process never sees half of one, and two compiling at
 * once both end with a whole tree.
 */
export async function compileTree(root = ROOT, cache = cacheFolder(root), entries = ENTRY_MODULES) {
  const stamped = stampedTree(root, cache, entries);
  if (stamped) return stamped;
  const files = sourceFiles(root);
  // Taken before the contents are read: a file changed meanwhile fails the next start's look.
  const seen = { ...stampSettings(root, entries), files: files.map((file) => [file, ...fileStamp(join(root, file))]) };
  const tree = join(cache, sourceKey(root, files, entries));
  if (!existsSync(tree)) await bundle(root, cache, tree, entries);
  writeStamp(cache, { ...seen, key: basename(tree) });
  return tree;
}

/** Notes the stamp for the next start; where it cannot be written, starts just hash the sources again. */
function writeStamp(cache, stamp) {
  const path = join(cache, STAMP);
  const scratch = `${path}.${process.pid}`;
  try {
    writeFileSync(scratch, JSON.stringify(stamp));
    renameSync(scratch, path);
  } catch {
    rmSync(scratch, { force: true });
  }
}

/** Bundles the sources into `tree`, or throws (and notes the failure) where they do not compile. */
async function bundle(root, cache, tree, entries) {
  // Sources that did not compile (a syntax error being edited, say) are not tried again at every
  // start: tsx runs them, and reports the error, until they change.
  const failed = `${tree}.failed`;
  if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
  const { build } = await import('esbuild');
  const scratch = `${tree}.${process.pid}.tmp`;
  rmSync(scratch, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: scratch,
    outbase: root,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    define: { PARLOR_BUNDLE: JSON.stringify(pathToFileURL(join(tree, '/')).href) },
    banner: { js: REQUIRE_BANNER },
    plugins: [externalPackages(), sourceUrls(root)],
    logLevel: 'silent',
  }).catch((error) => {
    mkdirSync(cache, { recursive: true });
    writeFileSync(failed, String(error?.message ?? error));
    throw error;
  });
  const { parse } = await import('acorn');
  for (const name of readdirSync(scratch, { recursive: true })) {
    const path = join(scratch, String(name));
    if (!path.endsWith('.js')) continue;
    // Only speed is at stake: a file the parser does not take stays as esbuild wrote it, and runs.
    try {
      writeFileSync(path, restoreConstBindings(readFileSync(path, 'utf8'), parse));
    } catch {}
  }
  writeFileSync(join(scratch, 'package.json'), '{ "type": "module" }\n');
  try {
    renameSync(scratch, tree);
  } catch (error) {
    // Another process put the same tree in place first: theirs is as good.
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(tree)) throw error;
  }
  removeStale(cache, tree);
}

// Hashing every source at each start costs a bot process about ten milliseconds. So the last
// tree's key is kept beside the sizes and modification times its sources had: while every one of
// them looks the same (and the files a bundle reads can only change through them), that tree is current.
const STAMP = 'stamp.json';

function stampSettings(root, entries) {
  return { compiler: COMPILER_VERSION, node: process.version, root, entries };
}

function fileStamp(path) {
  const stat = statSync(path);
  return [stat.size, stat.mtimeMs];
}

/** The tree the stamp names, when the sources look as they did then; otherwise null. */
function stampedTree(root, cache, entries) {
  try {
    const stamp = JSON.parse(readFileSync(join(cache, STAMP), 'utf8'));
    const settings = stampSettings(root, entries);
    if (JSON.stringify([stamp.compiler, stamp.node, stamp.root, stamp.entries]) !== JSON.stringify(Object.values(settings))) return null;
    for (const [file, size, mtime] of stamp.files) {
      const [nowSize, nowMtime] = fileStamp(join(root, file));
      if (nowSize !== size || nowMtime !== mtime) return null;
    }
    const tree = join(cache, stamp.key);
    return existsSync(tree) ? tree : null;
  } catch {
    return null;
  }
}

function removeStale(cache, keep) {
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (path !== keep && name !== STAMP && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** The compiled counterpart of an entry module, as a URL, or null when the cache cannot be had. */
export async function compiledModule(source, root = ROOT, entries = ENTRY_MODULES) {
  if (!entries.includes(relative(root, source))) throw new Error(`${relative(root, source)} is not one of the compiled entries`);
  try {
    const tree = await compileTree(root, cacheFolder(root), entries);
    return pathToFileURL(join(tree, relative(root, source).replace(/\.ts$/, '.js'))).href;
  } catch {
    return null;
  }
}

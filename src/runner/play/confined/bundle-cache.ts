// Bundling a strategy file with esbuild takes a bot process a hundred milliseconds or more, where
// the rest of its start takes about as much, and a Love Letter or Dominion server starts a bot for
// every round or game. So a bundle is kept on disk, beside parlor's compiled sources, with what it
// was made from, and taken again while every one of those looks the same: the strategy's own files
// by their contents, the folders they lie in (a file added there can change what an import finds),
// the packages by size and modification time, and each game engine it carries by its bytes.
// parlor's own sources are not looked at: the compiled tree the cache lies in is named by their
// hash, and goes, with its bundles, when they change.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, rmSync, statSync, utimesSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledTree } from '../../../compiled.ts';
import { writeCacheFile } from '../../../core/results-files.ts';

/** What a bundled file is loaded from: plain text, which threads are handed (see main-thread-esbuild.ts). */
export interface BundledStrategy {
  readonly code: string;
  /** The source map, as JSON. */
  readonly map: string;
}

/** The bytes of each game's compiled engine, by game id (Game.engineBinary). */
export type EngineBinaries = ReadonlyMap<string, () => Uint8Array>;

/** A bundle as esbuild made it: the files it read (absolute paths) and the games whose engine it carries. */
export interface BuiltBundle {
  readonly bundled: BundledStrategy;
  readonly files: readonly string[];
  readonly engines: readonly string[];
}

/** Bumped when what an entry holds changes, so that no older entry is read as current. */
const FORMAT = 1;

interface Entry {
  readonly format: number;
  readonly strategy: string;
  /** [path, what it held]: a hash of its contents, or for a package's file its size and modification time. */
  readonly files: readonly (readonly [string, string])[];
  /** [folder, modification time]. */
  readonly folders: readonly (readonly [string, number])[];
  /** [game, hash of its engine's bytes]. */
  readonly engines: readonly (readonly [string, string])[];
  readonly code: string;
  readonly map: string;
}

/** Where bundles are kept while parlor runs compiled; null from its sources, whose changes nothing would key. */
export function bundleCacheFolder(): string | null {
  const tree = compiledTree();
  return tree === null ? null : join(tree, 'strategy-bundles');
}

const hashOf = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

function inPackage(path: string): boolean {
  return path.split(sep).includes('node_modules');
}

function fileState(path: string): string {
  if (!inPackage(path)) return hashOf(readFileSync(path));
  const stat = statSync(path);
  return `${stat.size}:${stat.mtimeMs}`;
}

/**
 * The bundle of the strategy file at `absolute`: the one kept in `folder` while it is current, or
 * `build`'s, then kept. A cache that cannot be read or written only costs the build: a bundle is
 * never refused for it.
 */
export async function cachedBundle(
  absolute: string,
  engines: EngineBinaries,
  build: () => Promise<BuiltBundle>,
  folder: string | null = bundleCacheFolder(),
): Promise<BundledStrategy> {
  if (folder === null) return (await build()).bundled;
  const path = join(folder, `${hashOf(absolute).slice(0, 32)}.json`);
  const kept = currentEntry(path, absolute, engines);
  if (kept !== null) {
    markUsed(path);
    return { code: kept.code, map: kept.map };
  }
  const started = Date.now();
  const built = await build();
  const entry = entryOf(absolute, built, engines, started);
  if (entry !== null && writeCacheFile(path, JSON.stringify(entry))) prune(folder);
  return built.bundled;
}

/**
 * The most bundles kept (each a megabyte or so, most of it the source map): every path a strategy
 * was given by has its own, and scratch files would otherwise pile up. The least recently used go.
 */
const MOST_KEPT = 32;

function markUsed(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {}
}

function prune(folder: string): void {
  try {
    const entries = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ path: join(folder, name), used: statSync(join(folder, name)).mtimeMs }))
      .sort((a, b) => b.used - a.used);
    for (const { path } of entries.slice(MOST_KEPT)) rmSync(path, { force: true });
  } catch {}
}

/** parlor's sources, which the compiled tree's name stands for, as esbuild names the files it read: by their real paths. */
const PARLOR_SOURCES = realpathSync(fileURLToPath(new URL('../../..', import.meta.url)));

/**
 * Whether a file or folder of a bundle changed since the build started, perhaps after esbuild read
 * it: its state now might then not be what the bundle holds. Such a bundle is not kept; the next
 * start builds it again. Modification times are allowed a margin for the file system's clock.
 */
function changedSince(files: readonly string[], folders: readonly string[], started: number): boolean {
  const recent = (path: string) => statSync(path).mtimeMs >= started - CLOCK_MARGIN_MS;
  return folders.some(recent) || files.some(recent);
}

const CLOCK_MARGIN_MS = 2000;

/** What the entry of a bundle built from `started` on holds; null when it should not be kept, or cannot be told. */
function entryOf(strategy: string, built: BuiltBundle, engines: EngineBinaries, started: number): Entry | null {
  const theirs = [...new Set(built.files)].filter((file) => relative(PARLOR_SOURCES, file).startsWith('..')).sort();
  const folders = [...new Set(theirs.filter((file) => !inPackage(file)).map((file) => dirname(file)))].sort();
  try {
    if (changedSince(theirs, folders, started)) return null;
    return {
      format: FORMAT,
      strategy,
      files: theirs.map((file) => [file, fileState(file)] as const),
      folders: folders.map((folder) => [folder, statSync(folder).mtimeMs] as const),
      engines: [...new Set(built.engines)].sort().map((game) => [game, hashOf(engines.get(game)!())] as const),
      code: built.bundled.code,
      map: built.bundled.map,
    };
  } catch {
    return null;
  }
}

/** The entry at `path` when it is whole and everything it was made from looks the same; null otherwise. */
function currentEntry(path: string, strategy: string, engines: EngineBinaries): Entry | null {
  try {
    const entry = JSON.parse(readFileSync(path, 'utf8')) as Entry;
    if (entry.format !== FORMAT || entry.strategy !== strategy) return null;
    if (!entry.folders.every(([folder, time]) => statSync(folder).mtimeMs === time)) return null;
    if (!entry.files.every(([file, state]) => fileState(file) === state)) return null;
    if (!entry.engines.every(([game, hash]) => engines.has(game) && hashOf(engines.get(game)!()) === hash)) return null;
    return typeof entry.code === 'string' && typeof entry.map === 'string' ? entry : null;
  } catch {
    return null;
  }
}

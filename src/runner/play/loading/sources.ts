import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { EXTERNAL_SPEC_PREFIX, parseStrategySpec } from '../../../core/strategy-spec.ts';

/**
 * What a job's user strategies are made of: a content hash of each strategy file and of every
 * local file it imports (relative imports, followed through the files they import in turn), keyed
 * by path relative to the working folder. Packages and built-ins are not followed: the parlor
 * version and commit in job.json stand for those. A resume compares these to refuse results that
 * would mix games played by two versions of a strategy.
 */
export type SourceHashes = Readonly<Record<string, string>>;

// Relative specifiers of static imports and re-exports, side-effect imports, dynamic imports and requires.
const LOCAL_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"\n]+)['"]/g;
// How Node and tsx find a module from its specifier: as written, TypeScript behind a .js name, or with an extension added.
const CANDIDATE_SUFFIXES = ['', '.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '/index.ts', '/index.js'];

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const typescript = base.replace(/\.(m|c)?js$/, '.$1ts');
  for (const candidate of [typescript, ...CANDIDATE_SUFFIXES.map((suffix) => base + suffix)]) {
    if (isFile(candidate)) return candidate;
  }
  return null;
}

export function hashOf(text: Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The hashes of the files behind `specs` that name strategy files (built-ins and bot commands have none). */
export function sourceHashes(specs: readonly string[], isBuiltin: (name: string) => boolean): SourceHashes {
  const files = strategyFiles(specs, isBuiltin);
  const hashes = localSources(files.map((name) => resolve(name)));
  return Object.fromEntries(
    [...hashes].map(([path, hash]): [string, string] => [relative(process.cwd(), path), hash]).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** The specs' strategy files, as named in them (built-ins and bot commands are not files). */
export function strategyFiles(specs: readonly string[], isBuiltin: (name: string) => boolean): string[] {
  return specs
    .filter((spec) => !spec.startsWith(EXTERNAL_SPEC_PREFIX))
    .map((spec) => parseStrategySpec(spec).name)
    .filter((name) => !isBuiltin(name) && isFile(name));
}

/** The files given (absolute paths) and every local file they import, each with its content hash. */
export function localSources(entries: readonly string[]): Map<string, string> {
  const hashes = new Map<string, string>();
  const pending = [...entries];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (hashes.has(path)) continue;
    const content = readFileSync(path);
    hashes.set(path, hashOf(content));
    for (const match of content.toString('utf8').matchAll(LOCAL_IMPORT)) {
      const imported = resolveImport(path, match[1]);
      if (imported) pending.push(imported);
    }
  }
  return hashes;
}

/** The recorded files whose content is no longer what was recorded (changed or gone). */
export function changedSources(recorded: SourceHashes, current: SourceHashes): string[] {
  return Object.keys(recorded).filter((path) => recorded[path] !== current[path]);
}

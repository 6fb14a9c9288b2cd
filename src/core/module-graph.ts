// The project's own import graph, read from its sources: what a remote worker fingerprints, and
// what the start-up and dependency tests walk. Sources are read as files, so the graph is the
// same whether parlor runs from them or from its compiled bundle (which keeps their URLs).
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/**
 * Which imports count. `named`: every way a module names another, type-only and dynamic imports
 * included (what a layer depends on). `loaded`: the static imports that load code (`import type`
 * and `export type` are erased), what evaluating the module evaluates. `run`: those and dynamic
 * imports, everything the module's code may load as it runs.
 */
export type ImportKind = 'named' | 'loaded' | 'run';

const STATIC_LOAD = String.raw`^(?:import|export)\s+(?!type\b)[^;]*?from\s+`;
const STATIC_ANY = String.raw`^(?:import|export)\s[^;]*?from\s+`;
const DYNAMIC = String.raw`\bimport\s*\(\s*`;
const SPECIFIER = String.raw`'(\.[^']+)'`;

const PATTERNS: Readonly<Record<ImportKind, RegExp>> = {
  named: new RegExp(`(?:${STATIC_ANY}|${DYNAMIC})${SPECIFIER}`, 'gm'),
  loaded: new RegExp(`${STATIC_LOAD}${SPECIFIER}`, 'gm'),
  run: new RegExp(`(?:${STATIC_LOAD}|${DYNAMIC})${SPECIFIER}`, 'gm'),
};

/** The project modules `file` imports, as paths from `root` (so is `file`). */
export function importsOf(root: string, file: string, kind: ImportKind): string[] {
  const path = resolve(root, file);
  return [...readFileSync(path, 'utf8').matchAll(PATTERNS[kind])].map((match) => relative(root, resolve(dirname(path), match[1])));
}

/** Every project module reached from `entries` through imports of `kind`, by path from `root`. */
export function reachedModules(root: string, entries: readonly string[], kind: ImportKind): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const name = relative(root, resolve(root, pending.pop()!));
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...importsOf(root, name, kind));
  }
  return seen;
}

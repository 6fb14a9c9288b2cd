// The project's own import graph, read from the sources: what the start-up and dependency tests walk.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Static imports that load code: `import type` and `export type` are erased, and `import(...)`
// loads only when the code that calls it runs.
const LOADING_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm;
// Every way a module names another: static imports and re-exports, type-only ones included, and `import('...')`.
const ANY_IMPORT = /(?:^(?:import|export)\s[^;]*?from\s+|\bimport\s*\(\s*)'(\.[^']+)'/gm;

/** The project modules `file` names (paths from the project root); with `loadingOnly`, only those loaded with it. */
export function importsOf(file: string, loadingOnly = false): string[] {
  const path = resolve(ROOT, file);
  const pattern = loadingOnly ? LOADING_IMPORT : ANY_IMPORT;
  return [...readFileSync(path, 'utf8').matchAll(pattern)].map((match) => relative(ROOT, resolve(dirname(path), match[1])));
}

/** Every project module that loading `entries` evaluates, by path from the project root. */
export function loadedModules(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const name = relative(ROOT, resolve(ROOT, pending.pop()!));
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...importsOf(name, true));
  }
  return seen;
}

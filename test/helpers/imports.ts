// The project's own import graph, from the project root: what the start-up and dependency tests walk.
import { fileURLToPath } from 'node:url';
import { importsOf as importsFrom, reachedModules } from '../../src/core/module-graph.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The project modules `file` names (paths from the project root); with `loadingOnly`, only those loaded with it. */
export function importsOf(file: string, loadingOnly = false): string[] {
  return importsFrom(ROOT, file, loadingOnly ? 'loaded' : 'named');
}

/** Every project module that loading `entries` evaluates, by path from the project root. */
export function loadedModules(entries: readonly string[]): Set<string> {
  return reachedModules(ROOT, entries, 'loaded');
}

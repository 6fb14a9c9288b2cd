// parlor runs either from its TypeScript sources (through tsx, or in Deno) or from the bundle that
// bin/compile.js makes of them, which defines PARLOR_BUNDLE as the bundle's folder URL. A module
// loaded by URL rather than imported (a thread's entry, the registry module threads load) must then
// be one of the bundle's own entries, so that each thread holds a single copy of every module.
import { fileURLToPath } from 'node:url';

declare const PARLOR_BUNDLE: string | undefined;

const SOURCE_ROOT = new URL('..', import.meta.url);

/** The URL that loads the module at `path` (from the project root; one of bin/compile.js's ENTRY_MODULES) as parlor runs now. */
export function moduleUrl(path: string): string {
  return typeof PARLOR_BUNDLE === 'string' ? new URL(path.replace(/\.ts$/, '.js'), PARLOR_BUNDLE).href : new URL(path, SOURCE_ROOT).href;
}

/** The folder of the compiled tree parlor runs from; null when it runs from its sources. */
export function compiledTree(): string | null {
  return typeof PARLOR_BUNDLE === 'string' ? fileURLToPath(PARLOR_BUNDLE) : null;
}

/**
 * How to start a thread that runs the module at `path` (one of the ENTRY_MODULES): its entry, and
 * the workerData field that tells thread-entry.js which module to load when that is the entry.
 */
export function threadStart(path: string): { readonly entry: URL; readonly workerData: { readonly threadModule: string } } {
  const threadModule = moduleUrl(path);
  const entry = threadModule.endsWith('.ts') ? new URL('runner/play/threads/thread-entry.js', import.meta.url) : new URL(threadModule);
  return { entry, workerData: { threadModule } };
}

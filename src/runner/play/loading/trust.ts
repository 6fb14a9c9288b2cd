import { relative, resolve } from 'node:path';

/**
 * Strategy files the user vouches for (`--trust`): they run in parlor's own realm with all of
 * Node, as parlor's own modules do. Every other strategy file runs confined (confined/realm.ts).
 * Kept apart from the loaders so that the command line can set it without loading them.
 */
const trustedFiles = new Set<string>();

export function trustStrategyFiles(paths: readonly string[]): void {
  for (const path of paths) trustedFiles.add(resolve(path));
}

/** The trusted files as absolute paths: threads that load strategies are told them. */
export function trustedStrategyFiles(): string[] {
  return [...trustedFiles];
}

/**
 * Whether a strategy file runs confined. Deno compiles and runs the notebooks' strategies itself,
 * without the vm contexts confinement is built on: there files run as trusted.
 */
export function confines(absolute: string): boolean {
  return !trustedFiles.has(resolve(absolute)) && !('Deno' in globalThis);
}

/** What job.json records of how a run's strategy files ran, paths relative to the working folder. */
export interface Confinement {
  readonly confined: readonly string[];
  readonly trusted: readonly string[];
}

export function confinementOf(files: readonly string[]): Confinement {
  const local = (path: string) => relative(process.cwd(), resolve(path));
  return {
    confined: files.filter((file) => confines(resolve(file))).map(local),
    trusted: files.filter((file) => !confines(resolve(file))).map(local),
  };
}

// An engine written in AssemblyScript runs as WebAssembly, compiled from its source with no build
// step: the first process that needs it compiles it with `asc` into a cache folder keyed by a hash
// of its sources and the compiler's version and options, and every later one reads the binary from
// there. Binaries are written under a temporary name and renamed into place, so processes that
// compile at once (test files, worker threads) each end with a whole one.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Errors, STOPPING_SIGNALS, StoppedError, type ParlorError } from './errors.ts';
import { writeCacheFile } from './results-files.ts';

/** An AssemblyScript program: a folder of sources, the modules generated beside them, how to compile. */
export interface AssemblySource {
  /** Names the binary in the cache. */
  readonly name: string;
  /** The entry module; every .ts file in its folder is part of the program. */
  readonly entry: URL;
  /**
   * Modules written into the folder before compiling, by file name: constants the TypeScript side
   * owns (codes, memory layout), so the two sides cannot disagree on them.
   */
  readonly generated: Readonly<Record<string, string>>;
  readonly options: readonly string[];
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

/** The compiled program's bytes, from the cache, or compiled now. */
export function assemblyBytes(source: AssemblySource): Uint8Array {
  const folder = dirname(fileURLToPath(source.entry));
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .sort();
  const compiler = require.resolve('assemblyscript/package.json');
  const hash = createHash('sha256');
  hash.update(`${readFileSync(compiler, 'utf8')}\0${source.options.join(' ')}\0${basename(fileURLToPath(source.entry))}\0`);
  for (const name of files) hash.update(`${name}\0${readFileSync(join(folder, name), 'utf8')}\0`);
  for (const [name, text] of Object.entries(source.generated).sort()) hash.update(`${name}\0${text}\0`);
  const binary = `${source.name}-${hash.digest('hex').slice(0, 20)}.wasm`;
  for (const cache of cacheFolders()) {
    try {
      return readFileSync(join(cache, binary));
    } catch {}
  }
  const bytes = compile(source, folder, files, join(dirname(compiler), 'bin', 'asc.js'));
  for (const cache of cacheFolders()) {
    if (!writeCacheFile(join(cache, binary), bytes)) continue;
    removeStale(cache, source.name, binary);
    break;
  }
  return bytes;
}

// Binaries of other versions of the sources are removed once this old: a run started from one may
// still be making states from it for a while.
const STALE_MS = 24 * 3600 * 1000;

function removeStale(cache: string, name: string, current: string): void {
  for (const file of readdirSync(cache)) {
    if (file === current || !file.startsWith(`${name}-`) || !file.endsWith('.wasm')) continue;
    const path = join(cache, file);
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    } catch {}
  }
}

/** The project's own cache, then the system's temporary folder for an install that cannot be written. */
function cacheFolders(): string[] {
  return [join(ROOT, '.cache', 'assembly'), join(tmpdir(), 'parlor-assembly')];
}

function compile(source: AssemblySource, folder: string, files: readonly string[], asc: string): Uint8Array {
  const scratch = mkdtempSync(join(tmpdir(), 'parlor-asc-'));
  try {
    for (const name of files) writeFileSync(join(scratch, name), readFileSync(join(folder, name)));
    for (const [name, text] of Object.entries(source.generated)) writeFileSync(join(scratch, name), text);
    const entry = join(scratch, basename(fileURLToPath(source.entry)));
    const output = join(scratch, 'out.wasm');
    // Under Deno (the notebooks' kernel) the runtime runs a script through its `run` command.
    const runtime = 'Deno' in globalThis ? ['run', '--allow-all'] : [];
    const run = spawnSync(process.execPath, [...runtime, asc, entry, ...source.options, '--outFile', output], { encoding: 'utf8' });
    if (run.status !== 0) throw compileFailure(source.name, run);
    return readFileSync(output);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Why the compiler gave no binary. Ctrl-C reaches the compiler with parlor (one process group), and
 * while it runs parlor's own handlers wait: a compiler ended by a signal that stops parlor was
 * stopped, not broken (the engine's source and the install are fine). Another signal (the kernel's
 * SIGKILL out of memory) is named, where the compiler itself said nothing.
 */
export function compileFailure(name: string, run: Pick<SpawnSyncReturns<string>, 'signal' | 'stderr' | 'stdout' | 'error'>): ParlorError {
  if (run.signal !== null && STOPPING_SIGNALS.includes(run.signal)) return new StoppedError(run.signal, `compiling the ${name} engine`);
  const said = `${run.stderr || run.stdout || run.error?.message || ''}`.trim();
  return Errors.engineBuild(name, said || `the compiler was ended by ${run.signal ?? 'an unknown cause'}`);
}

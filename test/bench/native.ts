// Each engine beside its native C reference (shared/bench/*.c beside the repository: the nearest
// folder above it that holds shared/bench), built here with gcc, the same rules and players played
// by both. The machine's speed drifts, so parlor and C take turns in short slices within one run
// and each side's best slice is its speed; the ratio of the bests is the figure to watch. Each case
// plays in a process of its own, as a sim worker plays one game: one process playing every engine
// in turn would leave the shared play loop compiled for the mix, slower for each. Skipped, with a
// note, where gcc or the references are missing.
//
// Where clang can build for wasm32-wasi (Debian: clang, lld, wasi-libc, libclang-rt-dev-wasm32),
// the same references also run as WebAssembly under this Node, taking their turns in the same
// slices: the speed any engine hosted by this runtime could reach with C's own code, the yardstick
// for how much of the gap to C is the runtime's rather than parlor's. Run alone with
//   node --expose-gc --import tsx test/bench/native.ts [--quick]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTable, prepareMatch } from '../../src/runner/play/match.ts';
import { playGame } from '../../src/runner/play/table.ts';
import { builtinRegistry } from '../../src/app.ts';
import { compileWasm, instantiateWasm } from '../../src/core/webassembly.ts';
import type { BenchLine, EngineBenchOptions } from './engine.ts';
import { heapUsed } from './heap.ts';

interface NativeCase {
  readonly bench: string;
  readonly game: string;
  readonly seats: readonly string[];
  readonly rules: Readonly<Record<string, string>>;
  /** The reference's source file, and its arguments for `games` games. */
  readonly source: string;
  readonly args: (games: number) => string[];
  /** The field of the reference's JSON that holds its speed. */
  readonly speedField: string;
  /** Games per step of a parlor slice, which plays steps for SLICE_SECONDS, and per run of the reference. */
  readonly parlorStep: number;
  readonly nativeSlice: number;
}

const CASES: readonly NativeCase[] = [
  {
    bench: 'native-love-letter',
    game: 'love-letter',
    seats: ['random', 'random', 'random', 'random'],
    rules: {},
    source: 'love_letter_ref.c',
    args: (games) => [String(games), '4', '1'],
    speedField: 'gamesPerSec',
    parlorStep: 2_000,
    nativeSlice: 60_000,
  },
  {
    bench: 'native-hearts',
    game: 'hearts',
    seats: ['random', 'random', 'random', 'random'],
    rules: { endScore: '0', hands: '1' },
    source: 'hearts_ref.c',
    args: (games) => ['spec', '4', String(games), '1'],
    speedField: 'handsPerSec',
    parlorStep: 2_000,
    nativeSlice: 150_000,
  },
  {
    bench: 'native-dominion',
    game: 'dominion',
    seats: ['big-money', 'big-money'],
    rules: {},
    source: 'dominion_ref.c',
    args: (games) => [String(games), 'bm', 'bm', '1'],
    speedField: 'gamesPerSec',
    parlorStep: 500,
    nativeSlice: 100_000,
  },
  {
    bench: 'native-dominion',
    game: 'dominion',
    seats: ['smithy-bm', 'big-money'],
    rules: {},
    source: 'dominion_ref.c',
    args: (games) => [String(games), 'smithy', 'bm', '1'],
    speedField: 'gamesPerSec',
    parlorStep: 500,
    nativeSlice: 100_000,
  },
];

/** The command line of `source`'s reference for `games` games, as its first case runs it. */
export function referenceArgs(source: string, games: number): string[] {
  return CASES.find((c) => c.source === source)!.args(games);
}

/** The nearest shared/bench folder above the repository root, or null. */
function referenceFolder(): string | null {
  let folder = fileURLToPath(new URL('../../', import.meta.url));
  for (;;) {
    const candidate = join(folder, 'shared', 'bench');
    if (existsSync(join(candidate, 'dominion_ref.c'))) return candidate;
    const parent = dirname(folder);
    if (parent === folder) return null;
    folder = parent;
  }
}

/** How a reference is built: the compiler, its flags before the output, and what each build is called. */
interface Toolchain {
  readonly what: string;
  readonly compiler: string;
  readonly flags: readonly string[];
  readonly extension: string;
}

const NATIVE: Toolchain = { what: 'native references', compiler: 'gcc', flags: ['-O2'], extension: '' };
const WASM: Toolchain = { what: 'WebAssembly references', compiler: 'clang', flags: ['--target=wasm32-wasi', '-O2'], extension: '.wasm' };

/** Builds each reference once into `into`; null (and a note) when the compiler is missing or a build fails. */
function buildReferences(from: string, into: string, toolchain: Toolchain): Map<string, string> | null {
  const binaries = new Map<string, string>();
  for (const source of new Set(CASES.map((c) => c.source))) {
    const binary = join(into, source.replace(/\.c$/, toolchain.extension));
    const built = spawnSync(toolchain.compiler, [...toolchain.flags, '-o', binary, join(from, source), '-lm'], { encoding: 'utf8' });
    if (built.error || built.status !== 0) {
      const why = built.error ? 'not found' : `failed on ${source}: ${built.stderr.trim().split('\n').at(-1)}`;
      process.stderr.write(`note: ${toolchain.what} skipped: ${toolchain.compiler} ${why}\n`);
      return null;
    }
    binaries.set(source, binary);
  }
  return binaries;
}

/** The reference's speed over one slice: run natively, or as WebAssembly in a child Node. */
function referenceSpeed(binary: string, c: NativeCase): number {
  const args = c.args(c.nativeSlice);
  const run = binary.endsWith(WASM.extension)
    ? spawnSync(process.execPath, [...process.execArgv, '--no-warnings', fileURLToPath(import.meta.url), '--wasm', binary, ...args], {
        encoding: 'utf8',
      })
    : spawnSync(binary, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${binary} failed: ${run.stderr}`);
  return Number((JSON.parse(run.stdout) as Record<string, unknown>)[c.speedField]);
}

/** Runs a WebAssembly reference in this process with `args` as its command line (--wasm mode). */
async function runWasm(binary: string, args: readonly string[]): Promise<void> {
  // Loaded here, in the child started with --no-warnings: its import warns that WASI is experimental.
  const { WASI } = await import('node:wasi');
  const wasi = new WASI({ version: 'preview1', args: [binary, ...args], env: {} });
  const imports = wasi.getImportObject() as Parameters<typeof instantiateWasm>[1];
  wasi.start({ exports: instantiateWasm(compileWasm(readFileSync(binary)), imports) });
}

/** Each parlor slice lasts about this long, whatever the machine's speed, like a run of the reference. */
const SLICE_SECONDS = 0.15;

async function benchCase(c: NativeCase, binary: string, wasm: string | null, slices: number): Promise<BenchLine> {
  const match = await prepareMatch(builtinRegistry(), { game: c.game, seats: c.seats, rules: c.rules, seed: 'bench' });
  const table = createTable(match);
  let game = 0;
  const playSlice = (): number => {
    const start = performance.now();
    const from = game;
    let seconds = 0;
    while (seconds < SLICE_SECONDS) {
      for (const end = game + c.parlorStep; game < end; game++) playGame(table, match.key, game);
      seconds = (performance.now() - start) / 1000;
    }
    return (game - from) / seconds;
  };
  playSlice();
  const heapStart = heapUsed();
  let parlor = 0;
  let native = 0;
  let webAssembly = 0;
  for (let slice = 0; slice < slices; slice++) {
    parlor = Math.max(parlor, playSlice());
    native = Math.max(native, referenceSpeed(binary, c));
    if (wasm !== null) webAssembly = Math.max(webAssembly, referenceSpeed(wasm, c));
  }
  const heapEnd = heapUsed();
  const ratio = (speed: number): number => Math.round((speed / native) * 1000) / 1000;
  return {
    bench: c.bench,
    seats: c.seats.join(' vs '),
    slices,
    gamesPerSecond: Math.round(parlor),
    nativeGamesPerSecond: Math.round(native),
    ratio: ratio(parlor),
    ...(wasm === null ? {} : { wasmGamesPerSecond: Math.round(webAssembly), wasmRatio: ratio(webAssembly) }),
    heapGrowthBytes: heapEnd - heapStart,
  };
}

/** Case `index` measured by this file run in a fresh process (see the top). */
function benchInChild(index: number, binary: string, wasm: string | null, slices: number): BenchLine {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), '--case', String(index), binary, wasm ?? '-', String(slices)];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`native bench case ${index} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as BenchLine;
}

/**
 * Builds the native references into a temporary folder and hands them to `use`, by source file name
 * (with `buildAs`, which builds them with another toolchain into the same folder), then removes
 * them; skipped, with a note, where the references or gcc are missing.
 */
export async function withNativeReferences(
  use: (binaries: Map<string, string>, buildAs: (toolchain: Toolchain) => Map<string, string> | null) => Promise<void> | void,
): Promise<void> {
  const from = referenceFolder();
  if (from === null) {
    process.stderr.write('note: native references skipped: no shared/bench folder above the repository\n');
    return;
  }
  const into = mkdtempSync(join(tmpdir(), 'parlor-native-'));
  try {
    const binaries = buildReferences(from, into, NATIVE);
    if (binaries !== null) await use(binaries, (toolchain) => buildReferences(from, into, toolchain));
  } finally {
    rmSync(into, { recursive: true, force: true });
  }
}

export async function benchNative(options: EngineBenchOptions, report: (line: BenchLine) => void): Promise<void> {
  await withNativeReferences((binaries, buildAs) => {
    const wasm = buildAs(WASM);
    CASES.forEach((c, index) => report(benchInChild(index, binaries.get(c.source)!, wasm?.get(c.source) ?? null, options.quick ? 3 : 10)));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--case');
  const wasmAt = process.argv.indexOf('--wasm');
  if (wasmAt >= 0) await runWasm(process.argv[wasmAt + 1], process.argv.slice(wasmAt + 2));
  else if (at < 0) await benchNative({ quick: process.argv.includes('--quick') }, (line) => console.log(JSON.stringify(line)));
  else {
    const [index, binary, wasm, slices] = process.argv.slice(at + 1);
    console.log(JSON.stringify(await benchCase(CASES[Number(index)], binary, wasm === '-' ? null : wasm, Number(slices))));
  }
}

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { assemblyBytes, compileFailure, type AssemblySource } from '../../src/core/assembly.ts';
import { ErrorCodes, ParlorError, StoppedError } from '../../src/core/errors.ts';
import { compileWasm, instantiateWasm } from '../../src/core/webassembly.ts';

const CACHE = fileURLToPath(new URL('../../.cache/assembly', import.meta.url));

describe('engines in AssemblyScript, compiled on first use', () => {
  const folder = mkdtempSync(join(tmpdir(), 'parlor-assembly-test-'));
  const name = `test-${process.pid}`;
  writeFileSync(
    join(folder, 'main.ts'),
    "import { SCALE } from './constants';\nexport function scaled(x: i32): i32 {\n  return x * SCALE;\n}\n",
  );
  writeFileSync(join(folder, 'broken.ts'), 'export function broken(): i32 {\n  return undeclaredName;\n}\n');
  const source = (entry: string, scale: number): AssemblySource => ({
    name,
    entry: pathToFileURL(join(folder, entry)),
    generated: { 'constants.ts': `export const SCALE: i32 = ${scale};\n` },
    options: ['-O3', '--runtime', 'stub'],
  });
  const cached = () => readdirSync(CACHE).filter((file) => file.startsWith(`${name}-`));
  const scaled = (bytes: Uint8Array, x: number) => (instantiateWasm(compileWasm(bytes), {}).scaled as (x: number) => number)(x);
  after(() => {
    rmSync(folder, { recursive: true, force: true });
    for (const file of cached()) rmSync(join(CACHE, file), { force: true });
  });

  test('compiles the program with its generated modules beside it, into the cache', () => {
    assert.equal(scaled(assemblyBytes(source('main.ts', 3)), 5), 15);
    assert.equal(cached().length, 1);
  });

  test('reads the cached binary the next time rather than compiling again', () => {
    const [binary] = cached();
    const marker = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
    writeFileSync(join(CACHE, binary), marker);
    assert.deepEqual(new Uint8Array(assemblyBytes(source('main.ts', 3))), marker);
  });

  test('compiles anew when a generated module changes, and removes binaries a day old', () => {
    const stale = join(CACHE, `${name}-stale.wasm`);
    writeFileSync(stale, 'old');
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    utimesSync(stale, dayAgo, dayAgo);
    assert.equal(scaled(assemblyBytes(source('main.ts', 4)), 5), 20);
    assert.equal(existsSync(stale), false);
    assert.equal(cached().length, 2);
  });

  test('a program that does not compile fails in one line naming the compiler message', () => {
    assert.throws(
      () => assemblyBytes(source('broken.ts', 3)),
      (error: unknown) =>
        error instanceof ParlorError &&
        error.code === ErrorCodes.ENGINE_BUILD &&
        error.message.startsWith(`cannot compile the ${name} engine`) &&
        error.message.includes('undeclaredName') &&
        !error.message.includes('\n'),
    );
  });

  test('a compiler stopped with parlor (Ctrl-C reaches both) is a stop, not a broken install', () => {
    const stopped = compileFailure('dominion', { signal: 'SIGINT', stderr: '', stdout: '', error: undefined });
    assert.ok(stopped instanceof StoppedError);
    assert.equal(stopped.signal, 'SIGINT');
    assert.equal(
      stopped.message,
      'stopped by SIGINT while compiling the dominion engine; nothing was written (the next start does it again)',
    );
    // Killed by something else, it said nothing: the signal is the reason given.
    const killed = compileFailure('dominion', { signal: 'SIGKILL', stderr: '', stdout: '', error: undefined });
    assert.equal(killed.code, ErrorCodes.ENGINE_BUILD);
    assert.match(killed.message, /: the compiler was ended by SIGKILL$/);
  });
});

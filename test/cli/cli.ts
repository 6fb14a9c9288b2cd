// The CLI two ways: as a child process of bin/parlor.js (what users run), and in this process
// through run() with the output captured (faster, for checking results).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommandContext } from '../../src/cli/command.ts';
import { BUILTIN_REGISTRY_MODULE, builtinRegistry } from '../../src/app.ts';
import { run } from '../../src/cli/main.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Starts bin/parlor.js (in the project folder unless `cwd` says otherwise, with `env` added to this
 * process's environment); `finished` resolves when it exits.
 */
/** Runs still going: a test that fails while one runs must not leave it playing past the test file. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function startParlor(
  args: readonly string[],
  cwd = ROOT,
  env: NodeJS.ProcessEnv = {},
): { child: ChildProcess; finished: Promise<Finished> } {
  const child = spawn(process.execPath, [join(ROOT, 'bin/parlor.js'), ...args], {
    cwd,
    // As a user runs it from a shell, however the tests were started (`npx tsx --test` would
    // otherwise make every printed hint read `npx parlor`).
    env: { ...process.env, npm_command: undefined, INIT_CWD: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  const finished = new Promise<Finished>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, finished };
}

export function parlor(args: readonly string[], cwd = ROOT): Promise<Finished> {
  return startParlor(args, cwd).finished;
}

export interface Captured {
  readonly code: number;
  readonly out: string[];
  readonly warnings: string[];
}

/** Runs the CLI in this process; nothing reaches the terminal. */
export async function runCaptured(args: readonly string[]): Promise<Captured> {
  const out: string[] = [];
  const warnings: string[] = [];
  const context: CommandContext = {
    registry: builtinRegistry(),
    registryModule: BUILTIN_REGISTRY_MODULE,
    resultHooks: [],
    print: (text) => out.push(text),
    progress: () => {},
    warn: (text) => warnings.push(text),
  };
  return { code: await run(args, context), out, warnings };
}

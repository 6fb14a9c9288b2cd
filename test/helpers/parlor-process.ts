// Runs the CLI as a user does: a real child process through bin/parlor.js.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ParlorRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function runParlor(args: readonly string[]): Promise<ParlorRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/parlor.js', ...args], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

import { basename, isAbsolute, relative } from 'node:path';
import { shellWord } from '../core/shell-word.ts';
import { maskPassword } from '../runner/job/remote/redis-url.ts';

/** What the command line needs to know of how this process was started. */
export interface ProcessStart {
  /** process.argv: node, then the script it runs. */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

const ENTRY_NAMES = new Set(['parlor', 'parlor.js']);

/**
 * The words that start parlor the way the user just did, so that a printed hint (resume a run,
 * replay a game) can be pasted as it stands: `npx parlor`, `parlor` on the PATH, or
 * `node bin/parlor.js` from the folder the user typed in. An npm script (`npm start`) fixes options
 * of its own that a resume must not repeat, so its hint names the script file node ran instead.
 * Anything else (parlor loaded as a library) gets the plain `parlor`.
 */
export function invokedCommand(start: ProcessStart = { argv: process.argv, env: process.env, cwd: process.cwd() }): string {
  const script = start.argv[1] ?? '';
  if (!ENTRY_NAMES.has(basename(script))) return 'parlor';
  if (start.env.npm_command === 'exec') return 'npx parlor';
  if (start.env.npm_command === undefined && basename(script) === 'parlor') return 'parlor';
  const from = start.env.INIT_CWD ?? start.cwd;
  const path = isAbsolute(script) ? relative(from, script) : script;
  return `node ${shellWord(path.startsWith('..') ? script : path)}`;
}

/**
 * The command that resumes the run in `dir` (on the queue `redis`, if any), to be pasted as it
 * stands, but for a queue's password: terminals and logs keep what is printed, so it is masked
 * there as everywhere else, and the hint says to put it back.
 */
export function resumeCommand(command: string, dir: string, redis?: string, invocation: string = invokedCommand()): string {
  const resume = `${invocation} ${command} --resume ${shellWord(dir)}`;
  if (redis === undefined) return resume;
  const shown = maskPassword(redis);
  return `${resume} --redis ${shellWord(shown)}${shown === redis ? '' : " (the queue's password in place of ***)"}`;
}

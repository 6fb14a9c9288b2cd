import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { parse } from 'shell-quote';
import { Errors } from '../core/errors.ts';
import { EXTERNAL_SPEC_PREFIX } from '../core/strategy-spec.ts';

export { isExternalSpec } from '../core/strategy-spec.ts';

/** A bot's command line, split into a program and its arguments: it runs without a shell. */
export interface BotCommand {
  readonly program: string;
  readonly args: readonly string[];
}

/**
 * Splits `cmd:<program> [args...]` the way a shell would (quotes, backslashes, $VARIABLES from
 * the environment) and refuses what only a shell could do: pipes, redirections, command lists,
 * globs, substitutions. The command then runs directly, so its arguments reach it exactly as split.
 */
export function parseBotCommand(spec: string): BotCommand {
  const line = spec.trim().slice(EXTERNAL_SPEC_PREFIX.length).trim();
  const words: string[] = [];
  const entries = parse(line, (name: string) => {
    // shell-quote asks for a nameless variable at `$(`: command substitution.
    if (name === '') throw Errors.badBotCommand(line, "'$(...)' would need a shell (bots run without one)");
    const value = process.env[name];
    if (value === undefined) throw Errors.badBotCommand(line, `$${name} is not set`);
    return value;
  });
  for (const entry of entries) {
    if (typeof entry === 'string') words.push(entry);
    else if ('comment' in entry) break;
    else if (entry.op === 'glob')
      throw Errors.badBotCommand(line, `'${entry.pattern}' would need a shell to expand (bots run without one)`);
    else throw Errors.badBotCommand(line, `shell operator '${entry.op}' is not supported (bots run without a shell)`);
  }
  if (words.length === 0 || words[0] === '') throw Errors.badBotCommand(line, 'no program given');
  return { program: words[0], args: words.slice(1) };
}

/**
 * Checks that the program can be started, so a typo fails once with one clear line instead of
 * as a crash in every round. Names without a slash are looked up on PATH, as exec would.
 */
export function checkProgram(command: BotCommand, cwd: string): void {
  const { program } = command;
  if (program.includes('/')) {
    const path = isAbsolute(program) ? program : resolve(cwd, program);
    if (!isExecutableFile(path)) throw Errors.badBotCommand(program, `${path} is not an executable file`);
    return;
  }
  const found = (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && isExecutableFile(join(dir, program)));
  if (!found) throw Errors.badBotCommand(program, 'not found on PATH');
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

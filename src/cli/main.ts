import { CommanderError } from 'commander';
import { constants } from 'node:os';
import { ErrorCodes, isParlorError, StoppedError } from '../core/errors.ts';
import { BUILTIN_REGISTRY_MODULE, builtinRegistry } from '../app.ts';
import type { CommandContext } from './command.ts';
import { prepareResultHooks, resultHooks } from './hooks.ts';
import { buildProgram } from './program.ts';

/** Exit statuses shared by every command. */
export const ExitCode = {
  OK: 0,
  BAD_INPUT: 3,
  INTERNAL: 4,
  /** The results folder could not be written: no permission, a read-only or full disk. */
  CANNOT_WRITE: 5,
} as const;

/** Progress lines belong on a terminal only: in a pipe or a log file they would be noise. */
export function showsProgress(stream: { isTTY?: boolean }, quiet: boolean): boolean {
  return stream.isTTY === true && !quiet;
}

export function defaultContext(options: { quiet?: boolean } = {}): CommandContext {
  const showProgress = showsProgress(process.stderr, options.quiet === true);
  return {
    registry: builtinRegistry(),
    registryModule: BUILTIN_REGISTRY_MODULE,
    resultHooks,
    prepareResultHooks,
    print: (text) => process.stdout.write(`${text}\n`),
    progress: (text) => {
      if (showProgress) process.stderr.write(text);
    },
    warn: (text) => process.stderr.write(`parlor: ${text}\n`),
  };
}

/** Runs the CLI on `argv` (without node and script) and resolves to the exit code; never throws. */
export async function run(
  argv: readonly string[],
  context: CommandContext = defaultContext({ quiet: argv.includes('--quiet') || argv.includes('-q') }),
): Promise<number> {
  let exitCode: number = ExitCode.OK;
  const program = buildProgram(context, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are "errors" to commander's exit override, but successes to the user.
      return error.exitCode === 0 ? ExitCode.OK : ExitCode.BAD_INPUT;
    }
    if (error instanceof StoppedError) {
      process.stderr.write(`parlor: ${error.message}\n`);
      // As a shell reports a process the signal killed: 128 + its number (130 for SIGINT, 143 for SIGTERM).
      return 128 + constants.signals[error.signal];
    }
    if (isParlorError(error)) {
      process.stderr.write(`parlor: ${error.message}\n`);
      return error.code === ErrorCodes.CANNOT_WRITE ? ExitCode.CANNOT_WRITE : ExitCode.BAD_INPUT;
    }
    process.stderr.write(`parlor: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.INTERNAL;
  }
}

// The one table of user-facing errors. Codes are stable: scripts may match on them, so a code is
// never renamed or reused; messages may improve. Every failure a user can cause goes through here,
// so the CLI can print one clear line and exit with the right status instead of a stack trace.

import { choicesListed } from './near-miss.ts';
import { shellWord } from './shell-word.ts';

/** The stable code of every ParlorError, to tell failures apart in code without reading messages. */
export const ErrorCodes = {
  BAD_OPTION: 'PARLOR_BAD_OPTION',
  BAD_NUMBER: 'PARLOR_BAD_NUMBER',
  UNKNOWN_GAME: 'PARLOR_UNKNOWN_GAME',
  UNKNOWN_STRATEGY: 'PARLOR_UNKNOWN_STRATEGY',
  BAD_STRATEGY_MODULE: 'PARLOR_BAD_STRATEGY_MODULE',
  BAD_STRATEGY_PARAM: 'PARLOR_BAD_STRATEGY_PARAM',
  BAD_RULE: 'PARLOR_BAD_RULE',
  PLAYER_COUNT: 'PARLOR_PLAYER_COUNT',
  SEAT_COUNT: 'PARLOR_SEAT_COUNT',
  UNREADABLE_FILE: 'PARLOR_UNREADABLE_FILE',
  RESULTS_EXIST: 'PARLOR_RESULTS_EXIST',
  RESUME_MISMATCH: 'PARLOR_RESUME_MISMATCH',
  CORRUPT_RESULTS: 'PARLOR_CORRUPT_RESULTS',
  RESULTS_LOCKED: 'PARLOR_RESULTS_LOCKED',
  CANNOT_WRITE: 'PARLOR_CANNOT_WRITE',
  BATCH_FAILED: 'PARLOR_BATCH_FAILED',
  BAD_ACTION: 'PARLOR_BAD_ACTION',
  BAD_BOT_COMMAND: 'PARLOR_BAD_BOT_COMMAND',
  NO_PROTOCOL: 'PARLOR_NO_PROTOCOL',
  BAD_LAUNCH_FILE: 'PARLOR_BAD_LAUNCH_FILE',
  REDIS_UNREACHABLE: 'PARLOR_REDIS_UNREACHABLE',
  WORKER_REFUSED: 'PARLOR_WORKER_REFUSED',
  ENGINE_BUILD: 'PARLOR_ENGINE_BUILD',
  SESSION_CUT_SHORT: 'PARLOR_SESSION_CUT_SHORT',
  STOPPED: 'PARLOR_STOPPED',
  INTERNAL: 'PARLOR_INTERNAL',
} as const;

/** One of ErrorCodes' values: what ParlorError.code holds. */
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** An error the user can act on: its message is one line meant to be printed as it is. */
export class ParlorError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'ParlorError';
    this.code = code;
  }
}

/** The signals by which a user, a server or an operator stops parlor (or a bot it serves). */
export const STOPPING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Work that a signal stopped before it was done (Ctrl-C while a step that blocks the process ran,
 * such as an engine's compiler): not a failure, so the exit status is the signal's, as a shell
 * reports a process it killed.
 */
export class StoppedError extends ParlorError {
  readonly signal: NodeJS.Signals;
  constructor(signal: NodeJS.Signals, doing: string) {
    super(ErrorCodes.STOPPED, `stopped by ${signal} while ${doing}; nothing was written (the next start does it again)`);
    this.signal = signal;
  }
}

/** The errors parlor throws, each a ParlorError whose code says what went wrong and whose message says how. */
export const Errors = {
  badOption: (message: string) => new ParlorError(ErrorCodes.BAD_OPTION, message),
  badNumber: (what: string, value: string, expected: string) =>
    new ParlorError(ErrorCodes.BAD_NUMBER, `${what} must be ${expected}, got '${value}'`),
  unknownGame: (name: string, known: readonly string[]) =>
    new ParlorError(ErrorCodes.UNKNOWN_GAME, `unknown game '${name}' (${choicesListed('known', name, known)})`),
  /** `asData`: the game also reads strategies written as .json files (Dominion's priority lists). */
  unknownStrategy: (name: string, known: readonly string[], asData: boolean) =>
    new ParlorError(
      ErrorCodes.UNKNOWN_STRATEGY,
      `unknown strategy '${name}' (${choicesListed('built-in', name, known)}; or give a path to a .ts/.js file${asData ? ' or a .json strategy file' : ''})`,
    ),
  badStrategyModule: (path: string, why: string) => new ParlorError(ErrorCodes.BAD_STRATEGY_MODULE, `strategy module ${path}: ${why}`),
  badStrategyParam: (strategy: string, why: string) => new ParlorError(ErrorCodes.BAD_STRATEGY_PARAM, `strategy '${strategy}': ${why}`),
  badRule: (why: string) => new ParlorError(ErrorCodes.BAD_RULE, `rules: ${why}`),
  playerCount: (game: string, players: number, min: number, max: number) =>
    new ParlorError(ErrorCodes.PLAYER_COUNT, `${game} takes ${min} to ${max} players, got ${players}`),
  seatCount: (seats: number, players: number) => new ParlorError(ErrorCodes.SEAT_COUNT, `${seats} strategies given for ${players} players`),
  unreadableFile: (path: string, why: string) => new ParlorError(ErrorCodes.UNREADABLE_FILE, `cannot read ${path}: ${why}`),
  resultsExist: (dir: string) =>
    new ParlorError(
      ErrorCodes.RESULTS_EXIST,
      `results folder ${dir} already exists (use --force to overwrite, or --resume to continue it)`,
    ),
  notResultsFolder: (dir: string) =>
    new ParlorError(ErrorCodes.RESULTS_EXIST, `${dir} exists and is not a parlor results folder; refusing to overwrite it`),
  resumeMismatch: (dir: string, why: string) => new ParlorError(ErrorCodes.RESUME_MISMATCH, `cannot resume ${dir}: ${why}`),
  corruptResults: (dir: string, why: string) => new ParlorError(ErrorCodes.CORRUPT_RESULTS, `results folder ${dir} is damaged: ${why}`),
  resultsLocked: (dir: string, pid: number, started: string) =>
    new ParlorError(
      ErrorCodes.RESULTS_LOCKED,
      `results folder ${dir} is in use by parlor process ${pid} (started ${started}); wait for it to finish or stop it first`,
    ),
  batchFailed: (game: string, first: number, last: number, seed: string, why: string) =>
    new ParlorError(
      ErrorCodes.BATCH_FAILED,
      `games ${first} to ${last} failed: ${why} (replay the first alone with --game ${game} --seed ${shellWord(seed)} --index ${first})`,
    ),
  badAction: (text: string, why: string) => new ParlorError(ErrorCodes.BAD_ACTION, `action '${text}': ${why}`),
  badBotCommand: (command: string, why: string) => new ParlorError(ErrorCodes.BAD_BOT_COMMAND, `bot command '${command}': ${why}`),
  badLaunchFile: (where: string, why: string) => new ParlorError(ErrorCodes.BAD_LAUNCH_FILE, `launch file ${where}: ${why}`),
  noProtocol: (game: string) => new ParlorError(ErrorCodes.NO_PROTOCOL, `game '${game}' has no manager protocol for external bots`),
  redisUnreachable: (url: string, why: string) => new ParlorError(ErrorCodes.REDIS_UNREACHABLE, `cannot reach Redis at ${url}: ${why}`),
  workerRefused: (worker: string, why: string) =>
    new ParlorError(ErrorCodes.WORKER_REFUSED, `parlor worker ${worker} refused the job: ${why}`),
  /** A game engine in AssemblyScript did not compile: an incomplete install, or a broken edit of its source. */
  engineBuild: (game: string, why: string) =>
    new ParlorError(ErrorCodes.ENGINE_BUILD, `cannot compile the ${game} engine (is \`npm ci\` complete?): ${why.replace(/\s+/g, ' ')}`),
  /** `parlor bot`: the server's stream ended, or broke its framing, before the server ended the session. */
  sessionCutShort: (why: string) => new ParlorError(ErrorCodes.SESSION_CUT_SHORT, `the session was cut short: ${why}`),
  internal: (why: string) => new ParlorError(ErrorCodes.INTERNAL, `internal error: ${why}`),
};

/** Whether an error is one parlor meant for the user (a one-line message to print), not a bug. */
export function isParlorError(error: unknown): error is ParlorError {
  return error instanceof ParlorError;
}

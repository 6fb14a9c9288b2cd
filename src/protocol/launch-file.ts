import { readFileSync } from 'node:fs';
import { Errors } from '../core/errors.ts';
import { Forfeit } from '../core/forfeits.ts';
import type { BotCommand } from './command.ts';
import { createFramer } from './transport/framing.ts';
import { BotProcess, installCleanup, type BotLimits, type LogCap, type ReadFailure } from './transport/process.ts';
import { IDENTIFIER_MARK, sharedBotPort, TcpChannel } from './transport/tcp.ts';
import type { SandboxLimits } from '../runner/play/external.ts';
import type { FramingKind } from '../core/wire.ts';

/** One bot of a contest's launch file: its identifier and its command, marks not yet replaced. */
export interface LaunchEntry {
  readonly identifier: string;
  readonly command: BotCommand;
}

/**
 * Reads a launch file in the SpeedClue contest's format: one bot per line, its command split on
 * single spaces (no quoting, as the contest splits it), the bot's identifier written in braces
 * where the bot takes it (`{gamecoder-RandomPlayer}`), and `%%` where it takes the port. Blank
 * lines are skipped; identifiers must differ (in any case: the greeting's case is free).
 */
export function parseLaunchFile(path: string): LaunchEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw Errors.unreadableFile(path, error instanceof Error ? error.message : String(error));
  }
  const entries: LaunchEntry[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    const where = `${path} line ${index + 1}`;
    const identifiers = [...line.matchAll(IDENTIFIER_MARK)].map((match) => match[1]);
    if (identifiers.length === 0) throw Errors.badLaunchFile(where, 'no {identifier} in the command');
    if (identifiers.some((identifier) => identifier !== identifiers[0])) {
      throw Errors.badLaunchFile(where, 'two different {identifiers} in one command');
    }
    // The port is chosen afresh for every run: a bot not given it has nowhere to connect.
    if (!line.includes('%%')) throw Errors.badLaunchFile(where, 'no %% in the command, where the bot is given the port');
    const identifier = identifiers[0];
    if (seen.has(identifier.toLowerCase())) throw Errors.badLaunchFile(where, `the identifier ${identifier} is used twice`);
    seen.add(identifier.toLowerCase());
    const words = line.split(' ');
    entries.push({ identifier, command: { program: words[0], args: words.slice(1) } });
  });
  if (entries.length === 0) throw Errors.badLaunchFile(path, 'no bots in it');
  return entries;
}

export interface LaunchSettings {
  readonly framing: FramingKind;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly limits: BotLimits;
  /** How long each bot has to connect and greet. */
  readonly timeoutMs: number;
  /** Run each bot in a sandbox with these limits. */
  readonly sandbox?: SandboxLimits;
  /** Once aborted, the bots not yet started are not started. */
  readonly signal?: AbortSignal;
  /** Receives each bot's stderr and stdout lines, and notes about it. */
  log(identifier: string, line: string): void;
  /** The cap of each bot's log, as its output meets it. */
  logCap?(identifier: string): LogCap;
}

/** A launched bot: its process, connected and greeted, or why it failed to start. */
export type Launched =
  { readonly entry: LaunchEntry; readonly bot: BotProcess } | { readonly entry: LaunchEntry; readonly failure: ReadFailure };

/**
 * Starts the bots of a launch file as the contest does: one at a time, each given the port and
 * awaited until it has connected and said `<identifier> alive` (or failed to), before the next
 * starts. A bot that fails is stopped; the others stay connected for the whole run.
 */
export async function launchBots(entries: readonly LaunchEntry[], settings: LaunchSettings): Promise<Launched[]> {
  installCleanup();
  const launched: Launched[] = [];
  for (const entry of entries) {
    if (settings.signal?.aborted) {
      launched.push({ entry, failure: { failure: Forfeit.CRASHED, detail: 'not started: the run was stopped' } });
      continue;
    }
    const port = await sharedBotPort(settings.framing);
    const bot = new BotProcess(entry.command, {
      cwd: settings.cwd,
      env: settings.env,
      limits: settings.limits,
      log: (line) => settings.log(entry.identifier, line),
      logCap: settings.logCap?.(entry.identifier),
      framer: createFramer(settings.framing, settings.limits.maxLineLength),
      channel: new TcpChannel(port, entry.identifier, settings.timeoutMs),
      sandbox: settings.sandbox,
    });
    const failure = await bot.opened();
    if (failure === null) {
      launched.push({ entry, bot });
      continue;
    }
    await bot.stop();
    launched.push({ entry, failure });
  }
  return launched;
}

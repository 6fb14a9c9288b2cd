import { spawn, type ChildProcess } from 'node:child_process';
import { Errors } from '../core/errors.ts';
import { Forfeit } from '../core/forfeits.ts';
import type { BotCommand } from './command.ts';
import { BOT_TOKEN_VARIABLE, freezeTree, newBotToken, signalProcesses, sweepRun, type ProcessId } from './processes.ts';

/** Why no line will come from a bot: a forfeit reason, and words for the transcript. */
export interface ReadFailure {
  readonly failure: number;
  readonly detail: string;
}

/** A line from the bot, or why none will come. */
export type ReadResult = { readonly line: string } | ReadFailure;

/** One round's connection to a bot, whatever runs it (a process, or a strategy in this thread). */
export interface BotLink {
  /** Sends one or more lines (joined by '\n'); quietly dropped once the bot is gone. */
  send(text: string): void;
  /** The next line the bot wrote, waiting at most `timeoutMs` for it. One read at a time. */
  readLine(timeoutMs: number): Promise<ReadResult>;
  /** Ends the bot; resolves when nothing of it is left running. Safe to call again. */
  stop(): Promise<void>;
}

export interface BotLimits {
  /** Longest line a bot may write, in characters. */
  readonly maxLineLength: number;
  /** Most of a bot's log (its stderr and the host's notes) kept per run; the rest is dropped and counted. */
  readonly maxLogBytes: number;
  /** Time between SIGTERM and SIGKILL. */
  readonly graceMs: number;
}

/** How long a bot may think over one decision before it forfeits, unless --move-timeout says otherwise. */
export const DEFAULT_MOVE_TIMEOUT_SECONDS = 5;

export const DEFAULT_LIMITS: BotLimits = {
  maxLineLength: 4096,
  maxLogBytes: 1 << 22,
  graceMs: 1000,
};

/**
 * How long output is still read after the bot itself exits: what it wrote before exiting is in the
 * pipe already. Output still open after that is held by a process it started.
 */
const EXIT_DRAIN_MS = 100;

export interface LaunchOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly limits: BotLimits;
  /** Receives the bot's stderr, one line at a time, and notes from the host about this bot. */
  log(line: string): void;
}

/**
 * A bot child process for one round: stdin/stdout carry protocol lines, stderr goes to `log`.
 *
 * The bot speaks only when asked: one line for each `readLine`. Any output while no read waits (before
 * the question, or after the one line that answers it) is a flood: the bot forfeits at once and no
 * line of it is played, so a bot can never have a move taken from a line it wrote ahead.
 *
 * The bot leads its own process group; stopping it also stops what is below it, detached or not,
 * and what it left outside its tree with its token is swept up once it is gone (see processes.ts).
 * A registry of live bots kills them all if this process exits or is interrupted first.
 */
export class BotProcess implements BotLink {
  readonly pid: number;
  private readonly child: ChildProcess;
  private readonly token = newBotToken();
  private readonly limits: BotLimits;
  private readonly log: (line: string) => void;
  private partial = '';
  private stderrPartial = '';
  /** Set once no more lines will be delivered, with the reason a read then fails. */
  private ended: ReadFailure | null = null;
  private waiter: ((result: ReadResult) => void) | null = null;
  private readTimer: NodeJS.Timeout | null = null;
  private killTimer: NodeJS.Timeout | null = null;
  private exitTimer: NodeJS.Timeout | null = null;
  private exitDetail = '';
  private leaderExited = false;
  /** The bot exited but something it started kept its output open. */
  private outputHeld = false;
  /** Processes of the bot found when it was stopped. */
  private tracked: ProcessId[] = [];
  /** stdout and stderr are closed (or given up on). */
  private closed = false;
  private stdinClosed = false;
  private stopping = false;
  private readonly gone: Promise<void>;
  private markGone!: () => void;

  constructor(command: BotCommand, options: LaunchOptions) {
    this.limits = options.limits;
    this.log = options.log;
    this.gone = new Promise((resolve) => (this.markGone = resolve));
    this.child = spawn(command.program, command.args, {
      cwd: options.cwd,
      env: { ...options.env, [BOT_TOKEN_VARIABLE]: this.token },
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group (and session), so one signal reaches whatever the bot started.
      detached: true,
    });
    this.pid = this.child.pid ?? -1;
    const { stdin, stdout, stderr } = this.child;
    // Writing to a bot that has died fails with EPIPE; the read side reports the crash.
    stdin!.on('error', () => {});
    stdin!.on('close', () => {
      this.stdinClosed = true;
      if (this.stopping) this.finishIfGone();
    });
    stdout!.setEncoding('utf8');
    stdout!.on('data', (chunk: string) => this.onOutput(chunk));
    stderr!.setEncoding('utf8');
    stderr!.on('data', (chunk: string) => this.onStderr(chunk));
    this.child.on('error', (error) => this.onSpawnError(error));
    this.child.on('exit', (code, signal) => this.onExit(code, signal));
    this.child.on('close', () => this.onClose());
    if (this.pid > 0) liveBots.add(this.pid);
    liveTokens.add(this.token);
  }

  send(text: string): void {
    const stdin = this.child.stdin!;
    if (this.stopping || this.leaderExited || !stdin.writable) return;
    stdin.write(`${text}\n`);
  }

  readLine(timeoutMs: number): Promise<ReadResult> {
    if (this.waiter) throw Errors.internal('a bot was asked for two lines at once');
    if (this.ended) return Promise.resolve(this.ended);
    return new Promise((resolve) => {
      this.waiter = resolve;
      this.readTimer = setTimeout(() => this.deliver({ failure: Forfeit.TIMEOUT, detail: `no reply within ${timeoutMs} ms` }), timeoutMs);
    });
  }

  stop(): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      this.child.stdin!.end();
      if (this.pid > 0) {
        // Frozen first, so the bot cannot start anything more while it is searched; then found
        // before it dies, while what it started still hangs below it; then told to end.
        signalGroup(this.pid, 'SIGSTOP');
        this.tracked = freezeTree(this.leaderExited ? [] : [this.pid]);
        for (const signal of ['SIGTERM', 'SIGCONT'] as const) {
          signalGroup(this.pid, signal);
          signalProcesses(this.tracked, signal);
        }
        this.killTimer = setTimeout(() => this.kill(), this.limits.graceMs);
      }
      this.finishIfGone();
    }
    return this.gone;
  }

  private kill(): void {
    this.killTimer = null;
    if (!this.leaderExited) this.log(`still running ${this.limits.graceMs} ms after SIGTERM: killed`);
    signalGroup(this.pid, 'SIGKILL');
    signalProcesses(this.tracked, 'SIGKILL');
  }

  private onOutput(chunk: string): void {
    if (this.ended || this.stopping) return;
    let answer: string | null = null;
    for (let start = 0; start < chunk.length;) {
      if (answer !== null || this.waiter === null) {
        const what = answer === null ? 'before it was asked' : 'after its answer';
        this.fail(Forfeit.FLOODED, `wrote ${JSON.stringify(clip(this.partial + chunk.slice(start)))} ${what}`);
        return;
      }
      const newline = chunk.indexOf('\n', start);
      const end = newline < 0 ? chunk.length : newline;
      this.partial += chunk.slice(start, end);
      if (this.partial.length > this.limits.maxLineLength) {
        this.fail(Forfeit.FLOODED, `wrote a line longer than ${this.limits.maxLineLength} characters`);
        return;
      }
      start = end + 1;
      if (newline < 0) break;
      answer = this.partial.endsWith('\r') ? this.partial.slice(0, -1) : this.partial;
      this.partial = '';
    }
    // Only now: a chunk holding the answer and more is a flood, and its answer must not be played.
    if (answer !== null) this.deliver({ line: answer });
  }

  private deliver(result: ReadResult): void {
    if (this.readTimer) clearTimeout(this.readTimer);
    this.readTimer = null;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.(result);
  }

  /** The bot broke a limit: the next read fails, and the bot is stopped without waiting for the round's end. */
  private fail(failure: number, detail: string): void {
    this.ended = { failure, detail };
    this.log(detail);
    this.deliver(this.ended);
    this.child.stdout!.destroy();
    void this.stop();
  }

  private onStderr(chunk: string): void {
    const lines = (this.stderrPartial + chunk).split('\n');
    this.stderrPartial = lines.pop() ?? '';
    // A line that never ends is logged in pieces rather than held in memory.
    while (this.stderrPartial.length > this.limits.maxLineLength) {
      lines.push(this.stderrPartial.slice(0, this.limits.maxLineLength));
      this.stderrPartial = this.stderrPartial.slice(this.limits.maxLineLength);
    }
    for (const line of lines) this.log(line);
  }

  private onSpawnError(error: Error): void {
    // Spawn failures (missing program, no permission) come here instead of an exit.
    if (this.pid > 0 && !this.leaderExited) return;
    this.exitDetail = `could not start: ${error.message}`;
    this.leaderExited = true;
    this.onClose();
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.leaderExited = true;
    this.exitDetail = signal ? `killed by ${signal}` : `exited with code ${code}`;
    if (!this.stopping && (signal || code !== 0)) this.log(this.exitDetail);
    if (this.closed) return;
    // The bot is gone, whoever still holds its output: a read waits no longer than the drain.
    this.exitTimer = setTimeout(() => {
      this.exitTimer = null;
      this.outputHeld = true;
      this.child.stdin!.destroy();
      this.child.stdout!.destroy();
      this.child.stderr!.destroy();
      this.onClose();
    }, EXIT_DRAIN_MS);
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.stderrPartial !== '') this.log(this.stderrPartial);
    this.stderrPartial = '';
    if (this.exitTimer) clearTimeout(this.exitTimer);
    this.exitTimer = null;
    if (!this.ended) {
      const held = this.outputHeld ? ' (a process it started still held its output)' : '';
      const when = this.partial === '' ? '' : ' in the middle of a line';
      this.ended = { failure: Forfeit.CRASHED, detail: `${this.exitDetail || 'closed its output'}${when}${held}` };
    }
    this.deliver(this.ended);
    if (!this.stopping) return;
    this.finishIfGone();
  }

  /** Resolves `stop()` once the leader is reaped and all three pipes are closed. */
  private finishIfGone(): void {
    if (!this.closed || !this.leaderExited || !this.stdinClosed) return;
    // Whatever the bot started got the same SIGTERM; what is left of it now goes for good.
    if (this.pid > 0) {
      signalGroup(this.pid, 'SIGKILL');
      signalProcesses(this.tracked, 'SIGKILL');
      // Anything started since the search, below what was found.
      signalProcesses(freezeTree(this.tracked.map(({ pid }) => pid)), 'SIGKILL');
    }
    if (this.killTimer) clearTimeout(this.killTimer);
    this.killTimer = null;
    liveBots.delete(this.pid);
    liveTokens.delete(this.token);
    scheduleSweep();
    this.markGone();
  }
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

// Process groups of bots not yet stopped. If parlor exits or is interrupted while bots run, they
// are killed with everything below them, and then every process with a token of the run: in
// their own sessions they would not receive the terminal's Ctrl-C.
const liveBots = new Set<number>();
let cleanupInstalled = false;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function killAllBots(): void {
  // As when one bot is stopped: frozen, then found while what they started still hangs below them.
  for (const pid of liveBots) signalGroup(pid, 'SIGSTOP');
  const found = freezeTree([...liveBots]);
  for (const pid of liveBots) signalGroup(pid, 'SIGKILL');
  signalProcesses(found, 'SIGKILL');
  liveBots.clear();
  liveTokens.clear();
  sweepBots();
}

// Tokens of bots not yet gone. A process with any other token of this run was left behind by a
// bot that is: a sweep kills those, a moment after a bot is gone (one search of /proc serves every
// bot gone meanwhile) and whenever a host closes.
const liveTokens = new Set<string>();
const SWEEP_DELAY_MS = 1000;
let sweepTimer: NodeJS.Timeout | null = null;

function scheduleSweep(): void {
  if (sweepTimer) return;
  sweepTimer = setTimeout(sweepBots, SWEEP_DELAY_MS);
  sweepTimer.unref();
}

/** Kills what bots that are gone left outside their trees. */
export function sweepBots(): void {
  if (sweepTimer) clearTimeout(sweepTimer);
  sweepTimer = null;
  sweepRun((token) => liveTokens.has(token));
}

function onInterrupt(signal: NodeJS.Signals): void {
  killAllBots();
  // When no one else handles the signal, do what it would have done without this handler.
  if (process.listenerCount(signal) === 1) {
    process.off(signal, onInterrupt);
    process.kill(process.pid, signal);
  }
}

/** Makes sure bot processes die with parlor; called before the first bot starts. */
export function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', killAllBots);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onInterrupt);
}

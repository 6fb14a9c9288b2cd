import { spawn, type ChildProcess } from 'node:child_process';
import { Errors } from '../core/errors.ts';
import { Forfeit } from '../core/forfeits.ts';
import type { BotCommand } from './command.ts';

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
  /** Most a bot may write on stdout in one round: a protocol round needs a few hundred bytes. */
  readonly maxOutputChars: number;
  /** Most of a bot's stderr kept in its log per round; the rest is read and dropped. */
  readonly maxLogChars: number;
  /** Time between SIGTERM and SIGKILL. */
  readonly graceMs: number;
}

/** How long a bot may think over one decision before it forfeits, unless --move-timeout says otherwise. */
export const DEFAULT_MOVE_TIMEOUT_SECONDS = 5;

export const DEFAULT_LIMITS: BotLimits = {
  maxLineLength: 4096,
  maxOutputChars: 1 << 16,
  maxLogChars: 1 << 20,
  graceMs: 1000,
};

export interface LaunchOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly limits: BotLimits;
  /** Receives the bot's stderr, one line at a time, and notes from the host about this bot. */
  log(line: string): void;
}

/**
 * A bot child process for one round: stdin/stdout carry protocol lines, stderr goes to `log`.
 * The bot leads its own process group, so stopping it also stops anything it started; a
 * registry of live groups kills them all if this process exits or is interrupted first.
 */
export class BotProcess implements BotLink {
  readonly pid: number;
  private readonly child: ChildProcess;
  private readonly limits: BotLimits;
  private readonly log: (line: string) => void;
  private readonly lines: string[] = [];
  private partial = '';
  private outputChars = 0;
  private stderrPartial = '';
  private logChars = 0;
  /** Set once no more lines will be delivered, with the reason a read then fails. */
  private ended: ReadFailure | null = null;
  private waiter: ((result: ReadResult) => void) | null = null;
  private readTimer: NodeJS.Timeout | null = null;
  private killTimer: NodeJS.Timeout | null = null;
  private exitTimer: NodeJS.Timeout | null = null;
  private exitDetail = '';
  private leaderExited = false;
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
      env: options.env,
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
    if (this.pid > 0) liveGroups.add(this.pid);
  }

  send(text: string): void {
    const stdin = this.child.stdin!;
    if (this.stopping || this.leaderExited || !stdin.writable) return;
    stdin.write(`${text}\n`);
  }

  readLine(timeoutMs: number): Promise<ReadResult> {
    if (this.waiter) throw Errors.internal('a bot was asked for two lines at once');
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve({ line });
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
        signalGroup(this.pid, 'SIGTERM');
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
  }

  private onOutput(chunk: string): void {
    if (this.ended) return;
    this.outputChars += chunk.length;
    if (this.outputChars > this.limits.maxOutputChars) {
      this.fail(Forfeit.FLOODED, `wrote more than ${this.limits.maxOutputChars} characters`);
      return;
    }
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline >= 0; newline = chunk.indexOf('\n', start)) {
      const line = this.partial + chunk.slice(start, newline);
      this.partial = '';
      start = newline + 1;
      if (line.length > this.limits.maxLineLength) {
        this.fail(Forfeit.FLOODED, `wrote a line longer than ${this.limits.maxLineLength} characters`);
        return;
      }
      this.receive(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    this.partial += chunk.slice(start);
    if (this.partial.length > this.limits.maxLineLength) {
      this.fail(Forfeit.FLOODED, `wrote a line longer than ${this.limits.maxLineLength} characters`);
    }
  }

  private receive(line: string): void {
    if (this.waiter) this.deliver({ line });
    else this.lines.push(line);
  }

  private deliver(result: ReadResult): void {
    if (this.readTimer) clearTimeout(this.readTimer);
    this.readTimer = null;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.(result);
  }

  /**
   * The bot broke a limit: what it queued is dropped (a flood of valid-looking plays must not be
   * played), the next read fails, and the bot is stopped without waiting for the round's end.
   */
  private fail(failure: number, detail: string): void {
    this.lines.length = 0;
    this.ended = { failure, detail };
    this.log(detail);
    this.deliver(this.ended);
    this.child.stdout!.destroy();
    void this.stop();
  }

  private onStderr(chunk: string): void {
    const room = this.limits.maxLogChars - this.logChars;
    if (room <= 0) return;
    const kept = chunk.length > room ? chunk.slice(0, room) : chunk;
    this.logChars += kept.length;
    const lines = (this.stderrPartial + kept).split('\n');
    this.stderrPartial = lines.pop() ?? '';
    if (this.logChars >= this.limits.maxLogChars) {
      if (this.stderrPartial !== '') lines.push(this.stderrPartial);
      lines.push(`(stderr beyond ${this.limits.maxLogChars} characters not kept)`);
      this.stderrPartial = '';
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
    // A child of the bot may still hold its stdout open; do not wait on it for longer than the grace.
    this.exitTimer = setTimeout(() => {
      this.exitTimer = null;
      this.child.stdin!.destroy();
      this.child.stdout!.destroy();
      this.child.stderr!.destroy();
      this.onClose();
    }, this.limits.graceMs);
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.stderrPartial !== '') this.log(this.stderrPartial);
    this.stderrPartial = '';
    if (this.exitTimer) clearTimeout(this.exitTimer);
    this.exitTimer = null;
    if (!this.ended) {
      const when = this.partial === '' ? '' : ' in the middle of a line';
      this.ended = { failure: Forfeit.CRASHED, detail: `${this.exitDetail || 'closed its output'}${when}` };
    }
    if (this.waiter && this.lines.length === 0) this.deliver(this.ended);
    if (!this.stopping) return;
    this.finishIfGone();
  }

  /** Resolves `stop()` once the leader is reaped and all three pipes are closed. */
  private finishIfGone(): void {
    if (!this.closed || !this.leaderExited || !this.stdinClosed) return;
    // Whatever the bot started got the same SIGTERM; what is left of it now goes for good.
    if (this.pid > 0) signalGroup(this.pid, 'SIGKILL');
    if (this.killTimer) clearTimeout(this.killTimer);
    this.killTimer = null;
    liveGroups.delete(this.pid);
    this.markGone();
  }
}

// Process groups of bots not yet stopped. If parlor exits or is interrupted while bots run, they
// are killed: in their own sessions they would not receive the terminal's Ctrl-C.
const liveGroups = new Set<number>();
let cleanupInstalled = false;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function killAllGroups(): void {
  for (const pid of liveGroups) signalGroup(pid, 'SIGKILL');
  liveGroups.clear();
}

function onInterrupt(signal: NodeJS.Signals): void {
  killAllGroups();
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
  process.on('exit', killAllGroups);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onInterrupt);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { botsStopped, holdStopping, markBotsStopped, stoppingProcesses } from '../../core/bots-stopped.ts';
import type { Readable, Writable } from 'node:stream';
import { readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { Errors, STOPPING_SIGNALS } from '../../core/errors.ts';
import { Forfeit } from '../../core/forfeits.ts';
import type { BotCommand } from '../command.ts';
import { isMainThread } from 'node:worker_threads';
import {
  BOT_TOKEN_VARIABLE,
  freezeTree,
  hasExited,
  newBotToken,
  signalProcesses,
  sweepProcess,
  sweepRun,
  treeActivity,
  type ProcessId,
} from '../processes.ts';
import type { Channel } from './channel.ts';
import { createFramer, type Framer } from './framing.ts';
import { sandboxCommand } from './sandbox.ts';
import type { SandboxLimits } from '../../runner/play/external.ts';

/** Why no message will come from a bot: a forfeit reason, and words for the transcript. */
export interface ReadFailure {
  readonly failure: number;
  readonly detail: string;
}

/** A message from the bot (a line, in line framing), or why none will come. */
export type ReadResult = { readonly line: string } | ReadFailure;

/** One connection to a bot, whatever runs it (a process, or a strategy in this thread). */
export interface BotLink {
  /**
   * Sends one message (with line framing, one or more lines joined by '\n'), padded to `padTo`
   * payload bytes where the framing pads; quietly dropped once the bot is gone.
   */
  send(text: string, padTo?: number): void;
  /** The next message the bot wrote, waiting at most `timeoutMs` for it. One read at a time. */
  readLine(timeoutMs: number): Promise<ReadResult>;
  /** Where the bot has a channel to open: null once it is open, or why it never will be. */
  opened?(): Promise<ReadFailure | null>;
  /** Ends the bot; resolves when nothing of it is left running. Safe to call again. */
  stop(): Promise<void>;
}

export interface BotLimits {
  /** Longest message a bot may write: characters of a line, or bytes of a framed message. */
  readonly maxLineLength: number;
  /** Most of a bot's log (its stderr and the host's notes) kept per run; the rest is dropped and counted. */
  readonly maxLogBytes: number;
  /** Time between SIGTERM and SIGKILL. */
  readonly graceMs: number;
}

/** How long a bot may think over one decision before it forfeits, unless --move-timeout says otherwise. */
export const DEFAULT_MOVE_TIMEOUT_SECONDS = 5;

/** How long a bot may take to start and open its channel, unless --start-timeout says otherwise: interpreters on a loaded machine are slow to start. */
export const DEFAULT_START_TIMEOUT_SECONDS = 10;

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

/**
 * Processor time a bot that closed its connection may spend on its way out (an interpreter tearing
 * itself down closes its sockets first) before it is taken to live on. Counted in the bot's own
 * time, not the clock's: a loaded machine slows its exit, not its use of the processor.
 */
const EXIT_CPU_MS = 500;

/** How often a bot on its way out is looked at again. */
const EXIT_POLL_MS = 20;

/** A bot log's cap, as the bot's output meets it. */
export interface LogCap {
  /** The log keeps no more of the bot's output this run. */
  full(): boolean;
  /** Counts bytes of output the log drops. */
  drop(bytes: number): void;
}

export interface LaunchOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly limits: BotLimits;
  /** Receives the bot's stderr, one line at a time, and notes from the host about this bot. */
  log(line: string): void;
  /**
   * The cap of the log `log` writes to: once it is full, the bot's output is only counted in bytes,
   * never decoded or cut into lines, so that a bot writing without end costs little more than the reads.
   */
  readonly logCap?: LogCap;
  /** How messages are cut: newline-ended lines unless said otherwise. */
  readonly framer?: Framer;
  /**
   * Talk through another channel than the bot's stdin/stdout (FIFOs it makes), which then carry
   * nothing: its stdin is closed and its stdout goes to the log.
   */
  readonly channel?: Channel;
  /** Runs the bot in a sandbox with these limits (--sandbox; see sandbox.ts). */
  readonly sandbox?: SandboxLimits;
}

/**
 * A bot child process: its messages travel on its stdin/stdout or on another channel (FIFOs it
 * creates), framed by `framer`; stderr goes to `log`.
 *
 * The bot speaks only when asked: one message for each `readLine`. Any output while no read waits
 * (before the question, or after the one message that answers it) is a flood: the bot forfeits at
 * once and no message of it is played, so a bot can never have a move taken from one it wrote ahead.
 * What it wrote before a message is sent is read before that message goes (readWaiting).
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
  private readonly logCap: LogCap | null;
  private readonly framer: Framer;
  private readonly channel: Channel | null;
  /** Where messages go and come from: the child's stdin and stdout, or the channel's ends once open. */
  private sink: Writable | null = null;
  private source: Readable | null = null;
  /** Messages sent before the channel is open. */
  private queued: (string | Uint8Array)[] = [];
  private logPartials = new Map<Readable, string>();
  /** Set once no more messages will be delivered, with the reason a read then fails. */
  private ended: ReadFailure | null = null;
  private waiter: ((result: ReadResult) => void) | null = null;
  private readTimer: NodeJS.Timeout | null = null;
  private killTimer: NodeJS.Timeout | null = null;
  private exitTimer: NodeJS.Timeout | null = null;
  /** Looks again at a bot that closed its output, to tell an exit from a hang-up (disconnectUnlessExiting). */
  private disconnectTimer: NodeJS.Timeout | null = null;
  private exitDetail = '';
  private leaderExited = false;
  /** The bot had exited, by itself, before its stop began; the news of its exit had not come yet. */
  private exitedBeforeStop = false;
  /** The bot exited but something it started kept its output open. */
  private outputHeld = false;
  /** Processes of the bot found when it was stopped. */
  private tracked: ProcessId[] = [];
  /** Takes `tracked` off the list the main thread kills at parlor's end, once they are killed. */
  private releaseTracked: (() => void) | null = null;
  /** The child's pipes are closed (or given up on). */
  private childClosed = false;
  /** The FIFO the bot writes is open on this side. */
  private sourceOpen = false;
  /** Every output is closed (or given up on). */
  private closed = false;
  private sinkClosed = false;
  private stopping = false;
  private readonly gone: Promise<void>;
  private markGone!: () => void;
  /** Settles once the channel is open, or will never be (see `opened`). */
  private readonly channelSettled: Promise<void>;
  private markSettled!: () => void;
  /** Removes what the sandbox made for the bot, once it is gone. */
  private readonly releaseSandbox: (() => void) | null;

  constructor(command: BotCommand, options: LaunchOptions) {
    this.limits = options.limits;
    this.log = options.log;
    this.logCap = options.logCap ?? null;
    this.framer = options.framer ?? createFramer('lines', options.limits.maxLineLength);
    this.channel = options.channel ?? null;
    if (this.channel) liveChannels.add(this.channel);
    this.gone = new Promise((resolve) => (this.markGone = resolve));
    this.channelSettled = new Promise((resolve) => (this.markSettled = resolve));
    const confinement = options.sandbox ? this.channel?.confine() : undefined;
    const launched = this.channel?.command(command) ?? command;
    const sandboxed = options.sandbox ? sandboxCommand(launched, options.cwd, options.sandbox, `parlor-${this.token}`, confinement) : null;
    this.releaseSandbox = sandboxed?.release ?? null;
    const { program, args } = sandboxed?.command ?? launched;
    this.child = spawn(program, args, {
      cwd: sandboxed?.cwd ?? options.cwd,
      env: { ...options.env, [BOT_TOKEN_VARIABLE]: this.token },
      stdio: [this.channel ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      // Its own process group (and session), so one signal reaches whatever the bot started.
      detached: true,
    });
    this.pid = this.child.pid ?? -1;
    const { stdin, stdout, stderr } = this.child;
    this.logLines(stderr!);
    if (this.channel) {
      this.logLines(stdout!);
      // A bot that could not be spawned settles with its spawn error (onClose).
      if (this.pid > 0) void this.openChannel(this.channel).finally(this.markSettled);
      else this.sinkClosed = true;
    } else {
      this.attachSink(stdin!);
      this.attachSource(stdout!);
      // Its stdout closed while it runs on, it can never answer: it hung up, as on a channel.
      stdout!.on('close', () => this.disconnectUnlessExiting());
      this.markSettled();
    }
    this.child.on('error', (error) => this.onSpawnError(error));
    this.child.on('exit', (code, signal) => this.onExit(code, signal));
    this.child.on('close', () => {
      this.childClosed = true;
      this.closeIfDone();
    });
    if (this.pid > 0) liveBots.add(this.pid);
    liveTokens.add(this.token);
  }

  send(text: string, padTo = 0): void {
    this.readWaiting();
    if (this.stopping || this.leaderExited || this.sinkClosed) return;
    const frame = this.framer.encode(text, padTo);
    if (this.sink === null) this.queued.push(frame);
    else if (this.sink.writable) this.sink.write(frame);
  }

  /**
   * Resolves once the bot's channel is open (null), or with why it never will be: for a launcher
   * that starts bots one at a time, each ready before the next starts. Stdio is open from the start.
   */
  async opened(): Promise<ReadFailure | null> {
    await this.channelSettled;
    return this.sink !== null && this.ended === null
      ? null
      : (this.ended ?? { failure: Forfeit.CRASHED, detail: this.exitDetail || 'gone before its channel opened' });
  }

  readLine(timeoutMs: number): Promise<ReadResult> {
    if (this.waiter) throw Errors.internal('a bot was asked for two messages at once');
    if (this.ended) return Promise.resolve(this.ended);
    return new Promise((resolve) => {
      this.waiter = resolve;
      this.readTimer = setTimeout(
        () =>
          afterWaitingInput(() => {
            if (this.waiter === resolve) this.timeOut(timeoutMs);
          }),
        timeoutMs,
      );
    });
  }

  private timeOut(timeoutMs: number): void {
    const awaiting = this.channel?.awaiting ?? null;
    if (awaiting === null) {
      this.deliver({ failure: Forfeit.TIMEOUT, detail: `no reply within ${timeoutMs} ms` });
      return;
    }
    // Its channel is not even open: that is the news, for the forfeit and for its log.
    const detail = `did not ${awaiting} within ${timeoutMs} ms`;
    this.log(detail);
    this.deliver({ failure: Forfeit.TIMEOUT, detail });
  }

  stop(): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      if (this.sink) this.sink.end();
      else this.sinkClosed = true;
      if (this.pid > 0) {
        // Its exit is its own news even when parlor hears of it only after stopping it (another
        // bot's crash ended the game first): it is its own if it happened before any signal.
        this.exitedBeforeStop = !this.leaderExited && hasExited(this.pid);
        // Frozen first, so the bot cannot start anything more while it is searched; then found
        // before it dies, while what it started still hangs below it; then told to end.
        signalGroup(this.pid, 'SIGSTOP');
        this.tracked = freezeTree(this.leaderExited ? [] : [this.pid]);
        // Those the SIGTERM orphans, out of the bot's group and without its token, are found by
        // nothing else until the SIGKILL: a second Ctrl-C ends parlor before it comes.
        this.releaseTracked = holdStopping(this.tracked);
        for (const signal of ['SIGTERM', 'SIGCONT'] as const) {
          signalGroup(this.pid, signal);
          signalProcesses(this.tracked, signal);
        }
        this.killTimer = setTimeout(
          () =>
            afterWaitingInput(() => {
              if (this.killTimer !== null) this.kill();
            }),
          this.limits.graceMs,
        );
      }
      this.finishIfGone();
    }
    return this.gone;
  }

  private attachSink(sink: Writable): void {
    this.sink = sink;
    // Writing to a bot that has died fails with EPIPE; the read side reports the crash.
    sink.on('error', () => {});
    sink.on('close', () => {
      this.sinkClosed = true;
      if (this.stopping) this.finishIfGone();
    });
    for (const frame of this.queued) sink.write(frame);
    this.queued = [];
  }

  private attachSource(source: Readable): void {
    this.source = source;
    source.on('data', (chunk: Buffer) => this.onOutput(chunk));
  }

  private async openChannel(channel: Channel): Promise<void> {
    const late = openDeadline(channel.openTimeoutMs);
    const giveUp = () => this.stopping || this.leaderExited || this.ended !== null || late();
    try {
      const ends = await channel.open(giveUp);
      // A bot that exits or is stopped meanwhile has its own reason.
      if (ends === null || 'failure' in ends) {
        if (this.stopping || this.leaderExited || this.ended) return;
        if (ends === null) this.fail(Forfeit.TIMEOUT, `did not ${channel.awaiting} within ${channel.openTimeoutMs} ms`);
        else this.fail(ends.failure, ends.detail);
        return;
      }
      this.attachSink(ends.sink);
      this.sourceOpen = true;
      ends.source.on('error', () => {});
      ends.source.on('close', () => {
        this.sourceOpen = false;
        this.closeIfDone();
        this.disconnectUnlessExiting();
      });
      this.attachSource(ends.source);
      if (this.stopping) ends.source.destroy();
    } catch (error) {
      this.fail(Forfeit.CRASHED, `could not ${channel.awaiting}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * The bot closed its channel end (on stdio, its stdout). If it is exiting, its exit is the news;
   * one that lives on has hung up on parlor while running, which no protocol allows. It lives on
   * when, past the drain, it sleeps (waits by its own choice), or has spent EXIT_CPU_MS of its own
   * processor time since without exiting: however slowly the machine lets it or parlor run, one on
   * its way out is never told it hung up. Without /proc to ask, the drain alone decides.
   */
  private disconnectUnlessExiting(): void {
    if (this.stopping || this.ended) return;
    const since = treeActivity(this.pid);
    const look = () => {
      // Its exit may have come while the thread was held: read first.
      afterWaitingInput(() => {
        if (this.stopping || this.ended || this.leaderExited) return;
        const now = treeActivity(this.pid);
        if (now?.exited) return;
        if (since !== null && now !== null && now.busy && now.cpuMs - since.cpuMs < EXIT_CPU_MS) {
          this.disconnectTimer = setTimeout(look, EXIT_POLL_MS);
          return;
        }
        this.fail(Forfeit.CRASHED, 'closed its connection while still running');
      });
    };
    this.disconnectTimer = setTimeout(look, EXIT_DRAIN_MS);
  }

  private kill(): void {
    this.killTimer = null;
    if (!this.leaderExited) this.log(`still running ${this.limits.graceMs} ms after SIGTERM: killed`);
    signalGroup(this.pid, 'SIGKILL');
    signalProcesses(this.tracked, 'SIGKILL');
  }

  private onOutput(chunk: Buffer): void {
    if (this.ended || this.stopping) return;
    if (this.waiter === null) {
      this.fail(Forfeit.FLOODED, `wrote ${JSON.stringify(clip(this.framer.held() + chunk.toString()))} before it was asked`);
      return;
    }
    const pushed = this.framer.push(chunk, 1);
    if ('failure' in pushed) {
      this.fail(pushed.failure, pushed.detail);
      return;
    }
    // A chunk holding the answer and more is a flood, and its answer must not be played.
    if (pushed.rest !== '') {
      this.fail(Forfeit.FLOODED, `wrote ${JSON.stringify(clip(pushed.rest))} after its answer`);
      return;
    }
    if (pushed.messages.length > 0) this.deliver({ line: pushed.messages[0] });
  }

  /**
   * Reads, before a message is sent, what the bot wrote that the event loop has not read yet: it
   * came unasked, and is a flood. Read by the loop only after the message (when in-process seats
   * held the thread since the bot's last answer, or the host answers that answer's message at
   * once), it would be taken for the answer to a question the bot had not yet been sent. What
   * arrives after the message is sent is an answer to it, stray or not: nothing tells the two
   * apart, as the original servers, which read the next message as the answer, cannot either. On
   * a TCP channel, what the bot wrote may still be on its way (held by its own socket, or by a
   * sandbox's forwarding): only what has come is judged so.
   */
  private readWaiting(): void {
    if (this.waiter !== null || this.ended || this.stopping || this.source === null) return;
    // The descriptor the loop reads; none on a platform whose handles have none.
    const fd = (this.source as unknown as { _handle?: { fd?: number } })._handle?.fd ?? -1;
    if (fd < 0) return;
    let count: number;
    try {
      count = readSync(fd, waitingChunk, 0, waitingChunk.length, null);
    } catch {
      // Nothing waits (EAGAIN); any other failure of the descriptor the loop's own read meets too.
      return;
    }
    // The end of its output is the loop's to report, with the exit.
    if (count > 0) this.onOutput(Buffer.from(waitingChunk.subarray(0, count)));
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
    this.source?.destroy();
    void this.stop();
  }

  /**
   * Logs a stream of the bot's (stderr; stdout too when FIFOs carry the messages) line by line,
   * until its log is full: from then on it is still read, lest the bot block on writing it, but
   * only counted.
   */
  private logLines(stream: Readable): void {
    const decoder = new StringDecoder('utf8');
    stream.on('data', (chunk: Buffer) => {
      if (this.logCap?.full()) {
        this.logCap.drop(chunk.length);
        return;
      }
      const lines = ((this.logPartials.get(stream) ?? '') + decoder.write(chunk)).split('\n');
      let partial = lines.pop() ?? '';
      // A line that never ends is logged in pieces rather than held in memory.
      while (partial.length > this.limits.maxLineLength) {
        lines.push(partial.slice(0, this.limits.maxLineLength));
        partial = partial.slice(this.limits.maxLineLength);
      }
      this.logPartials.set(stream, partial);
      for (const line of lines) this.log(line);
    });
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
    if ((!this.stopping || this.exitedBeforeStop) && !killedHere && !botsStopped() && (signal || code !== 0)) this.log(this.exitDetail);
    if (this.closed) return;
    // The bot is gone, whoever still holds its output: a read waits no longer than the drain. The
    // close that came while the thread was held is read before the drain is judged over.
    this.exitTimer = setTimeout(() => afterWaitingInput(() => this.drained()), EXIT_DRAIN_MS);
  }

  /** The drain after the bot's exit is over: what still holds its output is something it started. */
  private drained(): void {
    // Closed meanwhile: onClose cleared the timer.
    if (this.exitTimer === null) return;
    this.exitTimer = null;
    this.outputHeld = true;
    this.child.stdin?.destroy();
    this.child.stdout!.destroy();
    this.child.stderr!.destroy();
    this.sink?.destroy();
    this.source?.destroy();
    this.onClose();
  }

  private closeIfDone(): void {
    if (this.childClosed && !this.sourceOpen) this.onClose();
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.markSettled();
    for (const partial of this.logPartials.values()) if (partial !== '') this.log(partial);
    this.logPartials.clear();
    if (this.exitTimer) clearTimeout(this.exitTimer);
    this.exitTimer = null;
    // Gone with its pipes closed: its exit is the news, and no hang-up is left to tell.
    if (this.disconnectTimer) clearTimeout(this.disconnectTimer);
    this.disconnectTimer = null;
    if (!this.ended) {
      const held = this.outputHeld ? ' (a process it started still held its output)' : '';
      const when = this.framer.held() === '' ? '' : ` in the middle of a ${this.framer.unit}`;
      this.ended = { failure: Forfeit.CRASHED, detail: `${this.exitDetail || 'closed its output'}${when}${held}` };
    }
    this.deliver(this.ended);
    // A bot that never opened its FIFOs is stopped here, and the sink it never had is closed.
    if (this.sink === null) this.sinkClosed = true;
    if (!this.stopping) return;
    this.finishIfGone();
  }

  /** Resolves `stop()` once the leader is reaped and every pipe is closed. */
  private finishIfGone(): void {
    if (!this.closed || !this.leaderExited) return;
    if (!this.sinkClosed) {
      // Nobody is left to read it: its 'close' comes back here.
      this.sink?.destroy();
      return;
    }
    // Whatever the bot started got the same SIGTERM; what is left of it now goes for good.
    if (this.pid > 0) {
      signalGroup(this.pid, 'SIGKILL');
      signalProcesses(this.tracked, 'SIGKILL');
      // Anything started since the search, below what was found.
      signalProcesses(freezeTree(this.tracked.map(({ pid }) => pid)), 'SIGKILL');
      this.releaseTracked?.();
    }
    if (this.killTimer) clearTimeout(this.killTimer);
    this.killTimer = null;
    if (this.channel) {
      this.source?.destroy();
      this.channel.dispose();
      liveChannels.delete(this.channel);
    }
    liveBots.delete(this.pid);
    liveTokens.delete(this.token);
    scheduleSweep();
    this.releaseSandbox?.();
    this.markGone();
  }
}

/**
 * Runs `then` once the event loop has read what is already waiting for it. A bot's timer fires in
 * the loop's first phase, before its reads: when in-process seats held the thread (their
 * decisions run without yielding), the answer or the exit that came in meanwhile would be read
 * only after the bot had been timed out for parlor's own delay.
 */
function afterWaitingInput(then: () => void): void {
  setImmediate(then);
}

/**
 * The most of the time between two looks at an opening's deadline that counts against the bot: the
 * channel is polled every few milliseconds, and a longer gap is the thread held (by the in-process
 * seats of another table of its own, say).
 */
const HELD_MS = 50;

/**
 * Whether a bot's time to open its channel is up, asked as the channel is polled. Time the thread
 * was held between two looks does not count: the bot may have connected or opened its end
 * meanwhile, which only the polls after it can see, and a bot must not time out for parlor's own
 * delay (as a read takes the answer already waiting before it times out). Each look still counts
 * up to HELD_MS, so a bot that never opens times out however slowly the thread turns.
 */
function openDeadline(timeoutMs: number): () => boolean {
  let deadline = performance.now() + timeoutMs;
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last > HELD_MS) deadline += now - last - HELD_MS;
    last = now;
    return now > deadline;
  };
}

/** Where readWaiting reads: one chunk of unasked output is enough to judge it. */
const waitingChunk = Buffer.alloc(65536);

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

// Channels of bots not yet gone (their FIFOs): disposed of with them, or at exit.
const liveChannels = new Set<Channel>();

/** Set once this thread kills every bot of its own (it exits): their deaths are not theirs to log. */
let killedHere = false;

function killAllBots(): void {
  killedHere = true;
  // Nor, in any thread, are the deaths of the bots the main thread kills: those of every thread.
  if (isMainThread) markBotsStopped();
  // As when one bot is stopped: frozen, then found while what they started still hangs below them.
  for (const pid of liveBots) signalGroup(pid, 'SIGSTOP');
  const found = freezeTree([...liveBots]);
  for (const pid of liveBots) signalGroup(pid, 'SIGKILL');
  signalProcesses(found, 'SIGKILL');
  liveBots.clear();
  liveTokens.clear();
  for (const channel of liveChannels) channel.dispose();
  liveChannels.clear();
  sweepBots();
  if (isMainThread) {
    // What any thread's bots left while that thread stopped them: its own SIGKILL may never come.
    signalProcesses(stoppingProcesses(), 'SIGKILL');
    sweepProcess();
  }
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

/**
 * Makes sure bot processes die with parlor; called before the first bot starts, and in the main
 * thread before other threads host bots: only the main thread hears signals, so there it also
 * kills the bots of every other thread (found by their tokens) at exit or on a signal.
 */
export function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', killAllBots);
  if (isMainThread) for (const signal of STOPPING_SIGNALS) process.on(signal, onInterrupt);
}

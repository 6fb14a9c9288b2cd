import { appendFileSync, statSync } from 'node:fs';
import type { LogCap } from './transport/process.ts';

/**
 * Bot log files with a size cap per run. Every round of a bot appends to one file, so a cap per
 * round would still let a chatty bot fill the disk over a long run: each file instead keeps its
 * first `cap` bytes (counting what an earlier, resumed run already wrote), says where it was cut,
 * and at the end of the run how much was dropped after the cut.
 *
 * Lines are gathered and written once per turn of the event loop, not one write each: every bot
 * of a thread shares its event loop, and a bot writing thousands of short lines at a time must not
 * hold up the others' reads and deadlines with as many writes.
 */
class CappedLog {
  readonly path: string;
  private readonly cap: number;
  private written: number;
  private dropped = 0;
  /** What is kept but not yet written. */
  private pending: string[] = [];

  constructor(path: string, cap: number) {
    this.path = path;
    this.cap = cap;
    this.written = sizeOf(path);
  }

  /** The cut is made: the rest of the run is only counted. */
  get full(): boolean {
    return this.dropped > 0;
  }

  append(line: string): void {
    const bytes = Buffer.byteLength(line) + 1;
    if (this.dropped === 0 && this.written + bytes <= this.cap) {
      this.keep(`${line}\n`);
      this.written += bytes;
      return;
    }
    if (this.dropped === 0) this.keep(`(log cut at ${this.cap} bytes: the rest of this run is dropped and counted)\n`);
    this.drop(bytes);
  }

  drop(bytes: number): void {
    this.dropped += bytes;
  }

  private keep(text: string): void {
    if (this.pending.length === 0) scheduleFlush(this);
    this.pending.push(text);
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    appendFileSync(this.path, text);
  }

  /** Notes how much was dropped; the next run starts counting again. */
  finish(): void {
    if (this.dropped > 0) this.keep(`(dropped after the cut: ${this.dropped} bytes)\n`);
    this.flush();
  }
}

const open = new Map<string, CappedLog>();
const unwritten = new Set<CappedLog>();
let flushing: NodeJS.Immediate | null = null;
let flushAtExit = false;

function scheduleFlush(log: CappedLog): void {
  unwritten.add(log);
  flushing ??= setImmediate(flushBotLogs);
  if (!flushAtExit) {
    flushAtExit = true;
    // What a bot said just before parlor exits is still its news.
    process.on('exit', flushBotLogs);
  }
}

function logAt(path: string, cap: number): CappedLog {
  let log = open.get(path);
  if (log === undefined) {
    log = new CappedLog(path, cap);
    open.set(path, log);
  }
  return log;
}

/** Appends a line to the bot log at `path`, within `cap` bytes for this run. */
export function appendBotLog(path: string, cap: number, line: string): void {
  logAt(path, cap).append(line);
}

/**
 * The cap of the bot log at `path()` (undefined while the bot has logged nothing) as a bot's
 * output meets it: full once it is cut, and from then on counting what the bot writes.
 */
export function botLogCap(path: () => string | undefined): LogCap {
  // Looked up each time: a log finished at the end of a run starts afresh in the next one.
  const log = () => {
    const at = path();
    return at === undefined ? undefined : open.get(at);
  };
  return { full: () => log()?.full === true, drop: (bytes) => log()?.drop(bytes) };
}

/** Writes what the logs have gathered: they are whole on disk once this returns. */
export function flushBotLogs(): void {
  if (flushing !== null) clearImmediate(flushing);
  flushing = null;
  for (const log of unwritten) log.flush();
  unwritten.clear();
}

/** Ends the run's bot logs: each one cut says how much it dropped. */
export function finishBotLogs(): void {
  flushBotLogs();
  for (const log of open.values()) log.finish();
  open.clear();
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

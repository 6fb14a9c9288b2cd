import { appendFileSync, statSync } from 'node:fs';

/**
 * Bot log files with a size cap per run. Every round of a bot appends to one file, so a cap per
 * round would still let a chatty bot fill the disk over a long run: each file instead keeps its
 * first `cap` bytes (counting what an earlier, resumed run already wrote), says where it was cut,
 * and at the end of the run how much was dropped after the cut.
 */
class CappedLog {
  readonly path: string;
  private readonly cap: number;
  private written: number;
  private dropped = 0;
  private droppedLines = 0;

  constructor(path: string, cap: number) {
    this.path = path;
    this.cap = cap;
    this.written = sizeOf(path);
  }

  append(line: string): void {
    const bytes = Buffer.byteLength(line) + 1;
    if (this.dropped === 0 && this.written + bytes <= this.cap) {
      appendFileSync(this.path, `${line}\n`);
      this.written += bytes;
      return;
    }
    if (this.dropped === 0) appendFileSync(this.path, `(log cut at ${this.cap} bytes: the rest of this run is dropped and counted)\n`);
    this.dropped += bytes;
    this.droppedLines++;
  }

  /** Notes how much was dropped; the next run starts counting again. */
  finish(): void {
    if (this.dropped === 0) return;
    appendFileSync(this.path, `(dropped after the cut: ${this.droppedLines} lines, ${this.dropped} bytes)\n`);
  }
}

const open = new Map<string, CappedLog>();

/** Appends a line to the bot log at `path`, within `cap` bytes for this run. */
export function appendBotLog(path: string, cap: number, line: string): void {
  let log = open.get(path);
  if (log === undefined) {
    log = new CappedLog(path, cap);
    open.set(path, log);
  }
  log.append(line);
}

/** Ends the run's bot logs: each one cut says how much it dropped. */
export function finishBotLogs(): void {
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

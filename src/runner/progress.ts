import { performance } from 'node:perf_hooks';

const UPDATE_MS = 250;

function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * One self-overwriting status line: games done, games per second (this session) and the time
 * left. Updates at most four times a second; the caller decides where it goes (stderr on a TTY).
 */
export class ProgressMeter {
  private readonly write: (text: string) => void;
  private readonly total: number;
  private readonly startGames: number;
  private readonly start = performance.now();
  private last = -Infinity;
  private shown = false;

  constructor(write: (text: string) => void, total: number, alreadyDone: number) {
    this.write = write;
    this.total = total;
    this.startGames = alreadyDone;
  }

  update(done: number): void {
    const now = performance.now();
    if (now - this.last < UPDATE_MS) return;
    this.last = now;
    const seconds = (now - this.start) / 1000;
    const rate = seconds > 0 ? (done - this.startGames) / seconds : 0;
    const eta = rate > 0 ? (this.total - done) / rate : Infinity;
    this.write(`\r${count(done)} / ${count(this.total)} games  ${count(rate)} games/s  ETA ${duration(eta)}   `);
    this.shown = true;
  }

  /** Clears the line, so what follows starts clean. */
  finish(): void {
    if (this.shown) this.write('\r\x1b[K');
  }
}

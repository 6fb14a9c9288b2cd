import { performance } from 'node:perf_hooks';

const UPDATE_MS = 250;

/** How long after the first finished batch the rate is trusted: long enough to span a few batches. */
const WARM_UP_MS = 1000;

function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * Games per second of a run, measured from its first finished batch on. Starting the clock at the
 * command's start would count worker start-up, strategy loading and the first batch's latency as
 * if they were play, and the first estimates would come out several times too slow; before the
 * warm-up has passed there is no rate to tell.
 */
export class RateEstimator {
  private firstMs = NaN;
  private firstDone = 0;
  private lastMs = NaN;
  private lastDone = 0;

  /** Records that `done` games were finished at `nowMs` (milliseconds on any steady clock). */
  observe(done: number, nowMs: number): void {
    if (Number.isNaN(this.firstMs)) {
      this.firstMs = nowMs;
      this.firstDone = done;
    }
    this.lastMs = nowMs;
    this.lastDone = done;
  }

  /** Games per second since the first observation; null until the warm-up has passed. */
  rate(): number | null {
    const elapsed = this.lastMs - this.firstMs;
    if (!(elapsed >= WARM_UP_MS)) return null;
    return ((this.lastDone - this.firstDone) * 1000) / elapsed;
  }

  /** Seconds until `total` games at the measured rate; null while there is no rate to go by. */
  secondsLeft(total: number): number | null {
    const rate = this.rate();
    return rate === null || rate <= 0 ? null : (total - this.lastDone) / rate;
  }
}

/**
 * One self-overwriting status line: games done, games per second (this session) and the time
 * left. Updates at most four times a second; the caller decides where it goes (stderr on a TTY).
 */
export class ProgressMeter {
  private readonly write: (text: string) => void;
  private readonly total: number;
  private readonly estimator = new RateEstimator();
  private readonly clock: () => number;
  private last = -Infinity;
  private shown = false;

  constructor(write: (text: string) => void, total: number, clock: () => number = () => performance.now()) {
    this.write = write;
    this.total = total;
    this.clock = clock;
  }

  update(done: number): void {
    const now = this.clock();
    this.estimator.observe(done, now);
    if (now - this.last < UPDATE_MS) return;
    this.last = now;
    const rate = this.estimator.rate();
    const left = this.estimator.secondsLeft(this.total);
    const speed = rate === null ? 'measuring speed' : `${count(rate)} games/s`;
    this.write(`\r${count(done)} / ${count(this.total)} games  ${speed}  ETA ${left === null ? '?' : duration(left)}   `);
    this.shown = true;
  }

  /** Clears the line, so what follows starts clean. */
  finish(): void {
    if (this.shown) this.write('\r\x1b[K');
  }
}

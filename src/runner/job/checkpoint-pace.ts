/** A checkpoint comes at least this long after the last: often enough that a crash loses little. */
export const CHECKPOINT_MS = 500;

/**
 * And at least this many times as long after it as writing it took. A job's checkpoint holds the
 * counters of every match-up: 157 MB for a tournament of 11,880 Love Letter seatings, over a
 * second to build and write. Written every half second, it took the main thread from handing
 * out tasks, and the workers stood idle 97% of the time. Spaced by its own cost, writing takes at
 * most a twentieth of the main thread, whatever the size of the job.
 */
export const CHECKPOINT_SPACING = 20;

/** When a running job writes its next checkpoint (see CHECKPOINT_MS and CHECKPOINT_SPACING). */
export class CheckpointPace {
  private readonly now: () => number;
  private next = -Infinity;

  /** `now`: the clock in milliseconds. */
  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Whether the next checkpoint is due. */
  get due(): boolean {
    return this.now() >= this.next;
  }

  /** Writes a checkpoint through `write`, due or not, and spaces the next by what this one cost. */
  write(write: () => void): void {
    const start = this.now();
    write();
    const end = this.now();
    this.next = end + Math.max(CHECKPOINT_MS, CHECKPOINT_SPACING * (end - start));
  }
}

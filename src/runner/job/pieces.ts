import type { BatchPlan, BatchSpec } from './job.ts';

/** A task handed to a lane: games [from, to) of a plan batch, the `part`-th piece of it. */
export interface Piece {
  readonly batch: number;
  readonly part: number;
  /** True for the batch's final piece: once it is handed out, the batch has `part + 1` pieces. */
  readonly last: boolean;
  readonly spec: BatchSpec;
}

/** Pieces shrink to no less than this share of a batch: smaller ones would only add messages. */
const SMALLEST_SHARE = 8;

/**
 * Hands out a plan's batches in order, whole while plenty of work remains, and cut into smaller
 * pieces near the end (guided self-scheduling: a piece is at most the remaining games shared
 * among the lanes), so the last lanes to finish are not left playing a whole batch while the
 * others have nothing to do. Pieces are whole blocks of the design; merged back in order into
 * their batch, they count exactly what the whole batch would.
 */
export class PieceScheduler {
  private readonly plan: BatchPlan;
  private readonly isDone: (batch: number) => boolean;
  private readonly lanes: number;
  private readonly blockSize: number;
  private readonly smallest: number;
  private batch = 0;
  /** Where in the current batch the next piece starts, and how many pieces it has had. */
  private cursor = -1;
  private part = 0;

  constructor(plan: BatchPlan, isDone: (batch: number) => boolean, lanes: number, blockSize: number, batchGames: number) {
    this.plan = plan;
    this.isDone = isDone;
    this.lanes = Math.max(1, lanes);
    this.blockSize = blockSize;
    this.smallest = Math.max(blockSize, Math.floor(batchGames / SMALLEST_SHARE / blockSize) * blockSize);
  }

  next(): Piece | null {
    if (this.cursor < 0) {
      while (this.batch < this.plan.count && this.isDone(this.batch)) this.batch++;
      if (this.batch >= this.plan.count) return null;
      this.cursor = this.plan.batch(this.batch).from;
      this.part = 0;
    }
    const whole = this.plan.batch(this.batch);
    const remaining = this.plan.gamesBefore(this.plan.count) - this.plan.gamesBefore(this.batch) - (this.cursor - whole.from);
    const share = Math.ceil(remaining / this.lanes / this.blockSize) * this.blockSize;
    const to = Math.min(whole.to, this.cursor + Math.max(this.smallest, share));
    const piece: Piece = { batch: this.batch, part: this.part, last: to === whole.to, spec: { ...whole, from: this.cursor, to } };
    if (piece.last) {
      this.batch++;
      this.cursor = -1;
    } else {
      this.cursor = to;
      this.part++;
    }
    return piece;
  }
}

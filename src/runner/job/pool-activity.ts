import { performance } from 'node:perf_hooks';
import type { PoolActivity } from './timeline.ts';

const READY_POLL_MS = 5;

/**
 * What worker threads report about themselves, in memory they share with the main thread: the
 * moment each had loaded its code, and the time spent playing tasks. Layout: a 32-bit count of
 * workers ready, the total busy microseconds (64-bit, added atomically), then each ready worker's
 * moment in milliseconds since the epoch (each writes its own slot).
 */
export class ActivityBuffer {
  readonly buffer: SharedArrayBuffer;
  private readonly readyCount: Int32Array;
  private readonly busyMicros: BigInt64Array;
  private readonly readyMs: Float64Array;

  constructor(buffer: SharedArrayBuffer) {
    this.buffer = buffer;
    this.readyCount = new Int32Array(buffer, 0, 1);
    this.busyMicros = new BigInt64Array(buffer, 8, 1);
    this.readyMs = new Float64Array(buffer, 16);
  }

  static create(workers: number): ActivityBuffer {
    return new ActivityBuffer(new SharedArrayBuffer(16 + 8 * workers));
  }

  /** Called by a worker once its code is loaded; a replacement of a crashed worker past the pool's size is not recorded. */
  markReady(): void {
    const slot = Atomics.add(this.readyCount, 0, 1);
    if (slot < this.readyMs.length) this.readyMs[slot] = performance.timeOrigin + performance.now();
  }

  /**
   * Resolves once `workers` workers have marked themselves ready, or after `graceMs` whatever
   * they did. Polled: it runs once, as a pool closes.
   */
  async untilReady(workers: number, graceMs: number): Promise<void> {
    const deadline = performance.now() + graceMs;
    while (Atomics.load(this.readyCount, 0) < workers && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
  }

  addBusy(milliseconds: number): void {
    Atomics.add(this.busyMicros, 0, BigInt(Math.round(milliseconds * 1000)));
  }

  /** The activity so far, with moments in seconds since this (the main) thread's process started. */
  read(workers: number): PoolActivity {
    const ready = Math.min(Atomics.load(this.readyCount, 0), this.readyMs.length);
    return {
      workers,
      readyAt: Array.from(this.readyMs.subarray(0, ready), (epochMs) => (epochMs - performance.timeOrigin) / 1000),
      busySeconds: Number(Atomics.load(this.busyMicros, 0)) / 1e6,
    };
  }
}

import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

// How long tests wait, on machines shared with other work: CI runners and developer machines run
// loaded many processes deep, where anything may take ten to thirty times its quiet-machine time.
// A test tells a fast path from a slow one only where the slow one is far slower than this.

/**
 * Seconds a bot that does answer gets to start and to reply. A quiet machine starts Python or
 * `parlor bot` and has it answer in about 0.3 s; this is fifty times that. Tests of what happens
 * when a bot does not answer in time keep their own short limits.
 */
export const ANSWERING_SECONDS = 15;

/**
 * Milliseconds within which something that must not wait (for a move timeout, a sleeping
 * process, a retry) is over. What it must not wait for lasts a minute or forever.
 */
export const PROMPT_MS = 30_000;

/** Past this, a command that ends in seconds on a quiet machine is taken to be stuck for good. */
export const HUNG_MS = 600_000;

/** A bot or child process that must be told apart from a prompt end sleeps this many seconds. */
export const LONG_SLEEP_SECONDS = 120;

/** `ANSWERING_SECONDS` in milliseconds, for reads of a bot's reply. */
export const ANSWERING_MS = ANSWERING_SECONDS * 1000;

/** Polls `done` until it holds; fails naming `what` once `ms` have passed without it. */
export async function eventually(what: string, done: () => boolean, ms: number = PROMPT_MS): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) assert.fail(`${what}: not within ${ms / 1000} s`);
    await sleep(20);
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Holds this thread, as a strategy's long decision does, for at least `ms` and until `done` holds (at most PROMPT_MS). */
export function holdThread(done: () => boolean, ms: number): void {
  const started = performance.now();
  while (performance.now() - started < PROMPT_MS && (performance.now() - started < ms || !done())) Atomics.wait(pause, 0, 0, 5);
}

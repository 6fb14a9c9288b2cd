// Whether parlor itself has stopped every bot of the run (Ctrl-C, SIGTERM, its exit). Only the main
// thread hears the signal, and it kills the bots of every thread at once; the threads that host
// them learn of the interruption by message, later than their bots' deaths reach them. So the flag
// lives in memory the threads share: each reads it before it logs a bot's death or failure as the
// bot's own doing.

let flag = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));

/** The flag's memory, handed to each thread that hosts bots as it starts. */
export function botsStoppedFlag(): SharedArrayBuffer {
  return flag.buffer as SharedArrayBuffer;
}

/** Reads the flag from the memory the main thread handed this thread. */
export function adoptBotsStoppedFlag(buffer: SharedArrayBuffer): void {
  flag = new Int32Array(buffer);
}

export function markBotsStopped(): void {
  Atomics.store(flag, 0, 1);
}

export function botsStopped(): boolean {
  return Atomics.load(flag, 0) === 1;
}

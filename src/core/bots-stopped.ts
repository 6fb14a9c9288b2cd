// Whether parlor itself has stopped every bot of the run (Ctrl-C, SIGTERM, its exit). Only the main
// thread hears the signal, and it kills the bots of every thread at once; the threads that host
// them learn of the interruption by message, later than their bots' deaths reach them. So the flag
// lives in memory the threads share: each reads it before it logs a bot's death or failure as the
// bot's own doing.
//
// The same memory holds the processes each thread is still stopping: what a stopped bot started
// and left outside its tree by then (a child of its own session, with its environment cleared, whose
// parent died at the SIGTERM) has only that thread's list to find it by while its grace runs out. A
// second signal ends the process at once, before that thread's SIGKILL: the main thread kills them
// from here.

/** Processes being stopped that the table holds at once; past that, only their own thread kills them. */
const STOPPING_SLOTS = 1024;
/** The flag's Int32, padded to the alignment of the table's BigInt64 pairs (pid, start time). */
const TABLE_OFFSET = BigInt64Array.BYTES_PER_ELEMENT;

let flag: Int32Array;
let stopping: BigInt64Array;
adoptBotsStoppedFlag(new SharedArrayBuffer(TABLE_OFFSET + 2 * STOPPING_SLOTS * BigInt64Array.BYTES_PER_ELEMENT));

/** The flag's memory, handed to each thread that hosts bots as it starts. */
export function botsStoppedFlag(): SharedArrayBuffer {
  return flag.buffer as SharedArrayBuffer;
}

/** Reads the flag from the memory the main thread handed this thread. */
export function adoptBotsStoppedFlag(buffer: SharedArrayBuffer): void {
  flag = new Int32Array(buffer, 0, 1);
  stopping = new BigInt64Array(buffer, TABLE_OFFSET, 2 * STOPPING_SLOTS);
}

export function markBotsStopped(): void {
  Atomics.store(flag, 0, 1);
}

export function botsStopped(): boolean {
  return Atomics.load(flag, 0) === 1;
}

/** A process as /proc showed it: its start time (clock ticks since boot) tells it from a later one with its pid. */
export interface StoppingProcess {
  readonly pid: number;
  readonly start: string;
}

/**
 * Lists processes this thread is stopping, for the main thread to kill should parlor end first;
 * returns what takes them off the list once they are killed.
 */
export function holdStopping(processes: readonly StoppingProcess[]): () => void {
  const slots: number[] = [];
  for (const { pid, start } of processes) {
    const slot = freeSlot();
    if (slot < 0) break;
    // The start goes in before the pid, which is what a reader goes by.
    Atomics.store(stopping, 2 * slot + 1, BigInt(start));
    Atomics.store(stopping, 2 * slot, BigInt(pid));
    slots.push(slot);
  }
  return () => {
    for (const slot of slots) Atomics.store(stopping, 2 * slot, 0n);
    slots.length = 0;
  };
}

/** Claims an empty slot (its pid set to -1 until written), or -1 when every one is taken. */
function freeSlot(): number {
  for (let slot = 0; slot < STOPPING_SLOTS; slot++) {
    if (Atomics.compareExchange(stopping, 2 * slot, 0n, -1n) === 0n) return slot;
  }
  return -1;
}

/** The processes every thread is still stopping. */
export function stoppingProcesses(): StoppingProcess[] {
  const found: StoppingProcess[] = [];
  for (let slot = 0; slot < STOPPING_SLOTS; slot++) {
    const pid = Atomics.load(stopping, 2 * slot);
    if (pid > 0n) found.push({ pid: Number(pid), start: String(Atomics.load(stopping, 2 * slot + 1)) });
  }
  return found;
}

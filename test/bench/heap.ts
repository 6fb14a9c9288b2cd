// Apart from engine.ts, so that a bench process timing a play loop need not load the job runner
// that engine.ts imports (piscina's pool with it): the same loop ran about 10% slower in a process
// that had loaded them, which no sim worker does.
const gc = (globalThis as { gc?: () => void }).gc;

/** Heap in use after a full collection (when node runs with --expose-gc; else as it stands). */
export function heapUsed(): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}

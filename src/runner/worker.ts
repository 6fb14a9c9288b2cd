import { move } from 'piscina';
import { ErrorCodes, isParlorError } from '../core/errors.ts';
import { TaskPlayer } from './task-player.ts';
import type { Task } from './tasks.ts';

/** A failure as plain data: structured clone keeps an Error's message but drops its code. */
export interface TaskFailure {
  readonly failure: { readonly code: string; readonly message: string };
}

// One per worker thread, for the thread's life: it caches every match-up's tables.
const player = new TaskPlayer();

/** The piscina task function: plays the task and transfers its counters back (no copy). */
export default async function runTask(task: Task): Promise<Float64Array | TaskFailure> {
  try {
    return move(await player.run(task)) as Float64Array;
  } catch (error) {
    if (isParlorError(error)) return { failure: { code: error.code, message: error.message } };
    return { failure: { code: ErrorCodes.INTERNAL, message: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
  }
}

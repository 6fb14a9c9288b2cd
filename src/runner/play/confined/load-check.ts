import { Worker } from 'node:worker_threads';
import { threadStart } from '../../../compiled.ts';
import { Errors } from '../../../core/errors.ts';
import { filledHeap } from '../choice-guard.ts';
import { errorOf, type ThreadFailure } from '../threads/thread-failure.ts';

/**
 * How a command has its strategy files loaded for the first time: on a thread of their own with
 * this heap limit, the one its worker threads get, rather than in its own thread.
 */
export interface LoadCheck {
  readonly memoryMb: number;
  /** The option that sets the limit, named when a file fills it (--worker-memory when absent). */
  readonly memoryOption?: string;
}

export interface LoadCheckRequest {
  readonly path: string;
  readonly code: string;
}

export type LoadCheckReply = { readonly description: string } | ThreadFailure;

const THREAD = threadStart('src/runner/play/confined/load-check-thread.ts');

/**
 * The check running now, if any. Checks run one at a time: the default heap limit shares the
 * machine's memory among the workers alone, and two files filling their checks' heaps at once
 * could together take more than the machine has.
 */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs a bundled strategy file's top-level code for the first time on a thread of its own, under
 * a heap limit of `memoryMb`, and returns what the file says of itself. A command loads each file
 * in its own thread to check it before any game, where code that fills the heap would end the
 * process with no word of which file did it; on a worker thread it ends that thread, and the
 * command fails naming the file.
 */
export function describeOnThread(request: LoadCheckRequest, check: LoadCheck): Promise<string> {
  const described = queue.then(() => checkOnThread(request, check));
  queue = described.catch(() => {});
  return described;
}

function checkOnThread(request: LoadCheckRequest, { memoryMb, memoryOption = '--worker-memory' }: LoadCheck): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD.entry, {
      workerData: { ...THREAD.workerData, ...request },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
      // Started from a thread hosting bots too, which does not: what a file leaves open goes with the check.
      trackUnmanagedFds: true,
    });
    worker.once('message', (reply: LoadCheckReply) => {
      if ('description' in reply) resolve(reply.description);
      else reject(errorOf(reply));
    });
    // The thread reports the file's own errors itself: an error here that is not a full heap is
    // the thread's (its start), not the file's.
    worker.once('error', (error: Error) =>
      reject(
        filledHeap(error)
          ? Errors.badStrategyModule(request.path, `its top-level code filled a worker thread's heap (${memoryMb} MB, ${memoryOption})`)
          : Errors.internal(`the load check of ${request.path} failed: ${error.message}`),
      ),
    );
    // Settles nothing after a reply or an error; otherwise the thread ended without either.
    worker.once('exit', (code) => reject(Errors.internal(`the load check of ${request.path} ended with exit code ${code}`)));
  });
}

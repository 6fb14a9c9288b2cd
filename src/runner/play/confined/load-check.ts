import { Worker } from 'node:worker_threads';
import { threadStart } from '../../../compiled.ts';
import { Errors, ParlorError, type ErrorCode } from '../../../core/errors.ts';
import { filledHeap } from '../choice-guard.ts';

/**
 * How a command has its strategy files loaded for the first time: on a thread of their own with
 * this heap limit, the one its worker threads get, rather than in its own thread.
 */
export interface LoadCheck {
  readonly memoryMb: number;
}

export interface LoadCheckRequest {
  readonly path: string;
  readonly code: string;
}

export type LoadCheckReply = { readonly description: string } | { readonly failure: { readonly code: string; readonly message: string } };

const THREAD = threadStart('src/runner/play/confined/load-check-thread.ts');

/**
 * Runs a bundled strategy file's top-level code for the first time on a thread of its own, under
 * a heap limit of `memoryMb`, and returns what the file says of itself. A command loads each file
 * in its own thread to check it before any game, where code that fills the heap would end the
 * process with no word of which file did it; on a worker thread it ends that thread, and the
 * command fails naming the file.
 */
export function describeOnThread(request: LoadCheckRequest, memoryMb: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD.entry, {
      workerData: { ...THREAD.workerData, ...request },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    worker.once('message', (reply: LoadCheckReply) => {
      if ('description' in reply) resolve(reply.description);
      else reject(new ParlorError(reply.failure.code as ErrorCode, reply.failure.message));
    });
    worker.once('error', (error: Error) => {
      const why = filledHeap(error)
        ? `its top-level code filled a worker thread's heap (${memoryMb} MB, --worker-memory)`
        : `failed to load: ${error.message}`;
      reject(Errors.badStrategyModule(request.path, why));
    });
    // Settles nothing after a reply or an error; otherwise the thread ended without either.
    worker.once('exit', (code) => reject(Errors.internal(`the load check of ${request.path} ended with exit code ${code}`)));
  });
}

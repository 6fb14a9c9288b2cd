import { serveBatches } from '../../runner/job/remote/worker-service.ts';
import type { CommandContext } from '../command.ts';
import { SignalStop, usableWorkers } from './run.ts';

export interface WorkerOptions {
  readonly redis: string;
  readonly workers: number;
  readonly workerMemory?: number;
  readonly refuseTrust?: boolean;
}

/**
 * Serves batches until Ctrl-C (or SIGTERM), which lets the batches in play finish and hands their
 * counters back; a second one ends the worker at once, and BullMQ gives its batches to another.
 */
export async function runWorker(context: CommandContext, options: WorkerOptions): Promise<number> {
  const stop = new SignalStop();
  let answered = true;
  try {
    answered = await serveBatches({
      url: options.redis,
      threads: usableWorkers(context, options.workers),
      threadMemory: options.workerMemory,
      registry: context.registry,
      registryModule: context.registryModule,
      refuseTrust: options.refuseTrust === true,
      signal: stop.signal,
      log: (text) => context.warn(text),
    });
  } finally {
    stop.dispose();
  }
  // What BullMQ left waiting on a server that went away would hold the process for good.
  if (!answered) process.exit(stop.exitCode);
  return stop.exitCode;
}

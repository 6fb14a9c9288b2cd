import { STOPPING_SIGNALS } from '../core/errors.ts';

/**
 * Runs `remove` (the clean-up of what parlor made: a bot's FIFOs, a scratch folder) when a signal
 * stops the process before the work is done, then lets the signal end the process as it would have
 * without this: its status says so. Where another listener (the bots' clean-up) ends the process
 * itself, the signal is sent again a moment later, in case that one already ran.
 *
 * The listeners stay until the removal is done, on a stop as at the end: a second signal (an
 * impatient operator, a server stopping a whole process group) would otherwise meet no listener
 * and end the process part way through it. Returns what removes and then takes the listeners off.
 */
export function removedOnStop(remove: () => void): () => void {
  const stop = (signal: NodeJS.Signals) => {
    remove();
    release();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    else setImmediate(() => process.kill(process.pid, signal));
  };
  const release = () => {
    for (const signal of STOPPING_SIGNALS) process.off(signal, stop);
  };
  for (const signal of STOPPING_SIGNALS) process.on(signal, stop);
  return () => {
    remove();
    release();
  };
}

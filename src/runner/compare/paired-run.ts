import type { Registry } from '../../core/registry.ts';
import { blockGames } from '../play/design.ts';
import type { ExternalHostLoader } from '../play/external.ts';
import { prepareMatch } from '../play/match.ts';
import { PairedCounters, PairedLayout, pairedArms, pairedMeasure, type PairedSpec, type PairedTotals } from './paired.ts';
import { Runners } from '../job/runners.ts';

/** What runPairedBatches needs to play a paired comparison's blocks from code: its workers, registry and limits. */
export interface PairedRunOptions {
  readonly workers: number;
  /** URL of the module whose builtinRegistry() the workers load (the same as `registry`). */
  readonly registryModule: string;
  /** The host of bot-process seats (src/app.ts passes the protocol's). */
  readonly loadExternalHost: ExternalHostLoader;
  /** Blocks per task, and so per update. */
  readonly batchBlocks: number;
  /** Stop after this many blocks (the last batch is cut short to fit); without it, the caller stops. */
  readonly maxBlocks?: number;
  readonly signal?: AbortSignal;
  /** Seconds a strategy may take per decision before it forfeits. */
  readonly moveTimeout?: number;
  /** The most each worker thread's heap may take, in MB; by default a share of the machine's memory. */
  readonly workerMemory?: number;
  /** Runners to play on, kept open after the run (many short runs share one pool); by default a pool of its own. */
  readonly runners?: Runners;
}

/**
 * Runs a paired comparison batch after batch, yielding the cumulative totals after each batch in
 * batch order (so the sequence of totals is the same on any number of workers). A sequential test
 * reads each update and simply stops iterating once it decides; batches already in flight then
 * finish unread before the workers stop.
 */
export async function* runPairedBatches(registry: Registry, spec: PairedSpec, options: PairedRunOptions): AsyncGenerator<PairedTotals> {
  const arms = pairedArms(spec);
  const runners =
    options.runners ??
    (await Runners.create(
      options.workers,
      options.loadExternalHost,
      { moveTimeout: options.moveTimeout },
      { workerMemory: options.workerMemory },
    ));
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort);
  const inFlight = new Map<number, Promise<Float64Array>>();
  try {
    const seats = [...arms.candidate.seats, spec.baseline];
    const candidate = await prepareMatch(registry, arms.candidate, runners.resolverFor(seats));
    const baseline = await prepareMatch(registry, arms.baseline, runners.resolverFor(seats));
    await Promise.all([candidate, baseline].map((arm) => runners.checkStart(arm, spec.design, options.moveTimeout)));
    const layout = new PairedLayout(
      candidate.layout,
      baseline.layout,
      blockGames(spec.design, arms.candidate.seats.length),
      pairedMeasure(candidate.game, spec),
    );
    const totals = new PairedCounters(layout);
    const runner = runners.runnerFor(seats);
    const batches = options.maxBlocks === undefined ? Infinity : Math.ceil(options.maxBlocks / options.batchBlocks);
    const concurrency = Math.max(1, options.workers * 2);
    let launched = 0;
    for (let batch = 0; batch < batches && !stop.signal.aborted; batch++) {
      while (inFlight.size < concurrency && launched < batches) {
        const fromBlock = launched * options.batchBlocks;
        const toBlock = Math.min(fromBlock + options.batchBlocks, options.maxBlocks ?? Infinity);
        const task = runner.run({ kind: 'paired', registry: options.registryModule, paired: spec, fromBlock, toBlock }, stop.signal);
        // Tasks still in flight when the caller stops are rejected by the abort; nobody awaits those.
        task.catch(() => {});
        inFlight.set(launched++, task);
      }
      let data: Float64Array;
      try {
        data = await (inFlight.get(batch) as Promise<Float64Array>);
      } catch (error) {
        // Stopped through options.signal: the totals so far were all yielded already.
        if (stop.signal.aborted) return;
        throw error;
      }
      // Finished after the stop, it may hold games the stop cut short: dropped, as one still in flight.
      if (stop.signal.aborted) return;
      inFlight.delete(batch);
      totals.add(data);
      yield totals.totals(candidate, baseline);
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // A caller that stopped reading leaves its batches in flight to finish, unread: aborting a
    // running task terminates its worker (a task cannot be interrupted), which costs a new worker
    // and races the result the old one may already have posted (piscina then throws).
    await Promise.allSettled(inFlight.values());
    if (options.runners === undefined) await runners.close();
  }
}

import { performance } from 'node:perf_hooks';
import { workerData } from 'node:worker_threads';
import { ActivityBuffer } from '../../job/pool-activity.ts';
import { TaskPlayer } from '../task-player.ts';
import { failureOf, type ThreadFailure } from './thread-failure.ts';
import { trustStrategyFiles } from '../loading/trust.ts';
import { askMainThreadForEsbuild } from '../loading/main-thread-esbuild.ts';
import type { AsideTask, Task } from '../tasks.ts';

/** What the pool hands every worker as it starts. */
export interface WorkerSetup {
  /** The registry module the tasks will name: loaded before the first task arrives. */
  readonly registry?: string;
  readonly activity: SharedArrayBuffer;
  /** Strategy files the user trusts (--trust), as absolute paths. */
  readonly trusted?: readonly string[];
  /** Where the main thread hears this thread's esbuild work (serveEsbuildToThreads). */
  readonly esbuild?: string;
}

const setup = workerData as WorkerSetup | undefined;
const activity = setup ? new ActivityBuffer(setup.activity) : null;
trustStrategyFiles(setup?.trusted ?? []);
askMainThreadForEsbuild(setup?.esbuild);

// One per worker thread, for the thread's life: it caches every match-up's tables.
const player = new TaskPlayer();
// Loaded while the main thread still plans the run, rather than when the first task arrives.
if (setup?.registry) await player.loadRegistry(setup.registry);
activity?.markReady();

/** A DetailTask's answer: undefined when the game, played again, told nothing more. */
export interface ReplayedDetail {
  readonly detail: string | undefined;
}

/**
 * The piscina task function: plays the task and sends its counters back. They are copied (tens of
 * kilobytes per block of games) rather than transferred: piscina's `move` lives in its pool module,
 * which this thread would then load beside its play loop, and with it loaded a million Love Letter
 * games on two workers took about 10% longer (measured).
 */
export default async function runTask(task: Task | AsideTask): Promise<Float64Array | ReplayedDetail | ThreadFailure> {
  const started = performance.now();
  // A task aside from the games brings no files of its own to trust: it loads the job's, as the thread started.
  if (task.kind === 'games' || task.kind === 'paired') trustStrategyFiles(task.trusted ?? []);
  try {
    if (task.kind === 'timing') return Float64Array.of(await player.timeBatches(task));
    if (task.kind === 'start') return (await player.checkStart(task), new Float64Array(0));
    if (task.kind === 'detail') return { detail: await player.replayDetail(task) };
    return await player.run(task);
  } catch (error) {
    return failureOf(error);
  } finally {
    activity?.addBusy(performance.now() - started);
  }
}

import { Errors } from '../../core/errors.ts';
import type { SprtResult } from '../../stats/sprt.ts';
import { SequentialTest, type ComparisonRun, type SprtPoint } from './compare.ts';
import type { ComparisonPlan, ExpectedLength } from './comparison-plan.ts';
import type { JobFile } from '../job/job.ts';
import { createRunners, playJob, restoreProgress, type JobContext, type JobSettings } from '../job/jobs.ts';
import { prepareMatch, type PreparedMatch } from '../play/match.ts';
import type { Counters } from '../play/counters.ts';
import { PairedCounters, PairedLayout, pairedArms, pairedMeasure, type PairedTotals } from './paired.ts';
import { JobProgress, type Checkpoint } from '../job/run-job.ts';
import { forfeitDetails, type ForfeitDetail } from '../job/forfeit-detail.ts';

/** What a comparison's checkpoint keeps besides the sums: the test's looks so far. */
interface ComparisonExtra {
  readonly trajectory: readonly SprtPoint[];
  readonly expected: ExpectedLength | null;
}

/** What playing a comparison takes of the job settings: where the games run and how bots are hosted. */
export type ComparisonPlaySettings = Pick<
  JobSettings,
  'workers' | 'moveTimeout' | 'workerMemory' | 'startTimeout' | 'channel' | 'framing' | 'sandbox' | 'signal' | 'redis'
> & {
  /** Where bots run and their relative paths start; this process's folder when absent. */
  readonly cwd?: string;
};

export interface ComparisonJob extends ComparisonPlaySettings {
  readonly context: JobContext;
  readonly dir: string;
  readonly job: JobFile;
  readonly plan: ComparisonPlan;
  /** The checkpoint of an interrupted comparison, to go on from. */
  readonly checkpoint: Checkpoint | null;
  /** The expected length once known (logistic bounds learn it at the first look); kept across a resume. */
  expected: ExpectedLength | null;
  /** Sees each look in order: the cumulative totals and the test on them. */
  readonly onLook: (totals: PairedTotals, sprt: SprtResult) => void;
}

/** A decided comparison, with what went wrong in the forfeits its summary lists, arm by arm. */
export interface PlayedComparison extends ComparisonRun {
  readonly forfeitDetails: readonly (ForfeitDetail | undefined)[];
}

/** A comparison stopped before it decided, with the games both arms finished. */
export interface StoppedComparison {
  readonly gamesDone: number;
}

/**
 * Plays a comparison as a job of the common kind: batches of blocks on both arms, merged in order,
 * checkpointed, stopped by a signal and resumed like any run. The test reads each batch as it is
 * merged and ends the job once it decides; batches in flight then are played and dropped, so the
 * verdict and the games used depend only on the seed, the strategies and the batch size.
 */
export async function playComparison(run: ComparisonJob): Promise<PlayedComparison | StoppedComparison> {
  const { context, dir, job, plan } = run;
  const arms = pairedArms(plan.paired);
  const seats = [...arms.candidate.seats, plan.paired.baseline];
  const runners = await createRunners(context, {
    workers: run.workers,
    moveTimeout: run.moveTimeout,
    workerMemory: run.workerMemory,
    startTimeout: run.startTimeout,
    resultsDir: dir,
    channel: run.channel,
    framing: run.framing,
    sandbox: run.sandbox,
    redis: run.redis,
    cwd: run.cwd,
  });
  try {
    const candidate = await prepareMatch(context.registry, arms.candidate, runners.resolverFor(seats));
    const baseline = await prepareMatch(context.registry, arms.baseline, runners.resolverFor(seats));
    await Promise.all([candidate, baseline].map((arm) => runners.checkStart(arm, plan.paired.design, run.moveTimeout)));
    const layout = new PairedLayout(candidate.layout, baseline.layout, plan.blockGames, pairedMeasure(candidate.game, plan.paired));
    // One match-up, the pair of arms: its batches are blocks of both, its games one arm's (the
    // candidate's counters open the paired sums, so their game count is the batch's).
    const pairs = { ...job, matchups: [job.matchups[0]], games: job.matchups[0].games };
    const progress = new JobProgress(pairs, job.id, [
      Object.assign((data?: Float64Array) => new PairedCounters(layout, data as Float64Array<ArrayBuffer> | undefined), {
        size: layout.size,
      }),
    ]);
    const extra = run.checkpoint?.extra as Partial<ComparisonExtra> | undefined;
    if (run.checkpoint && (!Array.isArray(extra?.trajectory) || extra.trajectory.length !== run.checkpoint.merged + 1))
      throw Errors.resumeMismatch(dir, "the checkpoint's looks of the test do not match its batches");
    const test = new SequentialTest(plan.sprt, plan.paired, extra?.trajectory);
    run.expected = extra?.expected ?? run.expected;
    progress.onMerged = (_batch, sums) => {
      const totals = sums.totals(candidate, baseline);
      run.onLook(totals, test.look(totals));
      if (test.decided) progress.end();
    };
    if (run.checkpoint) {
      restoreProgress(context, dir, job, progress, run.checkpoint);
      // The looks already merged are in the trajectory: the test reads where they left it (again, if a pending batch just merged).
      if (progress.merged > 0) test.read(progress.mergedSums(0).totals(candidate, baseline));
    }
    const playBlocks = (fromBlock: number, toBlock: number, signal?: AbortSignal) =>
      runners.runnerFor(seats).run({ kind: 'paired', registry: context.registryModule, paired: plan.paired, fromBlock, toBlock }, signal);
    // A table of bots plays one game at a time: each batch (one look of the test) is shared out
    // among the workers' tables, as sim's small batches are, and merged back in order; batches
    // themselves go one after another, so no more tables of bots play at once than workers.
    const bots = runners.hasExternalSeat(seats);
    const status = await playJob(context, dir, progress, { workers: bots ? 1 : run.workers, signal: run.signal }, runners, {
      extra: (): ComparisonExtra => ({ trajectory: test.trajectory, expected: run.expected }),
      play: async (batch, signal) => {
        const fromBlock = batch.from / plan.blockGames;
        const toBlock = batch.to / plan.blockGames;
        if (!bots) return playBlocks(fromBlock, toBlock, signal);
        const parts = await Promise.all(shareBlocks(fromBlock, toBlock, run.workers).map(([from, to]) => playBlocks(from, to, signal)));
        const merged = new PairedCounters(layout);
        for (const part of parts) merged.add(part);
        return merged.data;
      },
    });
    if (status === 'interrupted') return { gamesDone: 2 * progress.gamesDone };
    const result = test.result();
    const arm = (match: PreparedMatch, counters: Counters) => ({ match, offset: 0, counters });
    const { candidateCounters, baselineCounters } = result.totals;
    const noted = [arm(candidate, candidateCounters), arm(baseline, baselineCounters)];
    return { ...result, forfeitDetails: await forfeitDetails(runners, plan.paired.design, noted, run.moveTimeout) };
  } finally {
    await runners.close();
  }
}

/** Blocks [fromBlock, toBlock) cut into at most `parts` runs of whole blocks, in order, as even as they come. */
function shareBlocks(fromBlock: number, toBlock: number, parts: number): [number, number][] {
  const count = Math.max(1, Math.min(parts, toBlock - fromBlock));
  return Array.from({ length: count }, (_, part): [number, number] => [
    fromBlock + Math.floor(((toBlock - fromBlock) * part) / count),
    fromBlock + Math.floor(((toBlock - fromBlock) * (part + 1)) / count),
  ]);
}

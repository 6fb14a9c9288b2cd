import { Errors } from '../../core/errors.ts';
import { SequentialTest, type ComparisonRun, type SprtPoint } from '../../runner/compare.ts';
import type { JobFile } from '../../runner/job.ts';
import { prepareMatch } from '../../runner/match.ts';
import { PairedCounters, PairedLayout, pairedArms } from '../../runner/paired.ts';
import { JobProgress, type Checkpoint } from '../../runner/run-job.ts';
import { createRunners } from '../../app.ts';
import type { SprtResult } from '../../stats/sprt.ts';
import type { PairedTotals } from '../../runner/paired.ts';
import type { CommandContext } from '../command.ts';
import type { ComparisonPlan, ExpectedLength } from './compare.ts';
import { playJob, restoreProgress, type SignalStop } from './run.ts';

/** What a comparison's checkpoint keeps besides the sums: the test's looks so far. */
interface ComparisonExtra {
  readonly trajectory: readonly SprtPoint[];
  readonly expected: ExpectedLength | null;
}

export interface ComparisonJob {
  readonly context: CommandContext;
  readonly dir: string;
  readonly job: JobFile;
  readonly plan: ComparisonPlan;
  readonly workers: number;
  /** Seconds a strategy file or bot may take per decision. */
  readonly moveTimeout?: number;
  /** How bots talk to parlor (--channel). */
  readonly channel?: string;
  readonly stop: SignalStop;
  /** The checkpoint of an interrupted comparison, to go on from. */
  readonly checkpoint: Checkpoint | null;
  /** The expected length once known (logistic bounds learn it at the first look); kept across a resume. */
  expected: ExpectedLength | null;
  /** Sees each look in order: the cumulative totals and the test on them. */
  readonly onLook: (totals: PairedTotals, sprt: SprtResult) => void;
}

/** A comparison a signal stopped, with the games both arms finished. */
export interface StoppedComparison {
  readonly gamesDone: number;
}

/**
 * Plays a comparison as a job of the common kind: batches of blocks on both arms, merged in order,
 * checkpointed, stopped by a signal and resumed like any run. The test reads each batch as it is
 * merged and ends the job once it decides; batches in flight then are played and dropped, so the
 * verdict and the games used depend only on the seed, the strategies and the batch size.
 */
export async function playComparison(run: ComparisonJob): Promise<ComparisonRun | StoppedComparison> {
  const { context, dir, job, plan } = run;
  const arms = pairedArms(plan.paired);
  const seats = [...arms.candidate.seats, plan.paired.baseline];
  const runners = createRunners(run.workers, { moveTimeout: run.moveTimeout, channel: run.channel });
  try {
    const candidate = await prepareMatch(context.registry, arms.candidate, runners.resolverFor(seats));
    const baseline = await prepareMatch(context.registry, arms.baseline, runners.resolverFor(seats));
    const layout = new PairedLayout(candidate.layout, baseline.layout, plan.blockGames);
    // One match-up, the pair of arms: its batches are blocks of both, its games one arm's (the
    // candidate's counters open the paired sums, so their game count is the batch's).
    const pairs = { ...job, matchups: [job.matchups[0]], games: job.matchups[0].games };
    const progress = new JobProgress(pairs, job.id, [
      (data?: Float64Array) => new PairedCounters(layout, data as Float64Array<ArrayBuffer> | undefined),
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
      if (progress.merged > 0) test.read(progress.counters[0].totals(candidate, baseline));
    }
    const status = await playJob(context, dir, progress, { workers: run.workers }, runners, run.stop, {
      extra: (): ComparisonExtra => ({ trajectory: test.trajectory, expected: run.expected }),
      play: (batch, signal) =>
        runners.runnerFor(seats).run(
          {
            kind: 'paired',
            registry: context.registryModule,
            paired: plan.paired,
            fromBlock: batch.from / plan.blockGames,
            toBlock: batch.to / plan.blockGames,
          },
          signal,
        ),
    });
    return status === 'interrupted' ? { gamesDone: 2 * progress.gamesDone } : test.result();
  } finally {
    await runners.close();
  }
}

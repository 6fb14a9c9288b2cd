import { Errors } from '../../core/errors.ts';
import {
  readTuneJob,
  resumeTune,
  startTune,
  type TuneOutcome,
  type TuneReport,
  type TuneRequest,
  type TuneSummary,
  type TuneWatch,
  type VerificationSummary,
} from '../../tune/job.ts';
import { parseParamRange } from '../../tune/params.ts';
import type { NamedChart } from '../../report/report.ts';
import type { WrittenReport } from '../../report/write.ts';
import type { CommandContext } from '../command.ts';
import { eloText } from '../../report/tables.ts';
import { iterationGamesNote } from '../format.ts';
import { resumeCommand } from '../invocation.ts';
import { measureLines, printingWatch, resultLines, type CompareOptions } from './compare.ts';
import { checkRecordedSettings, inRunFolder, jobContext, refuseFixedOnResume, runThreads, SignalStop, stoppedBeforeStart } from './run.ts';

export interface TuneOptions
  extends
    Omit<TuneRequest, 'strategy' | 'params'>,
    Pick<
      CompareOptions,
      | 'resume'
      | 'workers'
      | 'workerMemory'
      | 'moveTimeout'
      | 'channel'
      | 'framing'
      | 'sandbox'
      | 'redis'
      | 'out'
      | 'name'
      | 'force'
      | 'json'
      | 'quiet'
    > {
  readonly strategy?: string;
  /** --param, as typed: name=start:min:max[:step]. */
  readonly param?: readonly string[];
}

/** The exit status when tuning kept the starting values: no comparison, so no verdict (compare's "undecided"). */
const NOTHING_VERIFIED = 2;

export async function runTune(context: CommandContext, typed: TuneOptions, given: ReadonlySet<string> = new Set()): Promise<number> {
  const stop = new SignalStop();
  try {
    const options = { ...typed, workers: await runThreads(context, typed, given) };
    const settings = { ...options, signal: stop.signal, draw: drawTune };
    let outcome: TuneOutcome;
    if (options.resume !== undefined) {
      refuseFixedOnResume(options.resume, given);
      const job = readTuneJob(options.resume);
      await checkRecordedSettings(context.registry.game(job.game), options.resume, job, options, given);
      outcome = await inRunFolder(options.resume, job, (dir) =>
        resumeTune(jobContext(context), dir, settings, printingTuneWatch(context, options), job),
      );
    } else {
      if (options.strategy === undefined) throw Errors.badOption('--strategy is required (or --resume DIR)');
      outcome = await startTune(
        jobContext(context),
        { ...options, strategy: options.strategy, params: (options.param ?? []).map(parseParamRange) },
        settings,
        printingTuneWatch(context, options, options.iterationGames),
      );
    }
    // The last progress line goes before the results are printed.
    context.progress('\r\x1b[K');
    if (outcome.status === 'not-started') return stoppedBeforeStart(context, stop);
    if (outcome.status === 'interrupted') {
      const kept = outcome.verifying
        ? 'stopped while verifying, every iteration and the games of the comparison so far kept'
        : `stopped after ${outcome.iterations} finished iterations, all kept`;
      context.warn(`${kept}; continue with: ${resumeCommand('tune', outcome.dir, options.redis)}`);
      return stop.exitCode;
    }
    const { summary, comparison } = outcome;
    if (options.json) context.print(JSON.stringify({ ...summary, resultsDir: outcome.dir }, null, 2));
    else {
      const lines = [`tuned: ${summary.tuned}`, `start: ${summary.start}`];
      if (summary.pairing) lines.push(pairingLine(summary.pairing));
      if (comparison === null) lines.push(`the tuned values are the starting ones: nothing to verify (exit ${NOTHING_VERIFIED})`);
      else
        lines.push('', `verification (paired compare, ${comparison.dir}):`, ...resultLines(comparison.summary.comparison, comparison.plan));
      lines.push('', `results: ${outcome.dir}`);
      context.print(lines.join('\n'));
    }
    return comparison === null ? NOTHING_VERIFIED : comparison.summary.comparison.exitCode;
  } finally {
    stop.dispose();
  }
}

/** What pairing theta+ with theta- saved, as compare words it. */
export function pairingLine(pairing: NonNullable<TuneSummary['pairing']>): string {
  const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');
  const factor = pairing.pairingFactor;
  return (
    `pairing: the per-block variance of theta+'s win share minus theta-'s was ${ratio(factor)} that of the same blocks unpaired ` +
    `(${ratio(pairing.factor)} that of independent games)` +
    // As compare says it: only a saving of a tenth or more, and none from a variance of 0 (arms that never differed).
    (factor > 0 && factor < 0.9 ? `: the same precision from ${(1 / factor).toFixed(1)} times fewer games than unpaired` : '')
  );
}

/**
 * The plan before the first iteration, and each finished iteration's score and values as progress;
 * for a run just started, a note if its iterations play other than the --iteration-games asked.
 */
function printingTuneWatch(context: CommandContext, options: Pick<TuneOptions, 'json'>, iterationGames?: number): TuneWatch {
  return {
    started: (job, done) => {
      const note = iterationGames === undefined ? null : iterationGamesNote(iterationGames, job.iterationGames, job.design, job.players);
      if (note !== null) context.warn(note);
      if (options.json) return;
      const ranges = job.params.map(
        (param) =>
          `${param.name} from ${param.start} in [${param.min}, ${param.max}]${param.integer ? ' (integer)' : ''}, last step ${round(param.step)}`,
      );
      context.print(
        [
          `tune ${job.strategy} on ${job.game}, ${job.players} players, opponents ${job.opponents.join(', ')}`,
          `  ${ranges.join('; ')}`,
          `  SPSA: ${job.spsa.iterations} iterations of ${job.iterationGames} paired games per arm (${job.design} design), r_end ${job.spsa.rEnd}, seed '${job.seed}'` +
            (done === job.spsa.iterations ? `; all ${done} done` : done > 0 ? `; ${done} done, going on` : ''),
        ].join('\n'),
      );
    },
    iterated: (job, row) =>
      context.progress(
        `\riteration ${row.iteration + 1}/${job.spsa.iterations}  ` +
          job.params.map((param, i) => `${param.name}=${round(row.theta[i])}`).join(' ') +
          `  score ${row.score >= 0 ? '+' : ''}${row.score.toFixed(3)}   `,
      ),
    verify: {
      ...printingWatch(context, options),
      started: () => context.progress('\r\x1b[K'),
    },
  };
}

function round(value: number): string {
  return Number(value.toPrecision(4)).toString();
}

/** What the report of a tuning run stopped before its end says first; undefined for a finished one. */
function tunePartialNote({ job, summary }: TuneReport): string | undefined {
  if (summary.complete) return undefined;
  return summary.iterations < job.spsa.iterations ? 'interrupted: the iterations so far' : 'interrupted while verifying: no verdict yet';
}

/**
 * A tuning run's charts: the parameters' trajectories, marked partial in the title (as every run's
 * charts are) when the run stopped before its end, since a chart may be published alone.
 */
export async function tuneCharts(report: TuneReport): Promise<NamedChart[]> {
  const [{ trajectoryChart }, { markedPartial }] = await Promise.all([
    import('../../report/charts/tune.ts'),
    import('../../report/report.ts'),
  ]);
  const { job, rows } = report;
  // Iteration 0 is where the run started; iteration k the values after the k-th.
  const points = [
    { iteration: 0, theta: job.params.map((param) => param.start) },
    ...rows.map((row) => ({ ...row, iteration: row.iteration + 1 })),
  ];
  const trajectory = points.flatMap((point) =>
    job.params.map((param, i) => ({
      parameter: param.name,
      iteration: point.iteration,
      value: point.theta[i],
      min: param.min,
      max: param.max,
    })),
  );
  // The values summary.json reports and the verification plays, at the iteration they come from.
  const tuned = report.summary.params.map((param) => ({ parameter: param.name, iteration: rows.length, value: param.tuned }));
  const spec = trajectoryChart(trajectory, tuned);
  const partial = tunePartialNote(report);
  return [{ name: 'trajectory', title: 'Parameter trajectories', spec: partial === undefined ? spec : markedPartial(spec, partial) }];
}

/** Draws a tuning run's trajectory chart and its report page. */
export async function drawTune(dir: string, report: TuneReport): Promise<WrittenReport> {
  const { writeReport } = await import('../../report/write.ts');
  const { job, summary } = report;
  const verification = summary.verification;
  const partial = tunePartialNote(report);
  return writeReport(dir, await tuneCharts(report), {
    title: `parlor tune: ${job.strategy} on ${job.game}${partial === undefined ? '' : ' (partial)'}`,
    lines: [
      `${summary.iterations} of ${job.spsa.iterations} iterations, ${summary.games.toLocaleString('en-US')} games`,
      `start: ${summary.start}`,
      `tuned: ${summary.tuned}`,
      ...(summary.pairing ? [pairingLine(summary.pairing)] : []),
      verification === null
        ? 'no verification (the run is unfinished, or tuning kept the starting values)'
        : `verification in ${verification.folder}/: ${verification.verdict}, ${verificationElo(verification)} ` +
          `over ${verification.games.toLocaleString('en-US')} games`,
      ...measureLines(verification?.measure),
    ],
    partial,
    tables: [tuneTable(summary)],
  });
}

/**
 * The verification's Elo with what it is a difference of, as `compare` prints it: against opponents
 * other than the starting values it is not head to head. A summary of an older parlor does not say.
 */
function verificationElo(verification: VerificationSummary): string {
  const what = verification.measured === undefined ? 'Elo' : `Elo difference (${verification.measured}):`;
  return `${what} ${eloText(verification.elo)}`;
}

function tuneTable(summary: TuneReport['summary']) {
  return {
    caption: 'Tuned parameters',
    columns: [
      { title: 'parameter', numeric: false },
      { title: 'start', numeric: true },
      { title: 'tuned', numeric: true },
      { title: 'min', numeric: true },
      { title: 'max', numeric: true },
    ],
    rows: summary.params.map((param) => [param.name, String(param.start), String(param.tuned), String(param.min), String(param.max)]),
  };
}

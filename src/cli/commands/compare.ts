import {
  readComparisonJob,
  resumeComparison,
  startComparison,
  type ComparisonOutcome,
  type ComparisonSummary,
  type ComparisonWatch,
  type CompareSummary,
} from '../../runner/compare/comparison.ts';
import type { ComparisonPlan, ComparisonRequest, ExpectedLength } from '../../runner/compare/comparison-plan.ts';
import type { PresetName } from '../../runner/compare/sprt-choices.ts';
import type { MeasureEstimate, Verdict } from '../../runner/compare/compare.ts';
import { Errors } from '../../core/errors.ts';
import { waldBounds } from '../../stats/sprt.ts';
import type { CommandContext } from '../command.ts';
import { eloText, percent, signedFigure as signed } from '../../report/tables.ts';
import { count, countOf } from '../format.ts';
import type { SandboxLimits } from '../../runner/play/external.ts';
import {
  checkChannel,
  checkRecordedSettings,
  inRunFolder,
  jobContext,
  noteFinished,
  refuseFixedOnResume,
  runThreads,
  SignalStop,
  stoppedBeforeStart,
  warnStopped,
} from './run.ts';

export interface CompareOptions extends ComparisonRequest {
  /** A comparison's folder to go on with; its job.json then says everything else. */
  readonly resume?: string;
  readonly workers: number;
  /** The most each worker thread's heap may take, in MB (--worker-memory). */
  readonly workerMemory?: number;
  readonly moveTimeout?: number;
  readonly startTimeout?: number;
  /** How `cmd:` bots talk to parlor (--channel). */
  readonly channel?: string;
  /** How their messages are framed (--framing). */
  readonly framing?: string;
  /** Run them in a sandbox with these limits (--sandbox). */
  readonly sandbox?: SandboxLimits;
  /** A Redis server whose workers play the batches (--redis). */
  readonly redis?: string;
  readonly out?: string;
  readonly name?: string;
  readonly force?: boolean;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

/** What the two hypotheses mean to a user, per preset (a custom --sprt reads plainly). */
const VERDICT_WORDS: Readonly<Record<PresetName | 'custom', Readonly<Record<Verdict, string>>>> = {
  gainer: { H1: 'PASS: the candidate gains strength (H1)', H0: 'FAIL: no gain (H0)', undecided: 'UNDECIDED' },
  'non-regression': { H1: 'PASS: no regression (H1)', H0: 'FAIL: the candidate is weaker (H0)', undecided: 'UNDECIDED' },
  custom: { H1: 'PASS: H1 accepted', H0: 'FAIL: H0 accepted', undecided: 'UNDECIDED' },
};

export async function runCompare(context: CommandContext, typed: CompareOptions, given: ReadonlySet<string> = new Set()): Promise<number> {
  const stop = new SignalStop();
  try {
    const options = { ...typed, workers: await runThreads(context, typed, given) };
    const settings = { ...options, signal: stop.signal };
    let outcome: ComparisonOutcome;
    if (options.resume !== undefined) {
      const job = resumableJob(options.resume, given);
      await checkChannel(context.registry.game(job.game), options);
      await checkRecordedSettings(context.registry.game(job.game), options.resume, job, options, given);
      outcome = await inRunFolder(options.resume, job, (dir) =>
        resumeComparison(jobContext(context), dir, settings, printingWatch(context, options), job),
      );
    } else {
      if (options.candidate === undefined || options.baseline === undefined)
        throw Errors.badOption('--candidate and --baseline are required (or --resume DIR)');
      await checkChannel(context.registry.game(options.game ?? context.registry.gameIds()[0]), options);
      outcome = await startComparison(jobContext(context), options, settings, printingWatch(context, options));
    }
    if (outcome.status === 'not-started') return stoppedBeforeStart(context, stop);
    if (outcome.status === 'interrupted') {
      warnStopped(context, outcome, options.redis);
      return stop.exitCode;
    }
    if (outcome.status === 'already-complete') noteFinished(context, outcome.dir);
    printResults(context, options, outcome.plan, outcome.summary, outcome.dir);
    return outcome.summary.comparison.exitCode;
  } finally {
    stop.dispose();
  }
}

function resumableJob(dir: string, given: ReadonlySet<string>) {
  const job = readComparisonJob(dir);
  refuseFixedOnResume(dir, given);
  return job;
}

/** Prints the plan before the first game, the expected length once known, and each look as progress. */
export function printingWatch(context: CommandContext, options: Pick<CompareOptions, 'json'>): ComparisonWatch {
  let maxGames = 0;
  return {
    started: (plan, expected) => {
      maxGames = plan.maxGames;
      if (!options.json) context.print(introLines(plan, expected).join('\n'));
    },
    learned: (expected, blocks) => {
      if (!options.json)
        context.print(
          expectedLine(
            expected,
            `normal approximation, spread of the first ${countOf(blocks, 'block')}, half a batch of overshoot`,
            maxGames,
          ),
        );
    },
    looked: (totals, sprt) =>
      context.progress(
        `\r${count(2 * totals.gamesPerArm)} games  LLR ${signed(sprt.llr, 2)} (${signed(sprt.lower, 2)}, ${signed(sprt.upper, 2)})   `,
      ),
    played: () => context.progress('\r\x1b[K'),
  };
}

function printResults(
  context: CommandContext,
  options: Pick<CompareOptions, 'json'>,
  plan: ComparisonPlan,
  summary: CompareSummary,
  dir: string,
): void {
  context.print(
    // The folder goes beside the figures, as sim's: a script reading the JSON learns where the run wrote.
    options.json
      ? JSON.stringify({ ...summary, resultsDir: dir }, null, 2)
      : [...resultLines(summary.comparison, plan), '', `results: ${dir}`].join('\n'),
  );
}

function expectedLine(expected: ExpectedLength | null, basis: string, maxGames: number): string {
  const length = expected ? `about ${count(expected.blocks)} blocks (${count(expected.games)} games)` : 'unknown (no spread yet)';
  return (
    `  expected length if the truth lies midway between H0 and H1 (${basis}): ${length}; ` +
    `a clear difference stops far sooner; cap ${count(maxGames)} games`
  );
}

function introLines(plan: ComparisonPlan, expected: ExpectedLength | null): string[] {
  const { paired, sprt } = plan;
  const bounds = waldBounds(sprt.alpha, sprt.beta);
  const how =
    paired.baselineSeed === undefined
      ? "the same deals and opponents' streams in both arms"
      : 'UNPAIRED control: each arm on deals of its own';
  return [
    `compare ${paired.candidate} (candidate) with ${paired.baseline} (baseline), ${plan.players} players, opponents ${paired.opponents.join(', ')}`,
    `  ${how}; ${paired.design} design (${plan.blockGames} game${plan.blockGames > 1 ? 's' : ''} a block), seed '${paired.seed}'`,
    `  SPRT ${plan.preset ?? 'custom'} on ${paired.measure === undefined ? 'win shares' : `the measure ${paired.measure}`}: ` +
      `H0 ${sprt.model === 'normalized' ? 'normalized Elo per game' : 'head-to-head Elo'} ${sprt.elo0}, H1 ${sprt.elo1}; ` +
      `alpha ${sprt.alpha}, beta ${sprt.beta}; stops when the LLR leaves (${signed(bounds.lower, 2)}, ${signed(bounds.upper, 2)})`,
    expected
      ? expectedLine(expected, 'normal approximation, half a batch of overshoot', plan.maxGames)
      : '  expected length: printed after the first look (under logistic Elo it depends on the spread of the block scores)',
    ...(paired.opponents.every((opponent) => opponent === paired.baseline)
      ? []
      : [
          `  measures strength against ${[...new Set(paired.opponents)].join(', ')}, not head to head: a tournament, which seats the two ` +
            'together, may rank them otherwise (leave out --opponents to compare head to head)',
        ]),
  ];
}

export function resultLines(comparison: ComparisonSummary, plan: ComparisonPlan): string[] {
  const { estimate, variance } = comparison;
  const elo = estimate.elo;
  const nelo = estimate.normalizedElo;
  const words = VERDICT_WORDS[plan.preset ?? 'custom'][comparison.verdict];
  // Both arms play whole blocks, so a cap that no whole block fills is left a few games short.
  const short = comparison.games < comparison.maxGames ? ` (${count(comparison.games)} played: both arms play whole blocks)` : '';
  const verdict =
    comparison.verdict === 'undecided' ? `${words}: the cap of ${count(comparison.maxGames)} games came first${short}` : words;
  const design = comparison.paired ? 'an independent design' : 'independent games';
  return [
    `verdict: ${verdict}`,
    `games: ${count(comparison.games)} (${countOf(comparison.blocks, 'block')} in each arm); LLR ${signed(comparison.llr, 2)} ` +
      `(bounds ${signed(comparison.sprt.lower, 2)}, ${signed(comparison.sprt.upper, 2)})`,
    `Elo difference (${estimate.measured}): ${eloText(elo)}; ` +
      `normalized Elo per game ${signed(nelo.nelo, 1)} +- ${Number.isFinite(nelo.margin) ? nelo.margin.toFixed(1) : 'n/a'}`,
    ...measureLines(estimate.measure),
    `likelihood of superiority: ${percent(estimate.superiority)}`,
    `win rates of the compared seat: candidate ${percent(comparison.arms.candidate.mean)}, baseline ${percent(comparison.arms.baseline.mean)}`,
    `variance per block: ${ratio(variance.factor)} that of ${design}` +
      (comparison.paired ? ` (pairing alone ${ratio(variance.pairingFactor)})` : '') +
      // Below a tenth's gain, "1.0 times fewer games" would say nothing.
      (variance.factor > 0 && variance.factor < 0.9
        ? `: the same precision from ${(1 / variance.factor).toFixed(1)} times fewer games`
        : ''),
    `note: ${estimate.note}`,
  ];
}

/** Where the test read a measure: what each arm scored on it and the difference, which the verdict rests on. */
export function measureLines(measure: MeasureEstimate | null | undefined): string[] {
  if (!measure) return [];
  const value = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');
  const nelo = measure.normalizedElo;
  return [
    `${measure.label} (what the test read${measure.lowerIsBetter ? ', lower is better' : ''}): candidate ${value(measure.candidate)}, ` +
      `baseline ${value(measure.baseline)}, difference ${signed(measure.difference, 3)} (95% interval ${signed(measure.low, 3)} to ${signed(measure.high, 3)}); ` +
      `normalized Elo per game ${signed(nelo.nelo, 1)} +- ${Number.isFinite(nelo.margin) ? nelo.margin.toFixed(1) : 'n/a'}`,
  ];
}

function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a';
}

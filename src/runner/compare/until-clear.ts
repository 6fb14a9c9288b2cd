import { WIN_SHARE, type Measure } from '../../core/game.ts';
import { lookForClearLeader, winRateRecord, type ClearLeaderLook, type ContenderRecord } from '../../stats/clear-leader.ts';
import { WHOLE_NUMBER_VARIANCE } from '../../stats/small-sample.ts';
import { Field, Global, type Counters } from '../play/counters.ts';
import { measureSums } from '../summary/measures.ts';
import { ratioEstimate } from '../../stats/ratio.ts';
import type { JobProgress } from '../job/run-job.ts';
import { round6 } from '../summary/rounding.ts';
import type { UntilClearSummary } from '../summary/summary-types.ts';

/**
 * `sim --until-clear`: the job's games are a cap, and the run ends at the first batch, in plan
 * order, after which the leader is clear (see stats/clear-leader.ts). Batches merge in plan order
 * and a stop drops whatever finished past it, so the games played are a prefix of the seeded
 * sequence that depends on the seed, the strategies and the look size, never on the workers.
 */

/** Games between two looks at most: looks cost nothing, but games in flight past a stop are wasted. */
const MOST_LOOK_GAMES = 200;
/** Looks over the cap at least, so a short run still gets a chance to stop early. */
const LEAST_LOOKS = 20;

/** Games per batch, and so between looks, unless --batch says: it depends on the cap alone. */
export function untilClearLookGames(cap: number): number {
  return Math.min(MOST_LOOK_GAMES, Math.ceil(cap / LEAST_LOOKS));
}

const METHOD =
  'normal-mixture confidence sequence on the win-rate difference (Hoeffding bound), valid at every look, ' +
  'Bonferroni over the other strategies';
const MEASURE_METHOD =
  'normal-mixture confidence sequence on the difference of the measure, its spread per block measured as it goes ' +
  '(valid at every look as the blocks grow many), Bonferroni over the other strategies';
/** The stop pulls apart the figures it judged: the win rates, or another measure's means (Hearts' points per hand). */
function biasNote(measure: Measure): string {
  const figures = measure.source.kind === 'game-wins' ? 'the win rates' : `the strategies' ${measure.label}`;
  return `the run stopped as soon as the leader was clear, which pulls ${figures} apart; play a fixed number of games for unbiased figures`;
}
const CAP_NOTE = 'the cap came first: no strategy is ahead of every other at this confidence';

/**
 * A strategy's record for the stopping rule. The win share is bounded, so its scale is known
 * (Hoeffding). Another measure's values need not be: its scale is its per-block spread as measured
 * so far (the ratio estimate's standard error times the square root of the blocks), kept at least
 * that of whole numbers known to +-1/2, which makes the sequence valid as the blocks grow many
 * rather than at every count; before two blocks nothing is measured and nothing can stop.
 */
function contender(sums: Counters, strategy: string, slot: number, measure: Measure): ContenderRecord {
  const { data, layout } = sums;
  const at = layout.slot(slot);
  if (measure.source.kind === 'game-wins')
    return winRateRecord(
      strategy,
      data[at + Field.GAME_WINS] / (layout.shareUnits * data[at + Field.GAMES]),
      data[at + Field.GAMES] / data[Global.GAMES],
    );
  const ratio = measureSums(sums, at, measure);
  const estimate = ratioEstimate(ratio);
  const perBlock = ratio.units > 0 ? ratio.count / ratio.units : 0;
  const floor = perBlock > 0 ? Math.sqrt(WHOLE_NUMBER_VARIANCE / perBlock) : Infinity;
  const scale = estimate.units > 1 && Number.isFinite(estimate.se) ? Math.max(estimate.se * Math.sqrt(estimate.units), floor) : Infinity;
  return { strategy, value: measure.lowerIsBetter ? -estimate.rate : estimate.rate, scale };
}

/**
 * The stopping rule's look at a single match-up's sums, whose strategy slots are named `slotNames`,
 * on `measure` (a game's declared measure of strength; the win share by default). The margins are
 * the leader's advantage, in the measure's units and turned where lower is better.
 */
export function clearLeaderLook(
  sums: Counters,
  slotNames: readonly string[],
  confidence: number,
  measure: Measure = WIN_SHARE,
): ClearLeaderLook {
  const records = slotNames.map((strategy, slot) => contender(sums, strategy, slot, measure));
  return lookForClearLeader(records, sums.data[Global.BLOCKS], confidence);
}

/** The stopping rule on a single match-up's sums, read at every merged batch. */
export class ClearLeaderStop {
  readonly confidence: number;
  private readonly slotNames: readonly string[];
  private readonly measure: Measure;
  private last: ClearLeaderLook | null = null;
  private games = 0;

  constructor(confidence: number, slotNames: readonly string[], measure: Measure = WIN_SHARE) {
    this.confidence = confidence;
    this.slotNames = slotNames;
    this.measure = measure;
  }

  /** Reads every batch the job merges from now on, ending the job once the leader is clear. */
  watch(progress: JobProgress<Counters>): void {
    progress.onMerged = (_batch, sums) => this.lookAt(progress, sums);
  }

  /** Reads the sums a resumed job starts from: it may have merged its stopping batch before it was interrupted. */
  resumeFrom(progress: JobProgress<Counters>): void {
    if (progress.merged > 0) this.lookAt(progress, progress.mergedSums(0));
  }

  private lookAt(progress: JobProgress<Counters>, sums: Counters): void {
    if (this.look(sums)) progress.end();
  }

  get clear(): boolean {
    return this.last?.clear === true;
  }

  private look(sums: Counters): boolean {
    this.games = sums.data[Global.GAMES];
    this.last = clearLeaderLook(sums, this.slotNames, this.confidence, this.measure);
    return this.last.clear;
  }

  /** The outcome for the summary; `finished` tells a run that played to its end from one interrupted. */
  summary(cap: number, finished: boolean): UntilClearSummary | null {
    const last = this.last;
    if (!last) return null;
    const stopped = last.clear ? 'clear' : finished ? 'cap' : null;
    return {
      confidence: this.confidence,
      stopped,
      games: this.games,
      cap,
      leader: last.leader,
      measure: { id: this.measure.id, label: this.measure.label, lowerIsBetter: this.measure.lowerIsBetter },
      margins: last.margins.map((margin) => ({ ...margin, difference: round6(margin.difference), lower: round6(margin.lower) })),
      method: this.measure.source.kind === 'game-wins' ? METHOD : MEASURE_METHOD,
      note: stopped === 'clear' ? biasNote(this.measure) : stopped === 'cap' ? CAP_NOTE : '',
    };
  }
}

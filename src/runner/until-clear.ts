import { lookForClearLeader, type ClearLeaderLook } from '../stats/clear-leader.ts';
import { Field, Global, type Counters } from './counters.ts';
import type { JobProgress } from './run-job.ts';
import { round6 } from './rounding.ts';
import type { UntilClearSummary } from './summary-types.ts';

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
const BIAS_NOTE =
  'the run stopped as soon as the leader was clear, which pulls the win rates apart; ' +
  'play a fixed number of games for unbiased figures';
const CAP_NOTE = 'the cap came first: no strategy is ahead of every other at this confidence';

/** The stopping rule's look at a single match-up's sums, whose strategy slots are named `slotNames`. */
export function clearLeaderLook(sums: Counters, slotNames: readonly string[], confidence: number): ClearLeaderLook {
  const { data, layout } = sums;
  const records = slotNames.map((strategy, slot) => {
    const at = layout.slot(slot);
    return {
      strategy,
      winRate: data[at + Field.GAME_WINS] / (layout.shareUnits * data[at + Field.GAMES]),
      seatsPerGame: data[at + Field.GAMES] / data[Global.GAMES],
    };
  });
  return lookForClearLeader(records, data[Global.BLOCKS], confidence);
}

/** The stopping rule on a single match-up's sums, read at every merged batch. */
export class ClearLeaderStop {
  readonly confidence: number;
  private readonly slotNames: readonly string[];
  private last: ClearLeaderLook | null = null;
  private games = 0;

  constructor(confidence: number, slotNames: readonly string[]) {
    this.confidence = confidence;
    this.slotNames = slotNames;
  }

  /** Reads every batch the job merges from now on, ending the job once the leader is clear. */
  watch(progress: JobProgress<Counters>): void {
    progress.onMerged = (_batch, sums) => this.lookAt(progress, sums);
  }

  /** Reads the sums a resumed job starts from: it may have merged its stopping batch before it was interrupted. */
  resumeFrom(progress: JobProgress<Counters>): void {
    if (progress.merged > 0) this.lookAt(progress, progress.counters[0]);
  }

  private lookAt(progress: JobProgress<Counters>, sums: Counters): void {
    if (this.look(sums)) progress.end();
  }

  get clear(): boolean {
    return this.last?.clear === true;
  }

  private look(sums: Counters): boolean {
    this.games = sums.data[Global.GAMES];
    this.last = clearLeaderLook(sums, this.slotNames, this.confidence);
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
      margins: last.margins.map((margin) => ({ ...margin, difference: round6(margin.difference), lower: round6(margin.lower) })),
      method: METHOD,
      note: stopped === 'clear' ? BIAS_NOTE : stopped === 'cap' ? CAP_NOTE : '',
    };
  }
}

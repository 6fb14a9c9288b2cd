import { Errors } from '../../core/errors.ts';
import { MomentField, RateByField, metricCells, type MetricSpec } from '../../core/metrics.ts';
import { tallyLayout, type GameTally, type TallyShape } from '../../core/tally.ts';

/**
 * Where each count lives in a flat Float64Array. Entities are the seat positions (0..players-1)
 * followed by the strategy slots of the match-up; every entity has the same block of fields.
 * One flat array is what a worker returns (copied back, not transferred) and what merging adds up.
 *
 * Every count is a whole number: wins are kept in share units (a win split among k winners adds
 * shareUnits / k), so sums are exact and the same whatever order batches are added in. Only the
 * summary divides.
 */
export class CounterLayout {
  readonly players: number;
  readonly slots: number;
  readonly shareUnits: number;
  readonly metrics: readonly MetricSpec[];
  readonly forfeitReasons: number;
  readonly entitySize: number;
  /** Where the head-to-head counts begin: [slot a][slot b][PairField]. */
  readonly pairsStart: number;
  /** Where the per deal group sums begin: `dealGroupSize` cells per group (see dealGroup). */
  readonly dealGroupsStart: number;
  readonly dealGroupSize: number;
  /**
   * Deal groups kept: DEAL_GROUPS, or fewer for a match-up of fewer blocks, whose deals fill no
   * more groups than it has blocks. Most of a layout's cells are the groups': 11,880 seatings of
   * one game each held 630 MB of sums, 85% of them groups none of their games could reach.
   */
  readonly dealGroups: number;
  /** Where the forfeit notes begin; everything before is plain sums. */
  readonly notesStart: number;
  readonly size: number;
  /** Per metric: where its cells begin within an entity's block. */
  private readonly metricStart: Int32Array;
  private readonly forfeitStart: number;
  /** Labels of moments metrics per entity: the cells whose block sums are kept while a block is played. */
  readonly momentCells: number;
  /** Per metric: its first label among the labels of rate-by metrics, or -1. */
  readonly rateByBase: readonly number[];
  /** Labels of rate-by metrics, all metrics together. */
  readonly rateByCells: number;
  /** Per moments cell: where its MomentField block begins within an entity's block. */
  readonly momentAt: Int32Array;
  /** [seat * momentCells + cell]: where the cell's records, sum and sum of squares begin in a game's tally. */
  readonly momentTally: Int32Array;
  /** The metrics that are not moments (rate-by and causes), whose counts recordMetric adds. */
  readonly otherMetrics: Int32Array;
  /** [metric]: how many labels it has, read for every game without walking to the metric's spec. */
  readonly labelCounts: Int32Array;

  constructor(tallyShape: TallyShape, shareUnits: number, slots: number, dealGroups: number = DEAL_GROUPS) {
    this.players = tallyShape.players;
    this.dealGroups = dealGroups;
    this.slots = slots;
    this.shareUnits = shareUnits;
    this.metrics = tallyShape.metrics;
    this.forfeitReasons = tallyShape.forfeitReasons;
    const metricStart: number[] = [];
    const rateByBase: number[] = [];
    let used = Field.METRICS;
    let moments = 0;
    let rateBy = 0;
    for (const metric of this.metrics) {
      metricStart.push(used);
      used += metricCells(metric).counters;
      if (metric.kind === 'moments') moments += metric.labels.length;
      rateByBase.push(metric.kind === 'rate-by' ? rateBy : -1);
      if (metric.kind === 'rate-by') rateBy += metric.labels.length;
    }
    this.metricStart = Int32Array.from(metricStart);
    this.momentCells = moments;
    this.rateByBase = rateByBase;
    this.rateByCells = rateBy;
    this.forfeitStart = used;
    this.entitySize = used + this.forfeitReasons;
    const tally = tallyLayout(tallyShape);
    // The labels of the moments metrics, in order: the entity's moments cells.
    const cells = this.metrics.flatMap((metric, m) => (metric.kind === 'moments' ? metric.labels.map((_, label) => [m, label]) : []));
    this.momentAt = Int32Array.from(cells, ([m, label]) => metricStart[m] + label * MomentField.COUNT);
    this.momentTally = Int32Array.from({ length: this.players * moments }, (_, i) => {
      const [m, label] = cells[i % moments];
      return tally.metricStart[m] + Math.floor(i / moments) * tally.seatStride[m] + 3 * label;
    });
    this.labelCounts = Int32Array.from(this.metrics, (metric) => metric.labels.length);
    this.otherMetrics = Int32Array.from(
      this.metrics.flatMap((metric, m) => (metric.kind === 'moments' ? [] : [m])),
      (m) => m,
    );
    this.pairsStart = Global.COUNT + (this.players + this.slots) * this.entitySize;
    this.dealGroupsStart = this.pairsStart + this.slots * this.slots * PairField.COUNT;
    this.dealGroupSize = 1 + this.players + this.slots * (DealGroupField.COUNT + 2 * rateBy);
    this.notesStart = this.dealGroupsStart + dealGroups * this.dealGroupSize;
    this.size = this.notesStart + 1 + MAX_NOTES * NoteField.COUNT;
  }

  /**
   * Sums of this layout laid out with all DEAL_GROUPS groups (as checkpoints of older parlors keep
   * them), in this layout; null where a group it leaves out counted anything.
   */
  fromEveryGroup(data: Float64Array): Float64Array | null {
    const every = this.everyGroup();
    if (data.length !== every.size) return null;
    for (let i = this.notesStart; i < every.notesStart; i++) if (data[i] !== 0) return null;
    const sums = new Float64Array(this.size);
    sums.set(data.subarray(0, this.notesStart));
    sums.set(data.subarray(every.notesStart), this.notesStart);
    return sums;
  }

  /** This layout with all DEAL_GROUPS groups. */
  everyGroup(): CounterLayout {
    return new CounterLayout(
      { players: this.players, metrics: this.metrics, forfeitReasons: this.forfeitReasons },
      this.shareUnits,
      this.slots,
    );
  }

  get entities(): number {
    return this.players + this.slots;
  }

  /** Offset of entity `index` (seats first, then slots). */
  entity(index: number): number {
    return Global.COUNT + index * this.entitySize;
  }

  seat(seat: number): number {
    return this.entity(seat);
  }

  slot(slot: number): number {
    return this.entity(this.players + slot);
  }

  /**
   * Offset of an entity's cells of metric `metric` for label `label`: a RateByField or MomentField
   * block, or one count for a causes metric.
   */
  metric(entity: number, metric: number, label: number): number {
    const kind = this.metrics[metric].kind;
    const width = kind === 'rate-by' ? RateByField.COUNT : kind === 'moments' ? MomentField.COUNT : 1;
    return entity + this.metricStart[metric] + label * width;
  }

  /** Offset of an entity's first cell of metric `metric` (see metric), without looking up its kind. */
  metricBase(entity: number, metric: number): number {
    return entity + this.metricStart[metric];
  }

  forfeits(entity: number): number {
    return entity + this.forfeitStart;
  }

  /**
   * Offset of deal group `group`: its block count, then each seat's game-win units, then each
   * slot's DealGroupField sums, then each slot's round win units and rounds per rate-by label.
   */
  dealGroup(group: number): number {
    return this.dealGroupsStart + group * this.dealGroupSize;
  }

  /** Offset of a seat's game-win units in deal group `group`. */
  dealGroupSeat(group: number, seat: number): number {
    return this.dealGroup(group) + 1 + seat;
  }

  /** Offset of a slot's DealGroupField sums in deal group `group`. */
  dealGroupSlot(group: number, slot: number): number {
    return this.dealGroup(group) + 1 + this.players + slot * DealGroupField.COUNT;
  }

  /** Offset of a slot's round win units, then rounds, under label `label` of rate-by metric `metric` in deal group `group`. */
  dealGroupLabel(group: number, slot: number, metric: number, label: number): number {
    const labels = this.slots * DealGroupField.COUNT + 2 * (slot * this.rateByCells + this.rateByBase[metric] + label);
    return this.dealGroup(group) + 1 + this.players + labels;
  }

  /** Offset of the head-to-head counts of slot `a` against slot `b`. */
  pair(a: number, b: number): number {
    return this.pairsStart + (a * this.slots + b) * PairField.COUNT;
  }
}

export const Global = {
  GAMES: 0,
  ROUNDS: 1,
  ROUNDS_SQUARED: 2,
  /** Independent samples: one per game in the independent design, one per rotation block in the duplicate one. */
  BLOCKS: 3,
  COUNT: 4,
} as const;

/** Per entity (a seat position or a strategy slot). */
export const Field = {
  /** Seat-games: a strategy in two seats of one game counts two. */
  GAMES: 0,
  /** Game wins in share units. */
  GAME_WINS: 1,
  ROUNDS: 2,
  /** Round wins, every tied winner counted as a win. */
  ROUND_WINS: 3,
  /** Round wins in share units. */
  ROUND_WIN_SHARE: 4,
  /** Sum over blocks of the entity's game-win units within the block, and of their squares. */
  BLOCK_SCORE: 5,
  BLOCK_SCORE_SQUARES: 6,
  /**
   * The round win rate's ratio sums over blocks (see addRatioBlock): with x the entity's round win
   * units and n its rounds within a block, the sums of x^2, x n and n^2.
   */
  BLOCK_ROUND_WIN_SQUARES: 7,
  BLOCK_ROUND_CROSS: 8,
  BLOCK_ROUND_SQUARES: 9,
  /** Where the game's metrics begin (see CounterLayout.metric), then its forfeit counts. */
  METRICS: 10,
} as const;

/** A strategy slot's sums in one deal group. */
export const DealGroupField = {
  /** Game wins in share units. */
  GAME_WINS: 0,
  /** Round wins in share units. */
  ROUND_WIN_SHARE: 1,
  ROUNDS: 2,
  COUNT: 3,
} as const;

/** Per ordered pair of strategy slots, over every pair of seats they held in one game. */
export const PairField = {
  /** Seat pairs that met. */
  MEETINGS: 0,
  /**
   * Of those, the first seat finished ahead of the second: a larger share of the win, or an equal
   * share (neither won, or both) and a better score in the game's own points (Hearts: fewer).
   */
  BEATS: 1,
  COUNT: 2,
} as const;

/**
 * Blocks are also summed into groups by their deal (deal mod DEAL_GROUPS). Every match-up of a job
 * plays deal d in its local block d, so a group holds the same deals in every match-up: the groups
 * are independent samples of a whole tournament, which a bootstrap of its ratings resamples and
 * its intervals are measured between.
 */
export const DEAL_GROUPS = 64;

/**
 * The first forfeits in game order, kept so a run can print the `--game i` that replays each.
 * Merging in batch order keeps the earliest ones, so the list does not depend on the batch size.
 * The notes' first field counts every forfeit noted (one per game, seat and reason), kept or not.
 */
export const MAX_NOTES = 16;

export const NoteField = {
  GAME: 0,
  SEAT: 1,
  REASON: 2,
  COUNT: 3,
} as const;

export interface ForfeitNote {
  readonly game: number;
  readonly seat: number;
  readonly reason: number;
}

export class Counters {
  readonly layout: CounterLayout;
  readonly data: Float64Array;
  /** Each entity's win units in the block being played; folded into the moments by closeBlock. */
  private readonly blockScore: Float64Array;
  /** [entity][round win units, rounds] in the block being played. */
  private readonly blockRounds: Float64Array;
  /**
   * [slot][label of a rate-by metric][round win units, rounds] in the block being played. Rates by
   * label are reported per strategy, so only the slots keep their ratio sums.
   */
  private readonly blockRateBy: Float64Array;
  /** [entity][moments cell][sum of values, records] in the block being played. */
  private readonly blockMoments: Float64Array;
  /** Per entity, 1 while its part of blockMoments holds anything (see recordGame's wholeBlock). */
  private readonly momentsPending: Uint8Array;
  /** Whether any entity's does. */
  private anyMomentsPending = false;
  /** Per strategy slot, the seats it holds in the game being recorded. */
  private readonly slotSeats: Int32Array;

  constructor(layout: CounterLayout, data?: Float64Array) {
    this.layout = layout;
    this.data = data ?? new Float64Array(layout.size);
    this.blockScore = new Float64Array(layout.entities);
    this.blockRounds = new Float64Array(layout.entities * 2);
    this.blockRateBy = new Float64Array(layout.slots * layout.rateByCells * 2);
    this.blockMoments = new Float64Array(layout.entities * layout.momentCells * 2);
    this.slotSeats = new Int32Array(layout.slots);
    this.momentsPending = new Uint8Array(layout.entities);
  }

  /** Adds another batch's counts; call in batch order so the forfeit notes keep the earliest. */
  add(other: Float64Array): void {
    const data = this.data;
    const end = this.layout.notesStart;
    for (let i = 0; i < end; i++) data[i] += other[i];
    const kept = Math.min(data[end], MAX_NOTES);
    const incoming = Math.min(other[end], MAX_NOTES - kept);
    for (let i = 0; i < incoming * NoteField.COUNT; i++) {
      data[end + 1 + kept * NoteField.COUNT + i] = other[end + 1 + i];
    }
    data[end] += other[end];
  }

  /** The kept forfeit notes, earliest first. */
  notes(): ForfeitNote[] {
    const data = this.data;
    const start = this.layout.notesStart;
    return Array.from({ length: Math.min(data[start], MAX_NOTES) }, (_, i) => {
      const at = start + 1 + i * NoteField.COUNT;
      return { game: data[at + NoteField.GAME], seat: data[at + NoteField.SEAT], reason: data[at + NoteField.REASON] };
    });
  }

  /** Every forfeit of every strategy, as the forfeits tables list them (a seat may forfeit more than once a game). */
  forfeitTotal(): number {
    const { data, layout } = this;
    let total = 0;
    for (let slot = 0; slot < layout.slots; slot++) {
      const at = layout.forfeits(layout.slot(slot));
      for (let reason = 0; reason < layout.forfeitReasons; reason++) total += data[at + reason];
    }
    return total;
  }

  /** Forfeits noted (one a game, seat and reason), those past the kept ones included. */
  noteCount(): number {
    return this.data[this.layout.notesStart];
  }

  /**
   * Adds one finished game. `seatSlot[seat]` is the strategy slot that played the seat; `shares`
   * are the game's returns (fractions of a win); `gameIndex` labels forfeit notes. `scores`, the
   * game's points with their direction, order the seats that took equal shares; without them such
   * seats are even. `wholeBlock`: the game is a block by itself (closeBlock comes next), so an
   * entity that one seat alone played takes its moments' block sums straight from the tally.
   */
  recordGame(
    tally: GameTally,
    shares: Float64Array,
    seatSlot: Int32Array,
    gameIndex: number,
    scores: Float64Array | null = null,
    lowerIsBetter = false,
    wholeBlock = false,
  ): void {
    const data = this.data;
    const layout = this.layout;
    data[Global.GAMES]++;
    data[Global.ROUNDS] += tally.rounds;
    data[Global.ROUNDS_SQUARED] += tally.rounds * tally.rounds;
    const players = layout.players;
    const slotSeats = this.slotSeats;
    // Plain stores rather than TypedArray.fill, a runtime call per game on an array of a few slots.
    for (let slot = 0; slot < slotSeats.length; slot++) slotSeats[slot] = 0;
    for (let seat = 0; seat < players; seat++) slotSeats[seatSlot[seat]]++;
    for (let seat = 0; seat < players; seat++) {
      // Returns are k-way splits of one win, so the product is within rounding of a whole number.
      const units = Math.round(shares[seat] * layout.shareUnits);
      const slot = seatSlot[seat];
      this.recordSeat(seat, seat, tally, units, gameIndex);
      this.recordSeat(players + slot, seat, tally, units, gameIndex);
      for (let i = 0; i < layout.otherMetrics.length; i++) this.recordMetric(seat, slot, layout.otherMetrics[i], tally, units);
      if (layout.momentCells > 0) this.recordMoments(seat, players + slot, tally.counts, wholeBlock, wholeBlock && slotSeats[slot] === 1);
    }
    for (let seat = 0; seat < players; seat++) {
      for (let other = 0; other < players; other++) {
        if (other === seat) continue;
        const at = layout.pair(seatSlot[seat], seatSlot[other]);
        data[at + PairField.MEETINGS]++;
        if (finishedAhead(shares, scores, lowerIsBetter, seat, other)) data[at + PairField.BEATS]++;
      }
    }
  }

  /**
   * Ends a block (a game, or a deal's rotations) of deal `deal`: its sums become one sample of each
   * entity, and are added to the deal's group.
   */
  closeBlock(deal: number): void {
    const { data, layout, blockScore: scores, blockRounds: rounds } = this;
    data[Global.BLOCKS]++;
    const group = deal % DEAL_GROUPS;
    if (group >= layout.dealGroups)
      throw Errors.internal(`deal ${deal} falls in group ${group}, past the ${layout.dealGroups} its match-up keeps`);
    data[layout.dealGroup(group)]++;
    for (let seat = 0; seat < layout.players; seat++) data[layout.dealGroupSeat(group, seat)] += scores[seat];
    for (let slot = 0; slot < layout.slots; slot++) {
      const index = layout.players + slot;
      const at = layout.dealGroupSlot(group, slot);
      data[at + DealGroupField.GAME_WINS] += scores[index];
      data[at + DealGroupField.ROUND_WIN_SHARE] += rounds[2 * index];
      data[at + DealGroupField.ROUNDS] += rounds[2 * index + 1];
    }
    for (let index = 0; index < scores.length; index++) {
      const at = layout.entity(index);
      const score = scores[index];
      data[at + Field.BLOCK_SCORE] += score;
      data[at + Field.BLOCK_SCORE_SQUARES] += score * score;
      addRatioBlock(data, at + Field.BLOCK_ROUND_WIN_SQUARES, rounds[2 * index], rounds[2 * index + 1]);
      scores[index] = 0;
      rounds[2 * index] = 0;
      rounds[2 * index + 1] = 0;
    }
    if (layout.rateByCells > 0) this.closeRateBy(group);
    if (this.anyMomentsPending) this.closeMoments();
  }

  /**
   * Folds the block's sums of every rate-by label of every strategy slot into their ratio sums and
   * into the deal group, then clears them for the next block.
   */
  private closeRateBy(group: number): void {
    const { data, layout, blockRateBy: block } = this;
    for (let i = 0; i < layout.otherMetrics.length; i++) {
      const m = layout.otherMetrics[i];
      if (layout.rateByBase[m] < 0) continue;
      const labels = layout.labelCounts[m];
      for (let slot = 0; slot < layout.slots; slot++) {
        // Offsets of label 0, computed once per slot: every game's block passes here.
        const cells0 = layout.metricBase(layout.slot(slot), m) + RateByField.BLOCK_WIN_SQUARES;
        const group0 = layout.dealGroupLabel(group, slot, m, 0);
        const block0 = (slot * layout.rateByCells + layout.rateByBase[m]) * 2;
        for (let label = 0; label < labels; label++) {
          const cell = block0 + 2 * label;
          const count = block[cell + 1];
          // Nothing counted under the label in this block: its sum is 0 too, and the sums gain nothing.
          if (count === 0) continue;
          const sum = block[cell];
          addRatioBlock(data, cells0 + label * RateByField.COUNT, sum, count);
          data[group0 + 2 * label] += sum;
          data[group0 + 2 * label + 1] += count;
          block[cell] = 0;
          block[cell + 1] = 0;
        }
      }
    }
  }

  /** Folds the block's sums of every moments label of every entity into their ratio sums, then clears them. */
  private closeMoments(): void {
    const { data, layout, blockMoments: block } = this;
    const cells = layout.momentCells;
    const momentAt = layout.momentAt;
    for (let index = 0; index < layout.entities; index++) {
      if (this.momentsPending[index] === 0) continue;
      this.momentsPending[index] = 0;
      const entity = layout.entity(index) + MomentField.BLOCK_SUM_OF_SQUARES;
      for (let cell = 0, at = 2 * index * cells; cell < cells; cell++, at += 2) {
        const count = block[at + 1];
        if (count === 0) continue;
        addRatioBlock(data, entity + momentAt[cell], block[at], count);
        block[at] = 0;
        block[at + 1] = 0;
      }
    }
    this.anyMomentsPending = false;
  }

  /** Adds a seat's game to entity `index`, its metrics apart (recordMetric, recordMoments). */
  private recordSeat(index: number, seat: number, tally: GameTally, units: number, gameIndex: number): void {
    const data = this.data;
    const layout = this.layout;
    const entity = layout.entity(index);
    this.blockScore[index] += units;
    this.blockRounds[2 * index] += tally.roundWinShare[seat];
    this.blockRounds[2 * index + 1] += tally.rounds;
    data[entity + Field.GAMES]++;
    data[entity + Field.GAME_WINS] += units;
    data[entity + Field.ROUNDS] += tally.rounds;
    data[entity + Field.ROUND_WINS] += tally.roundWins[seat];
    data[entity + Field.ROUND_WIN_SHARE] += tally.roundWinShare[seat];
    if (tally.forfeitCount === 0) return;
    const forfeits = layout.forfeits(entity);
    for (let reason = 0; reason < layout.forfeitReasons; reason++) {
      const count = tally.forfeits[seat * layout.forfeitReasons + reason];
      if (count === 0) continue;
      data[forfeits + reason] += count;
      // Seat entities come first, so each forfeit is noted once, not again for its strategy slot.
      if (index < layout.players) this.note(gameIndex, seat, reason);
    }
  }

  /**
   * Adds the seat's counts of a rate-by or causes metric to the seat's entity and to its strategy
   * slot's (and to the slot's block): one walk over the tally serves both entities.
   */
  private recordMetric(seat: number, slot: number, m: number, tally: GameTally, units: number): void {
    const data = this.data;
    const layout = this.layout;
    const labels = layout.labelCounts[m];
    const counts = tally.counts;
    const from = tally.metricOffset(m, seat);
    const seatBase = layout.metricBase(layout.entity(seat), m);
    const slotBase = layout.metricBase(layout.slot(slot), m);
    const rateBy = layout.rateByBase[m];
    if (rateBy < 0) {
      // Causes: one count per label.
      for (let label = 0; label < labels; label++) {
        const count = counts[from + label];
        data[seatBase + label] += count;
        data[slotBase + label] += count;
      }
      return;
    }
    const block = this.blockRateBy;
    const blockBase = (slot * layout.rateByCells + rateBy) * 2;
    for (let label = 0; label < labels; label++) {
      const rounds = counts[from + label];
      const wins = counts[from + labels + label];
      const share = counts[from + 2 * labels + label];
      const seatAt = seatBase + label * RateByField.COUNT;
      const slotAt = slotBase + label * RateByField.COUNT;
      data[seatAt + RateByField.ROUNDS] += rounds;
      data[seatAt + RateByField.ROUND_WINS] += wins;
      data[seatAt + RateByField.ROUND_WIN_SHARE] += share;
      data[slotAt + RateByField.ROUNDS] += rounds;
      data[slotAt + RateByField.ROUND_WINS] += wins;
      data[slotAt + RateByField.ROUND_WIN_SHARE] += share;
      block[blockBase + 2 * label] += share;
      block[blockBase + 2 * label + 1] += rounds;
    }
    const opening = counts[from + 3 * labels] * RateByField.COUNT;
    data[seatBase + opening + RateByField.GAMES]++;
    data[seatBase + opening + RateByField.GAME_WINS] += units;
    data[slotBase + opening + RateByField.GAMES]++;
    data[slotBase + opening + RateByField.GAME_WINS] += units;
  }

  /**
   * Adds the seat's records of every moments label to the sums of the seat's entity and of its
   * strategy slot's (entity `slot`), and to their blocks'; where the game is the entity's whole
   * block (`seatDirect`, `slotDirect`), the block's sums are the seat's own and go straight into
   * the ratio sums. One walk over the tally serves both entities.
   */
  private recordMoments(seat: number, slot: number, counts: Int32Array, seatDirect: boolean, slotDirect: boolean): void {
    const layout = this.layout;
    const { momentAt, momentTally, momentCells: cells } = layout;
    const seatAt = layout.entity(seat);
    const slotAt = layout.entity(slot);
    if (!seatDirect) this.markPending(seat);
    if (!slotDirect) this.markPending(slot);
    for (let cell = 0, from = seat * cells; cell < cells; cell++) {
      const tallied = momentTally[from + cell];
      const records = counts[tallied];
      if (records === 0) continue;
      const sum = counts[tallied + 1];
      const squares = counts[tallied + 2];
      this.addMoment(seatAt + momentAt[cell], (seat * cells + cell) * 2, records, sum, squares, seatDirect);
      this.addMoment(slotAt + momentAt[cell], (slot * cells + cell) * 2, records, sum, squares, slotDirect);
    }
  }

  /** One label's records of one seat into an entity's MomentField cells at `at`, and its block's at `blockAt`. */
  private addMoment(at: number, blockAt: number, records: number, sum: number, squares: number, direct: boolean): void {
    const data = this.data;
    data[at + MomentField.RECORDS] += records;
    data[at + MomentField.SUM] += sum;
    data[at + MomentField.SUM_OF_SQUARES] += squares;
    if (direct) addRatioBlock(data, at + MomentField.BLOCK_SUM_OF_SQUARES, sum, records);
    else {
      this.blockMoments[blockAt] += sum;
      this.blockMoments[blockAt + 1] += records;
    }
  }

  private markPending(index: number): void {
    this.momentsPending[index] = 1;
    this.anyMomentsPending = true;
  }

  private note(gameIndex: number, seat: number, reason: number): void {
    const data = this.data;
    const start = this.layout.notesStart;
    const kept = data[start];
    data[start] = kept + 1;
    if (kept >= MAX_NOTES) return;
    const at = start + 1 + kept * NoteField.COUNT;
    data[at + NoteField.GAME] = gameIndex;
    data[at + NoteField.SEAT] = seat;
    data[at + NoteField.REASON] = reason;
  }
}

/** Whether `seat` finished ahead of `other`: more of the win, or as much and a better score. */
function finishedAhead(shares: Float64Array, scores: Float64Array | null, lowerIsBetter: boolean, seat: number, other: number): boolean {
  if (shares[seat] !== shares[other]) return shares[seat] > shares[other];
  if (scores === null) return false;
  return lowerIsBetter ? scores[seat] < scores[other] : scores[seat] > scores[other];
}

/**
 * Seat-games per block of a match-up for the entity at `at` (a strategy may hold several seats of a
 * table); without `at`, games per block.
 */
export function gamesPerBlock(counters: Counters, at?: number): number {
  const games = at === undefined ? counters.data[Global.GAMES] : counters.data[at + Field.GAMES];
  return games / counters.data[Global.BLOCKS];
}

/**
 * Adds one block's sum x and count n to the ratio sums kept at `at` (x^2, then x n, then n^2): what
 * a ratio estimate over blocks needs (see src/stats/ratio.ts), kept without keeping the blocks.
 */
function addRatioBlock(data: Float64Array, at: number, x: number, n: number): void {
  data[at] += x * x;
  data[at + 1] += x * n;
  data[at + 2] += n * n;
}

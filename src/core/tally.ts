import { metricCells, type MetricSpec } from './metrics.ts';

/**
 * Per-game counters a game fills in as it plays, seat by seat, so the runner can aggregate rounds,
 * forfeits and the game's declared metrics without the game creating an object per round. The
 * runner adds a finished game's tally into its batch counters.
 */
export interface TallyShape {
  readonly players: number;
  readonly metrics: readonly MetricSpec[];
  /** Labels of forfeit reasons. */
  readonly forfeitReasons: number;
}

/**
 * The smallest whole number of units into which a win splits evenly among any k <= players
 * winners: lcm(1..players), 12 for four players. Shares kept in these units are integers, so sums
 * are exact and do not depend on the order in which games or batches are added up.
 */
export function shareUnitsFor(players: number): number {
  let units = 1;
  for (let k = 2; k <= players; k++) units = (units * k) / gcd(units, k);
  return units;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * Where a tally keeps what: seat `seat`'s cells of metric `m` begin at metricStart[m] + seat *
 * seatStride[m] in its counts, after each seat's round wins, round win share and forfeits.
 */
export function tallyLayout(shape: TallyShape): {
  readonly metricStart: Int32Array;
  readonly seatStride: Int32Array;
  readonly size: number;
} {
  const { players, metrics, forfeitReasons } = shape;
  const seatStride = Int32Array.from(metrics, (metric) => metricCells(metric).tally);
  const metricStart = new Int32Array(metrics.length);
  let size = players * (2 + forfeitReasons);
  metrics.forEach((_, index) => {
    metricStart[index] = size;
    size += players * seatStride[index];
  });
  return { metricStart, seatStride, size };
}

/**
 * A metric's cells for one seat, at `metricOffset(metric, seat)` in `counts`:
 * - rate-by: rounds begun holding each label, round wins, round win share units, then the label
 *   held in the game's first round;
 * - causes: a count per label;
 * - moments: per label the records, their sum and their sum of squares.
 */
export class GameTally {
  readonly shape: TallyShape;
  /** One win in share units (see shareUnitsFor): a round won alone adds this much. */
  readonly shareUnits: number;
  rounds = 0;
  /** Forfeits of every seat this game: most games have none, and their reasons need no reading then. */
  forfeitCount = 0;
  /** Round wins per seat, each tied winner counted as a win. */
  readonly roundWins: Int32Array;
  /** Round wins per seat in share units: a round shared by k winners adds shareUnits / k. */
  readonly roundWinShare: Int32Array;
  /** [seat * forfeitReasons + reason] */
  readonly forfeits: Int32Array;
  /** Every window above and every metric's cells are on this one, so a new game clears them all in one call. */
  readonly counts: Int32Array;
  /** [metric * players + seat]: the label the seat holds this round (rate-by and moments metrics). */
  private readonly held: Int32Array;
  private readonly metricStart: Int32Array;
  private readonly seatStride: Int32Array;
  private readonly rateByMetrics: Int32Array;
  /** Per metric, plain numbers for the recording calls: 1 for rate-by metrics, and label counts. */
  private readonly rateBy: Uint8Array;
  private readonly labelCount: Int32Array;
  private readonly players: number;

  constructor(shape: TallyShape) {
    this.shape = shape;
    this.shareUnits = shareUnitsFor(shape.players);
    const { players, metrics, forfeitReasons } = shape;
    const layout = tallyLayout(shape);
    this.seatStride = layout.seatStride;
    this.metricStart = layout.metricStart;
    this.counts = new Int32Array(layout.size);
    this.roundWins = this.counts.subarray(0, players);
    this.roundWinShare = this.counts.subarray(players, 2 * players);
    this.forfeits = this.counts.subarray(2 * players, players * (2 + forfeitReasons));
    this.held = new Int32Array(metrics.length * players);
    this.players = players;
    this.rateBy = Uint8Array.from(metrics, (metric) => (metric.kind === 'rate-by' ? 1 : 0));
    this.labelCount = Int32Array.from(metrics, (metric) => metric.labels.length);
    this.rateByMetrics = Int32Array.from(
      metrics.flatMap((metric, index) => (metric.kind === 'rate-by' ? [index] : [])),
      (index) => index,
    );
  }

  clear(): void {
    this.rounds = 0;
    this.forfeitCount = 0;
    this.counts.fill(0);
  }

  /** Where `seat`'s cells of metric `metric` begin in `counts`. */
  metricOffset(metric: number, seat: number): number {
    return this.metricStart[metric] + seat * this.seatStride[metric];
  }

  startRound(): void {
    this.rounds++;
  }

  /** The seat holds `label` for this round: rate-by metrics count the round under it, moments record under it. */
  hold(metric: number, seat: number, label: number): void {
    this.held[metric * this.players + seat] = label;
    if (this.rateBy[metric] === 0) return;
    this.holdAt(this.metricOffset(metric, seat) + label, label, this.labelCount[metric]);
  }

  /** The seat won the round, with `share` of it in share units. */
  roundWon(seat: number, share: number): void {
    this.seatWon(seat, share);
    for (let i = 0; i < this.rateByMetrics.length; i++) {
      const metric = this.rateByMetrics[i];
      const cell = this.metricOffset(metric, seat) + this.held[metric * this.players + seat];
      this.rateByWonAt(cell, this.labelCount[metric], share);
    }
  }

  /**
   * Where a rate-by metric's round count for the seat under `label` is. A game that knows each
   * seat's label as it deals keeps this cell, counts the round with holdAt and a win with
   * seatWon and rateByWonAt, rather than holding the label and having every win look it up again
   * for each rate-by metric.
   */
  rateByCell(metric: number, seat: number, label: number): number {
    return this.metricOffset(metric, seat) + label;
  }

  /** A round begun holding `label` of a rate-by metric of `labels` labels, at the cell rateByCell named. */
  holdAt(cell: number, label: number, labels: number): void {
    this.counts[cell]++;
    if (this.rounds === 1) this.counts[cell - label + 3 * labels] = label;
  }

  /** The seat's round wins and win share alone, for a game that counts its rate-by wins with rateByWonAt. */
  seatWon(seat: number, share: number): void {
    this.roundWins[seat]++;
    this.roundWinShare[seat] += share;
  }

  /** A round won with `share`, under the label held at the cell rateByCell named, of a metric of `labels` labels. */
  rateByWonAt(cell: number, labels: number, share: number): void {
    const counts = this.counts;
    counts[cell + labels]++;
    counts[cell + 2 * labels] += share;
  }

  /** One more of cause `label` for the seat. */
  count(metric: number, seat: number, label: number): void {
    this.counts[this.metricOffset(metric, seat) + label]++;
  }

  /** A value of a moments metric for the seat, under the label it holds. */
  record(metric: number, seat: number, value: number): void {
    this.recordAt(this.momentsCell(metric, seat, this.held[metric * this.players + seat]), value);
  }

  /**
   * Where a moments metric's cells for the seat under `label` are. A game that knows each seat's
   * labels as it deals keeps these and records with recordAt, rather than holding the labels and
   * having every record look them up.
   */
  momentsCell(metric: number, seat: number, label: number): number {
    return this.metricOffset(metric, seat) + 3 * label;
  }

  /** A value of a moments metric, at the cells momentsCell named. */
  recordAt(cell: number, value: number): void {
    const counts = this.counts;
    counts[cell]++;
    counts[cell + 1] += value;
    counts[cell + 2] += value * value;
  }

  /**
   * The game's one value under each of the labels 0 .. count - 1 of a moments metric,
   * values[from + label]: a deck's cards per kind, or a curve kept per turn, recorded once when the
   * game ends. Each label's cells are written as its first record on the tally clear() left (one
   * record, the value, its square) rather than added to: stores alone, where adding reads each cell.
   */
  recordSeriesOnce(metric: number, seat: number, values: Int16Array, from: number, count: number): void {
    const counts = this.counts;
    let at = this.metricOffset(metric, seat);
    for (let label = 0; label < count; label++, at += 3) {
      const value = values[from + label];
      counts[at] = 1;
      counts[at + 1] = value;
      counts[at + 2] = value * value;
    }
  }

  forfeit(seat: number, reason: number): void {
    this.forfeits[seat * this.shape.forfeitReasons + reason]++;
    this.forfeitCount++;
  }
}

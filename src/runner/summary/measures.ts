import { Errors } from '../../core/errors.ts';
import { withNearMiss } from '../../core/near-miss.ts';
import { measuresOf, type Game, type Measure } from '../../core/game.ts';
import { MomentField } from '../../core/metrics.ts';
import type { GameTally } from '../../core/tally.ts';
import { ratioEstimate, type RatioEstimate, type RatioSums } from '../../stats/ratio.ts';
import { Field, Global, type CounterLayout, type Counters } from '../play/counters.ts';

/**
 * A game's declared measures (core/game.ts: Measure) read from a run's counters: for one entity (a
 * seat position or a strategy slot) the measure's ratio sums over the run's blocks, hence its mean
 * per unit and the standard error between blocks.
 */

/** The measure `id` names among the game's, or the game's default (its first) without one. */
export function chooseMeasure(game: Pick<Game, 'id' | 'measures'>, id?: string): Measure {
  const measures = measuresOf(game);
  if (id === undefined) return measures[0];
  const measure = measures.find((candidate) => candidate.id === id);
  if (!measure) {
    const ids = measures.map((m) => m.id);
    throw Errors.badOption(withNearMiss(`--measure: ${game.id} declares ${ids.join(', ')}, not '${id}'`, id, ids));
  }
  return measure;
}

/** A `metric` measure's moments metric and label in the layout, checked: what the game declares must be there. */
function momentsLabel(layout: CounterLayout, measure: Measure & { source: { kind: 'metric' } }): { metric: number; label: number } {
  const metric = layout.metrics.findIndex((candidate) => candidate.name === measure.source.metric);
  const spec = layout.metrics[metric];
  if (!spec || spec.kind !== 'moments')
    throw Errors.internal(`measure '${measure.id}' names '${measure.source.metric}', which is not a moments metric of the game`);
  const label = measure.source.label === undefined ? 0 : spec.labels.indexOf(measure.source.label);
  if (label < 0) throw Errors.internal(`measure '${measure.id}' names label '${measure.source.label}', which '${spec.name}' lacks`);
  return { metric, label };
}

/**
 * Where the counters keep a round-wins or metric measure of an entity: its sum, its count, the
 * first of its block ratio sums (x^2, x n, n^2), and what divides the sum into the measure's units.
 */
function ratioCells(layout: CounterLayout, entity: number, measure: Measure): [number, number, number, number] {
  if (measure.source.kind === 'round-wins')
    return [entity + Field.ROUND_WIN_SHARE, entity + Field.ROUNDS, entity + Field.BLOCK_ROUND_WIN_SQUARES, layout.shareUnits];
  const { metric, label } = momentsLabel(layout, measure as Measure & { source: { kind: 'metric' } });
  const at = layout.metric(entity, metric, label);
  return [at + MomentField.SUM, at + MomentField.RECORDS, at + MomentField.BLOCK_SUM_OF_SQUARES, 1];
}

/**
 * The ratio sums of `measure` for the entity at `entity` (CounterLayout.seat or .slot): x its value
 * and n its units (seat-games, rounds or records) in each block of the run.
 */
export function measureSums(counters: Counters, entity: number, measure: Measure): RatioSums {
  const { data, layout } = counters;
  const units = data[Global.BLOCKS];
  const source = measure.source;
  if (source.kind === 'game-wins') {
    // A block holds the same seat-games of the entity every time: n is that constant.
    const share = layout.shareUnits;
    const games = data[entity + Field.GAMES];
    const perBlock = units > 0 ? games / units : 0;
    const sum = data[entity + Field.GAME_WINS] / share;
    return {
      units,
      sum,
      count: games,
      sumOfSquares: data[entity + Field.BLOCK_SCORE_SQUARES] / (share * share),
      cross: perBlock * sum,
      countSquares: perBlock * perBlock * units,
    };
  }
  const [sumAt, countAt, squaresAt, scale] = ratioCells(layout, entity, measure);
  return {
    units,
    sum: data[sumAt] / scale,
    count: data[countAt],
    sumOfSquares: data[squaresAt] / (scale * scale),
    cross: data[squaresAt + 1] / scale,
    countSquares: data[squaresAt + 2],
  };
}

/** The measure's mean per unit for the entity, with its standard error between blocks (NaN below two). */
export function measureEstimate(counters: Counters, entity: number, measure: Measure): RatioEstimate {
  return ratioEstimate(measureSums(counters, entity, measure));
}

/**
 * Adds a seat's value and units of a measure in one finished game to `into` (at 2 seat and
 * 2 seat + 1), reading the game's tally at table position `position`; allocates nothing.
 */
export type SeatMeasureReader = (tally: GameTally, position: number, seat: number, into: Float64Array) => void;

/** How a match player reads `measure` game by game (the win share needs none: it keeps seat scores). */
export function seatMeasureReader(layout: CounterLayout, measure: Measure): SeatMeasureReader | null {
  const source = measure.source;
  if (source.kind === 'game-wins') return null;
  if (source.kind === 'round-wins')
    return (tally, position, seat, into) => {
      into[2 * seat] += tally.roundWinShare[position] / tally.shareUnits;
      into[2 * seat + 1] += tally.rounds;
    };
  const { metric, label } = momentsLabel(layout, measure as Measure & { source: { kind: 'metric' } });
  // A moments metric's cells per label: records, sum, sum of squares (core/tally.ts).
  return (tally, position, seat, into) => {
    const at = tally.metricOffset(metric, position) + 3 * label;
    into[2 * seat] += tally.counts[at + 1];
    into[2 * seat + 1] += tally.counts[at];
  };
}

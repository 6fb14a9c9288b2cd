import { playsOneRound } from '../../core/game.ts';
import { MomentField, RateByField, metricChart, metricFile, type MetricSpec, type MomentsMetric } from '../../core/metrics.ts';
import { meanInterval, rateInterval } from '../../stats/small-sample.ts';
import type { Counters } from '../play/counters.ts';
import { round6, roundedInterval } from './rounding.ts';
import { blockRatio, labelRoundSums, rate, roundInterval } from './summary-intervals.ts';
import type { IntervalUnit, MetricSummary, MomentRow, RateByRow, SummaryContext } from './summary-types.ts';

/** A game's declared metrics (core/metrics.ts) as the summary reports them, row by row. */

/** `units`: what each strategy's game rate counts as one sample, which its rates by label count too. */
export function metricSummary(
  context: SummaryContext,
  counters: Counters,
  metric: MetricSpec,
  index: number,
  units: readonly IntervalUnit[],
): MetricSummary {
  const names = context.strategies;
  const heading = {
    name: metric.name,
    title: metric.title,
    labelTitle: metric.labelTitle,
    labels: metric.labels,
    file: metricFile(metric),
    labelColumn: metric.labelColumn ?? 'label',
    chart: metricChart(metric),
  };
  const { layout } = counters;
  const cells = names.flatMap((strategy, slot) =>
    metric.labels.map((label, labelIndex) => ({
      strategy,
      slot,
      label,
      labelIndex,
      at: layout.metric(layout.slot(slot), index, labelIndex),
    })),
  );
  const data = counters.data;
  switch (metric.kind) {
    case 'rate-by':
      return {
        ...heading,
        kind: metric.kind,
        rows: cells.flatMap((cell) => rateByRow(context, counters, cell, index, units[cell.slot])),
      };
    case 'causes':
      return {
        ...heading,
        kind: metric.kind,
        unit: metric.unit,
        rows: cells.filter(({ at }) => data[at] > 0).map(({ strategy, label, at }) => ({ strategy, label, count: data[at] })),
      };
    case 'moments':
      return {
        ...heading,
        kind: metric.kind,
        per: metric.per,
        valueTitle: metric.valueTitle,
        format: metric.format,
        lowerIsBetter: metric.lowerIsBetter,
        ...(metric.neutral ? { neutral: true as const } : {}),
        ...(metric.sequence ? { sequence: true as const } : {}),
        rows: cells.flatMap(({ strategy, label, at }) => momentRow(counters, strategy, label, at, metric.format)),
      };
  }
}

interface MetricCell {
  readonly strategy: string;
  readonly label: string;
  readonly labelIndex: number;
  /** The cell's offset in the pooled counters (CounterLayout.metric). */
  readonly at: number;
}

function rateByRow(context: SummaryContext, counters: Counters, cell: MetricCell, metric: number, unit: IntervalUnit): RateByRow[] {
  const { data, layout } = counters;
  const { strategy, label, at } = cell;
  const rounds = data[at + RateByField.ROUNDS];
  if (rounds === 0) return [];
  const wins = data[at + RateByField.ROUND_WIN_SHARE] / layout.shareUnits;
  const byRound = rate(wins, rounds);
  const round = roundInterval(
    context,
    unit,
    labelRoundSums(strategy, metric, cell.labelIndex),
    () =>
      blockRatio(
        counters,
        at + RateByField.ROUND_WIN_SHARE,
        at + RateByField.ROUNDS,
        at + RateByField.BLOCK_WIN_SQUARES,
        layout.shareUnits,
      ),
    wins,
    rounds,
  );
  const byGame = rate(data[at + RateByField.GAME_WINS] / layout.shareUnits, data[at + RateByField.GAMES]);
  // A game of one round: its games begun holding the label are its rounds begun holding it, the
  // same wins and the same rate, which gets one interval, over the samples the round rate counts
  // (blocks, deal groups), not a second one over games that are not independent there.
  const game = playsOneRound(context.game.roundName) ? round : { ci95: byGame.ci95, ci95Unit: 'game' as const };
  return [
    {
      strategy,
      label,
      rounds,
      roundWins: data[at + RateByField.ROUND_WINS],
      roundWinShare: byRound.wins,
      roundWinRate: byRound.winRate,
      ci95: round.ci95,
      ci95Unit: round.ci95Unit,
      games: byGame.games,
      gameWins: byGame.wins,
      gameWinRate: byGame.winRate,
      gameCi95: game.ci95,
      gameCi95Unit: game.ci95Unit,
    },
  ];
}

/**
 * The mean of the values under one label, a ratio of sums over the run's blocks: with x_b the sum
 * and n_b the count of values in block b, the mean is R = sum x / sum n and its variance
 * B / (B - 1) sum (x_b - R n_b)^2 / (sum n)^2, so values from one game (the hands of a match,
 * the seats a strategy holds) count as one sample, not as many. The interval is one that holds
 * with few blocks too (stats/small-sample.ts): Wilson's for a rate, Student's t with a floor on
 * the spread for other means, never a point.
 */
function momentRow(counters: Counters, strategy: string, label: string, at: number, format: MomentsMetric['format']): MomentRow[] {
  const data = counters.data;
  const records = data[at + MomentField.RECORDS];
  if (records === 0) return [];
  const sum = data[at + MomentField.SUM];
  const mean = sum / records;
  const sd = records > 1 ? Math.sqrt(Math.max(0, (data[at + MomentField.SUM_OF_SQUARES] - sum * mean) / (records - 1))) : 0;
  const between = blockRatio(counters, at + MomentField.SUM, at + MomentField.RECORDS, at + MomentField.BLOCK_SUM_OF_SQUARES);
  const [low, high] =
    format === 'rate' ? rateInterval(mean, between.se, between.units) : meanInterval(mean, between.se, between.units, records);
  return [{ strategy, label, records, mean: round6(mean), sd: round6(sd), ci95: roundedInterval(low, high) }];
}

import type { MetricSpec, MomentsMetric } from '../../core/metrics.ts';

/** Indices into HEARTS_METRICS, as the engine records them. */
export const Metric = {
  POINTS: 0,
  POINTS_BY_QUEEN: 1,
  POINTS_BY_HEARTS: 2,
  POINTS_BY_HIGH_SPADES: 3,
  QUEEN_TAKEN: 4,
  MOON_SHOT: 5,
} as const;

/** How many metrics the engine records for each seat: Metric's indices run below it. */
export const HEARTS_METRIC_COUNT = Object.keys(Metric).length;

/** Hearts dealt to a seat, the last bucket holding that many or more. */
export const HEARTS_DEALT_BUCKETS = 7;

function pointsPerHand(name: string, title: string, labelTitle: string, labels: readonly string[]): MomentsMetric {
  return {
    kind: 'moments',
    name,
    title,
    labelTitle,
    labels,
    per: 'round',
    valueTitle: 'points per hand',
    format: 'number',
    lowerIsBetter: true,
  };
}

function ratePerHand(name: string, title: string, valueTitle: string, lowerIsBetter: boolean): MomentsMetric {
  return { kind: 'moments', name, title, labelTitle: '', labels: ['all'], per: 'round', valueTitle, format: 'rate', lowerIsBetter };
}

/**
 * What a Hearts run reports beside wins: the points a hand scores (after the moon rule and the
 * profile's quirks), the same split by what was dealt, and how often the queen and the moon land.
 */
export const HEARTS_METRICS: readonly MetricSpec[] = [
  pointsPerHand('points', 'Points per hand', '', ['all']),
  pointsPerHand('pointsByQueen', 'Points per hand by whether the queen of spades was dealt', 'queen of spades', ['not dealt', 'dealt']),
  pointsPerHand(
    'pointsByHearts',
    'Points per hand by hearts dealt',
    'hearts dealt',
    Array.from({ length: HEARTS_DEALT_BUCKETS + 1 }, (_, count) => (count === HEARTS_DEALT_BUCKETS ? `${count}+` : String(count))),
  ),
  pointsPerHand('pointsByHighSpades', 'Points per hand by high spades dealt (ace, king, queen)', 'high spades dealt', ['0', '1', '2', '3']),
  ratePerHand('queenTaken', 'Queen of spades taken', 'hands taking the queen', true),
  ratePerHand('moonShots', 'Moon shots', 'hands shooting the moon', false),
];

import type { MetricSpec } from '../../core/metrics.ts';
import { OUTCOME_LABELS } from './codes.ts';

/** Indices into SPEEDCLUE_METRICS, as the engine records them. */
export const Metric = {
  WINS_BY_HAND_SIZE: 0,
  OUTCOMES: 1,
  TURNS_TO_SOLVE: 2,
} as const;

/** Hand sizes run from 3 (six players) to 6 (three players). */
export const SMALLEST_HAND = 3;
export const HAND_SIZE_LABELS: readonly string[] = ['3', '4', '5', '6'];

/**
 * What a SpeedClue run reports beside wins: the win rate by the number of cards dealt (the first
 * seats get the extra cards), how each seat's game ended (disqualifications by reason are the
 * forfeit table), and how many of its own turns a player took to accuse correctly.
 */
export const SPEEDCLUE_METRICS: readonly MetricSpec[] = [
  {
    kind: 'rate-by',
    name: 'winsByHandSize',
    title: 'Win rate by hand size',
    labelTitle: 'cards dealt',
    labels: HAND_SIZE_LABELS,
    labelColumn: 'handSize',
  },
  {
    kind: 'causes',
    name: 'outcomes',
    title: 'How each game ended for each player',
    labelTitle: 'outcome',
    labels: OUTCOME_LABELS,
    unit: 'games',
    labelColumn: 'outcome',
  },
  {
    kind: 'moments',
    name: 'turnsToSolve',
    title: 'Own turns to a correct accusation, in the games it solved',
    labelTitle: '',
    labels: ['all'],
    per: 'game',
    valueTitle: 'own turns to solve (games solved)',
    format: 'number',
    lowerIsBetter: true,
  },
];

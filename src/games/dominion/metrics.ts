import type { MetricSpec, MomentsMetric } from '../../core/metrics.ts';
import { CARD_NAMES } from './cards.ts';

/** Indices into DOMINION_METRICS, as the engine records them. */
export const Metric = {
  OPENING: 0,
  VP: 1,
  TURNS: 2,
  TIES: 3,
  END_CAUSE: 4,
  DECK: 5,
  VP_BY_TURN: 6,
  MONEY_BY_TURN: 7,
} as const;

/** Turns the by-turn curves follow, as the simulators' graphs do (Dominiate draws turns 1-30). */
export const CURVE_TURNS = 30;
const TURN_LABELS = Array.from({ length: CURVE_TURNS }, (_, turn) => String(turn + 1));

function byTurn(name: string, title: string, valueTitle: string): MomentsMetric {
  return {
    kind: 'moments',
    name,
    title,
    labelTitle: 'turn',
    labels: TURN_LABELS,
    per: 'game',
    valueTitle,
    format: 'number',
    lowerIsBetter: false,
    sequence: true,
  };
}

/** How a game ended: the labels of the end-cause metric. */
export const EndCause = { PROVINCES: 0, PILES: 1, TURN_LIMIT: 2 } as const;

/** The opening split: coppers in the first two hands, 5/2 or 4/3 either way round. */
export const OPENING_LABELS = ['5/2', '4/3'];

/**
 * What a Dominion run reports beside wins: win rates by opening split, the final VP, the game's
 * length, how often it ends in a shared win, how it ends, what each seat owns at the end, and the
 * curves of VP owned and money produced by turn.
 */
export const DOMINION_METRICS: readonly MetricSpec[] = [
  {
    kind: 'rate-by',
    name: 'opening',
    title: 'Win rate by opening split',
    labelTitle: 'opening (coppers in hands 1 / 2)',
    labels: OPENING_LABELS,
  },
  {
    kind: 'moments',
    name: 'vp',
    title: 'Victory points at the end',
    labelTitle: '',
    labels: ['all'],
    per: 'game',
    valueTitle: 'VP per game',
    format: 'number',
    lowerIsBetter: false,
  },
  {
    kind: 'moments',
    name: 'turns',
    title: 'Game length in turns',
    labelTitle: '',
    labels: ['all'],
    per: 'game',
    valueTitle: 'turns taken per game',
    format: 'number',
    lowerIsBetter: false,
    neutral: true,
  },
  {
    kind: 'moments',
    name: 'ties',
    title: 'Games ending in a shared win',
    labelTitle: '',
    labels: ['all'],
    per: 'game',
    valueTitle: 'games sharing the win',
    format: 'rate',
    lowerIsBetter: false,
    neutral: true,
  },
  {
    kind: 'causes',
    name: 'endCause',
    title: 'How games end',
    labelTitle: 'end',
    labels: ['provinces gone', 'three piles', 'turn limit'],
    unit: 'games',
  },
  {
    kind: 'moments',
    name: 'deck',
    title: 'Cards owned at the end',
    labelTitle: 'card',
    labels: CARD_NAMES,
    per: 'game',
    valueTitle: 'cards owned per game',
    format: 'number',
    lowerIsBetter: false,
    neutral: true,
  },
  byTurn('vpByTurn', 'VP by turn', 'VP owned at the end of the turn'),
  byTurn('moneyByTurn', 'Money by turn', 'coins produced in the turn'),
];

import type { MetricSpec } from '../../core/metrics.ts';
import { CARD_NAMES } from './cards.ts';

/** Indices into DOMINION_METRICS, as the engine records them. */
export const Metric = {
  OPENING: 0,
  VP: 1,
  TURNS: 2,
  TIES: 3,
  END_CAUSE: 4,
  DECK: 5,
} as const;

/** How a game ended: the labels of the end-cause metric. */
export const EndCause = { PROVINCES: 0, PILES: 1, TURN_LIMIT: 2 } as const;

/** The opening split: coppers in the first two hands, 5/2 or 4/3 either way round. */
export const OPENING_LABELS = ['5/2', '4/3'];

/**
 * What a Dominion run reports beside wins: win rates by opening split, the final VP, the game's
 * length, how often it ends in a shared win, how it ends, and what each seat owns at the end.
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
  },
];

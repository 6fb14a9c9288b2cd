import type { MetricSpec } from '../../core/metrics.ts';
import { CARD_NAMES } from './cards.ts';
import { OUT_CAUSE_LABELS } from './codes.ts';

/** Indices into LOVE_LETTER_METRICS, as the engine records them. */
export const Metric = {
  FIRST_CARD: 0,
  OUT: 1,
} as const;

export const LOVE_LETTER_METRICS: readonly MetricSpec[] = [
  {
    kind: 'rate-by',
    name: 'firstCard',
    title: 'Round win rate by first card held',
    labelTitle: 'first card held',
    labels: CARD_NAMES,
    file: 'first-cards.csv',
    chart: 'win-rate-by-first-card',
    labelColumn: 'card',
  },
  {
    kind: 'causes',
    name: 'outs',
    title: 'How players went out',
    labelTitle: 'went out by',
    labels: OUT_CAUSE_LABELS,
    unit: 'outs',
    file: 'outs.csv',
    chart: 'outs-by-cause',
    labelColumn: 'cause',
  },
];

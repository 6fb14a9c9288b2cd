import { GAME_REASONS_START, sharedForfeitLabels } from '../../core/forfeits.ts';

/** Illegal-play reasons of Hearts, after the shared forfeit codes. Stable: they appear in results. */
export const Illegal = {
  /** Not a card number 0..51. */
  UNKNOWN_CARD: GAME_REASONS_START,
  NOT_HELD: GAME_REASONS_START + 1,
  /** The first card of a hand must be the two of clubs. */
  MUST_LEAD_TWO_OF_CLUBS: GAME_REASONS_START + 2,
  MUST_FOLLOW_SUIT: GAME_REASONS_START + 3,
  /** A heart led before hearts are broken by a player who holds another suit. */
  HEARTS_NOT_BROKEN: GAME_REASONS_START + 4,
} as const;

export const FORFEIT_LABELS: readonly string[] = [
  ...sharedForfeitLabels,
  'unknown-card',
  'card-not-held',
  'must-lead-two-of-clubs',
  'must-follow-suit',
  'hearts-not-broken',
];

/** Event kinds of the log. */
export const Ev = {
  /** To one seat as a hand begins: a = hand number (from 1), b = the seat that leads, c = players. */
  HAND_START: 1,
  /** To one seat, right after HAND_START: a = position in the hand as dealt, b = card. */
  DEALT: 2,
  /** To everyone: a = seat, b = card. */
  PLAYED: 3,
  /** To everyone: a = winner, b = points in the trick, c = trick number (from 0). */
  TRICK_WON: 4,
  /** To everyone, one per seat at a hand's end: a = seat, b = the hand's score, c = new total. */
  HAND_SCORED: 5,
  /** To everyone: a = seat that shot the moon. Comes before the HAND_SCORED records. */
  MOON: 6,
} as const;

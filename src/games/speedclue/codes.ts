import { GAME_REASONS_START, sharedForfeitLabels } from '../../core/forfeits.ts';

/**
 * The contest's restrictions, after the shared forfeit codes (a malformed reply and a timeout are
 * shared: MALFORMED, TIMEOUT). Each disqualifies the player. Stable: they appear in results.
 */
export const Illegal = {
  /** A suggestion the player has already made this game. */
  REPEATED_SUGGESTION: GAME_REASONS_START,
  /** An accusation naming a card the player holds or has been shown. */
  SUICIDAL_ACCUSATION: GAME_REASONS_START + 1,
  /** No accusation after an undisproved suggestion of the player's that named no card it had seen. */
  MISSED_ACCUSATION: GAME_REASONS_START + 2,
  /** Showing a card that is not both held and in the suggestion. */
  INVALID_DISPROVE: GAME_REASONS_START + 3,
  /** A reply of the wrong kind: a suggestion when asked to accuse or disprove, and so on. */
  OUT_OF_ORDER: GAME_REASONS_START + 4,
} as const;

export const FORFEIT_LABELS: readonly string[] = [
  ...sharedForfeitLabels,
  'repeated-suggestion',
  'suicidal-accusation',
  'missed-accusation',
  'invalid-disprove',
  'out-of-order',
];

/**
 * Event kinds of the log. Cards are 0..20 and triples 0..323 (cards.ts); -1 stands for "none".
 * Recipients follow the protocol: a seat is told only what the contest's server would tell it.
 */
export const Ev = {
  /** To one seat as a game begins (`reset`): a = players, b = the seat, c = its hand size. */
  GAME_START: 1,
  /** To one seat, right after GAME_START: a = position in the hand, b = card. */
  DEALT: 2,
  /** To the disprover when it must choose the card (`disprove`): a = suggester, b = triple. */
  DISPROVE: 3,
  /**
   * A suggestion and its outcome (`suggestion`): a = suggester, b = triple, c = the disprover or -1,
   * d = the card shown, told only to the suggester and the disprover, in a record for each
   * (-1 in the record for everyone else).
   */
  SUGGESTION: 4,
  /** An accusation (`accusation`): a = accuser, b = triple, c = 1 when right, 0 when wrong. */
  ACCUSATION: 5,
  /** To nobody (the protocol announces no end): a = the winner, b = how (Outcome). */
  GAME_OVER: 6,
  /** To nobody: a = the seat disqualified, b = the forfeit reason. */
  DISQUALIFIED: 7,
} as const;

/** How each seat's game ended, the labels of the `outcomes` metric. */
export const Outcome = {
  SOLVED: 0,
  LAST_STANDING: 1,
  /** Still in when another player won. */
  LOST: 2,
  WRONG_ACCUSATION: 3,
  DISQUALIFIED: 4,
} as const;

export const OUTCOME_LABELS: readonly string[] = ['solved', 'last standing', 'lost', 'wrong accusation', 'disqualified'];

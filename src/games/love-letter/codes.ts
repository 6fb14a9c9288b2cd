import { GAME_REASONS_START, sharedForfeitLabels } from '../../core/forfeits.ts';

/** Illegal-play reasons of Love Letter, after the shared forfeit codes. Stable: they appear in results. */
export const Illegal = {
  UNKNOWN_CARD: GAME_REASONS_START,
  NOT_HELD: GAME_REASONS_START + 1,
  WRONG_ARITY: GAME_REASONS_START + 2,
  TARGET_OUT_OF_RANGE: GAME_REASONS_START + 3,
  TARGET_OUT_OF_ROUND: GAME_REASONS_START + 4,
  SELF_TARGET: GAME_REASONS_START + 5,
  SOLDIER_GUESS: GAME_REASONS_START + 6,
} as const;

/** Love Letter's forfeit reasons by code, as the summaries and charts name them. */
export const FORFEIT_LABELS: readonly string[] = [
  ...sharedForfeitLabels,
  'unknown-card',
  'card-not-held',
  'wrong-arity',
  'target-out-of-range',
  'target-out-of-round',
  'self-target',
  'soldier-guess',
];

/** How a player left a round before its end. */
export const OutCause = {
  SOLDIER: 0,
  KNIGHT: 1,
  WIZARD_PRINCESS: 2,
  WIZARD_EMPTY_DECK: 3,
  PRINCESS: 4,
  MINISTER: 5,
  FORFEIT: 6,
} as const;

/** The names of OutCause's values, as the went-out-by metric's charts label them. */
export const OUT_CAUSE_LABELS: readonly string[] = [
  'soldier',
  'knight',
  'wizard-princess',
  'wizard-empty-deck',
  'princess',
  'minister',
  'forfeit',
];

/** Event kinds of the log; all but ROUND_END are protocol messages. */
export const Ev = {
  /** The greeting that starts a round for one player: a = first player, b = player count. */
  START: 1,
  PLAYER: 2,
  DRAW: 3,
  SWAP: 4,
  /** a = actor, b = card, c = target or -1, d = guess or 0 */
  PLAYED: 5,
  REVEAL: 6,
  DISCARD: 7,
  /** a = player, b and c = the cards listed (0 for none) */
  OUT: 8,
  /** Not sent to bots (they are stopped): a = winners bit mask. */
  ROUND_END: 9,
} as const;

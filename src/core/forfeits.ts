/**
 * Why a player forfeited. Codes are stable (they appear in results files). Codes below
 * GAME_REASONS_START are shared by every game; each game appends its own illegal-play reasons.
 */
export const Forfeit = {
  /** The player said so (`forfeit` in the protocol). */
  RESIGNED: 1,
  /** The reply did not parse as an action. */
  MALFORMED: 2,
  /** No reply within the per-decision timeout. */
  TIMEOUT: 3,
  /** The bot process crashed or exited before answering, or a strategy's call filled its worker thread's heap. */
  CRASHED: 4,
  /** The reply line was longer than the cap, or the bot flooded its output. */
  FLOODED: 5,
  /** An in-process strategy threw instead of choosing. */
  STRATEGY_ERROR: 6,
  /** The action parsed but is not legal here (a game refines this with its own codes). */
  ILLEGAL: 7,
} as const;

export const GAME_REASONS_START = 8;

export const sharedForfeitLabels: readonly string[] = [
  'none',
  'resigned',
  'malformed',
  'timeout',
  'crashed',
  'flooded',
  'strategy-error',
  'illegal',
];

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

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A forfeit's detail as one line, its control characters escaped (a line break as the two
 * characters `\n`). The detail is a strategy's own text, its error's message among it: printed as
 * it came, a line break in it would start a line that reads as parlor's own, a forfeit that never
 * happened, on stderr or in a transcript, and a carriage return or escape sequence could overwrite one;
 * a direction mark or override could show a line's words in another order than they are.
 */
export function oneLineDetail(detail: string): string {
  return detail.replace(
    /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (char) => ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

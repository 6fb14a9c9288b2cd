import type { Rng } from '../../src/strategy-api.ts';
import { ACCUSE_BASE, NO_ACCUSATION, SHOW_BASE } from '../../src/games/speedclue/index.ts';

/** What a legal list asks for: its first action tells, the lists never mixing kinds. */
export const Ask = { SUGGEST: 0, ACCUSE: 1, DISPROVE: 2 } as const;

export function askOf(legal: Int32Array): number {
  const first = legal[0];
  return first < ACCUSE_BASE ? Ask.SUGGEST : first >= SHOW_BASE ? Ask.DISPROVE : Ask.ACCUSE;
}

/**
 * The accusation step: accuse `triple` when it is known (-1 when not), else decline when the
 * rules allow it; when they oblige an accusation without a known triple, `guess` (or a random
 * accusation when it is -1 too).
 */
export function accuseIfKnown(triple: number, guess: number, legal: Int32Array, count: number, rng: Rng): number {
  if (triple >= 0) return ACCUSE_BASE + triple;
  if (legal[0] === NO_ACCUSATION) return NO_ACCUSATION;
  return guess >= 0 ? ACCUSE_BASE + guess : legal[rng.int(count)];
}

/**
 * Keeps the best-scoring of the actions offered, ties broken uniformly at random: each tie is
 * kept with chance 1 / ties so far (reservoir sampling), so one pass and no list. Scores within
 * `tolerance` of the best count as ties, so rounding does not decide between equals.
 */
export class BestChoice {
  action = -1;
  private score = -Infinity;
  private ties = 0;
  private readonly tolerance: number;

  constructor(tolerance = 0) {
    this.tolerance = tolerance;
  }

  begin(): this {
    this.action = -1;
    this.score = -Infinity;
    this.ties = 0;
    return this;
  }

  offer(action: number, score: number, rng: Rng): void {
    if (score < this.score - this.tolerance) return;
    this.ties = score > this.score + this.tolerance ? 1 : this.ties + 1;
    if (this.ties === 1 || rng.int(this.ties) === 0) this.action = action;
    if (score > this.score) this.score = score;
  }
}

/**
 * Statistics over blocks. A block (one deal replayed with the seats rotated, a pair of games on the
 * same deal, ...) is the independent unit of a blocked design: games inside it are correlated on
 * purpose, so the spread must be measured between blocks, never between games.
 */
import { mean, sampleVariance } from 'simple-statistics';
import { Z95 } from './critical-value.ts';

/** Block scores summarized (mean, spread, interval), as summarizeBlocks gives them. */
export interface BlockSummary {
  readonly blocks: number;
  readonly mean: number;
  /** Sample standard deviation (n - 1 denominator) of the block scores. */
  readonly sd: number;
  /** Standard error of the mean, sd / sqrt(blocks). */
  readonly se: number;
  /** Normal-approximation interval mean -+ z * se. */
  readonly low: number;
  readonly high: number;
}

/**
 * The sufficient statistics of a set of block scores. Plain numbers only, so a worker thread can post
 * its part and the receiver can merge it without reconstructing a class.
 */
export interface BlockMoments {
  readonly count: number;
  readonly sum: number;
  readonly sumOfSquares: number;
}

/**
 * Summary of block scores. With fewer than two blocks the spread is unknown, so sd, se and the
 * interval are NaN (and the mean too when there are no blocks) rather than a falsely certain 0.
 */
export function summarizeBlocks(scores: readonly number[], z: number = Z95): BlockSummary {
  const average = scores.length > 0 ? mean(scores) : NaN;
  const variance = scores.length > 1 ? sampleVariance(scores) : NaN;
  return summaryFromMoments(scores.length, average, variance, z);
}

/** Streaming, mergeable counterpart of summarizeBlocks for runs too long to keep every score. */
export class BlockAccumulator implements BlockMoments {
  count = 0;
  sum = 0;
  sumOfSquares = 0;

  add(score: number): this {
    this.count += 1;
    this.sum += score;
    this.sumOfSquares += score * score;
    return this;
  }

  merge(part: BlockMoments): this {
    this.count += part.count;
    this.sum += part.sum;
    this.sumOfSquares += part.sumOfSquares;
    return this;
  }

  summary(z: number = Z95): BlockSummary {
    const { count, sum, sumOfSquares } = this;
    const average = count > 0 ? sum / count : NaN;
    // Block scores are bounded and centred near 1/2 or 0, so the sum-of-squares shortcut loses
    // little precision; the clamp only absorbs rounding when all scores are equal.
    const variance = count > 1 ? Math.max(0, (sumOfSquares - sum * average) / (count - 1)) : NaN;
    return summaryFromMoments(count, average, variance, z);
  }
}

function summaryFromMoments(blocks: number, average: number, variance: number, z: number): BlockSummary {
  const sd = Math.sqrt(variance);
  const se = sd / Math.sqrt(blocks);
  return { blocks, mean: average, sd, se, low: average - z * se, high: average + z * se };
}

/**
 * The ratio estimate over independent units. When the things counted (rounds, values, seat-games)
 * come in clusters that share a cause (the rounds of one game, the games of one deal), the units
 * are the clusters: with x_u the sum and n_u the count of unit u, the rate is R = sum x / sum n and
 * its variance U / (U - 1) * sum (x_u - R n_u)^2 / (sum n)^2, the spread measured between units.
 */

/**
 * A ratio estimate's sums over its units. They add up unit by unit, so a run keeps them as it
 * plays (x^2, x n and n^2 of each unit as it closes) without keeping the units themselves.
 */
export interface RatioSums {
  /** Units sampled, those that counted nothing (n_u = 0) included: they are part of the sample. */
  readonly units: number;
  /** sum x_u */
  readonly sum: number;
  /** sum n_u */
  readonly count: number;
  /** sum x_u^2 */
  readonly sumOfSquares: number;
  /** sum x_u n_u */
  readonly cross: number;
  /** sum n_u^2 */
  readonly countSquares: number;
}

/** A rate from independent units with its standard error. */
export interface RatioEstimate {
  readonly units: number;
  readonly rate: number;
  /** NaN with fewer than two units or nothing counted: no spread can be measured. */
  readonly se: number;
}

/** A rate counted in clusters (the rounds of one game, the games of one deal) with its standard error measured between them, from the sums ratioSumsOf keeps. */
export function ratioEstimate(sums: RatioSums): RatioEstimate {
  const { units, count } = sums;
  const rate = sums.sum / count;
  // The squared deviations expanded into the kept sums; the clamp absorbs rounding when every unit has the same rate.
  const deviations = sums.sumOfSquares - 2 * rate * sums.cross + rate * rate * sums.countSquares;
  const se = units > 1 && count > 0 ? Math.sqrt(((units / (units - 1)) * Math.max(0, deviations)) / (count * count)) : NaN;
  return { units, rate, se };
}

/** The sums of units given one by one: x[u] and n[u] for each unit u. */
export function ratioSumsOf(x: ArrayLike<number>, n: ArrayLike<number>): RatioSums {
  let sum = 0;
  let count = 0;
  let sumOfSquares = 0;
  let cross = 0;
  let countSquares = 0;
  for (let unit = 0; unit < x.length; unit++) {
    sum += x[unit];
    count += n[unit];
    sumOfSquares += x[unit] * x[unit];
    cross += x[unit] * n[unit];
    countSquares += n[unit] * n[unit];
  }
  return { units: x.length, sum, count, sumOfSquares, cross, countSquares };
}

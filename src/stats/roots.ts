/**
 * Root of a strictly decreasing function known to change sign inside the open interval (low, high).
 * Plain bisection: only midpoints are evaluated, so the endpoints may be poles (as in the SPRT's
 * secular equation), and it halves until no double lies between the bounds, which is as exact as
 * the arithmetic allows in well under a hundred steps.
 */
export function rootOfDecreasing(f: (x: number) => number, low: number, high: number): number {
  for (;;) {
    const mid = low + (high - low) / 2;
    if (mid <= low || mid >= high) return mid;
    const value = f(mid);
    if (value === 0) return mid;
    if (value > 0) low = mid;
    else high = mid;
  }
}

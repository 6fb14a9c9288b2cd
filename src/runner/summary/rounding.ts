// Six decimals keep JSON and CSV readable; the counts behind them are exact.
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** An interval's ends, rounded as every figure of a summary is. */
export function roundedInterval(low: number, high: number): [number, number] {
  return [round6(low), round6(high)];
}

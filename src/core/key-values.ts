/**
 * `key=value` pairs joined by commas, as parlor writes rules, sandbox limits and a strategy's
 * parameters into a command line (the command line's keyValuePairs reads them back).
 */
export function keyValueText(pairs: object): string {
  return Object.entries(pairs)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(',');
}

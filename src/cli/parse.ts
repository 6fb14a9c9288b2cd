import { Errors } from '../core/errors.ts';
import { choicesListed, withNearMiss } from '../core/near-miss.ts';
import type { SandboxLimits } from '../runner/play/external.ts';

/** Value parsers for options: each turns text into a checked value or throws a ParlorError. */
export function integerIn(what: string, min: number, max: number) {
  return (text: string): number => {
    const value = Number(text.replace(/_/g, ''));
    if (!/^\s*[\d_]+\s*$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw Errors.badNumber(what, text, `an integer from ${min} to ${max}`);
    }
    return value;
  };
}

/**
 * The text of an option whose value is free text (a folder, a seed, a name), but never empty: an
 * empty value is an unset shell variable, not a choice (`--resume ""` would start a new run,
 * `--seed ""` play a seed no printout shows).
 */
export function nonEmpty(what: string, value: string) {
  return (text: string): string => {
    if (text.trim() === '') throw Errors.badOption(`${what} needs a value (${value}), got '${text}'`);
    return text;
  };
}

/** One word of a fixed list. */
export function oneOf(what: string, words: readonly string[]) {
  return (text: string): string => {
    if (!words.includes(text)) throw Errors.badOption(withNearMiss(`${what} must be ${words.join(', ')}, got '${text}'`, text, words));
    return text;
  };
}

export function positiveNumber(what: string) {
  return (text: string): number => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw Errors.badNumber(what, text, 'a positive number');
    return value;
  };
}

/** The limits of a sandboxed bot that --sandbox does not set. */
export const DEFAULT_SANDBOX: SandboxLimits = { memory: 1024, cpu: 600, processes: 64 };

/**
 * `--sandbox [memory=MB,cpu=SECONDS,processes=N]`: the limits of sandboxed bots, the defaults for
 * those not given ('on' alone takes them all).
 */
export function parseSandbox(text: string): SandboxLimits {
  const given = text === 'on' ? {} : keyValuePairs('--sandbox')(text);
  const limits: Record<string, number> = { ...DEFAULT_SANDBOX };
  for (const [key, value] of Object.entries(given)) {
    const number = Number(value);
    if (!(key in DEFAULT_SANDBOX))
      throw Errors.badOption(`--sandbox: unknown limit '${key}' (${choicesListed('limits', key, Object.keys(DEFAULT_SANDBOX))})`);
    if (!Number.isInteger(number) || number < 1) throw Errors.badOption(`--sandbox: ${key} must be a whole number above 0, got '${value}'`);
    limits[key] = number;
  }
  return limits as unknown as SandboxLimits;
}

/**
 * `key=value,key=value` into a record; repeated options accumulate. A key given twice, in one
 * option or across repeats, is refused: which of its values counts would be a guess.
 */
export function keyValuePairs(what: string) {
  return (text: string, previous: Record<string, string> = {}): Record<string, string> => {
    const pairs = { ...previous };
    for (const piece of text.split(',')) {
      if (piece.trim() === '') continue;
      const eq = piece.indexOf('=');
      if (eq <= 0) throw Errors.badOption(`${what}: expected key=value, got '${piece}'`);
      const key = piece.slice(0, eq).trim();
      const value = piece.slice(eq + 1).trim();
      if (Object.hasOwn(pairs, key)) throw Errors.badOption(`${what}: ${key} is given twice (${key}=${pairs[key]} and ${key}=${value})`);
      pairs[key] = value;
    }
    return pairs;
  };
}

export function collect(text: string, previous: string[] = []): string[] {
  return [...previous, text];
}

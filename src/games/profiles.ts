import { Errors } from '../core/errors.ts';
import type { RuleOption } from '../core/game.ts';
import { parseRuleValues } from '../core/rule-options.ts';

/** Rule values as a profile presets them, before the options given one by one. */
export type RuleValueMap = Record<string, string | number | boolean>;

/**
 * Validates `key=value` pairs for a game with a `profile` option: the profile's preset first, then
 * each option given, which overrides the preset one by one. Integer options are checked against
 * their own upper bounds (from 0, or from 1 where `positive` names them); every other option goes
 * through the shared parser.
 */
export function parseProfiledRules(
  options: readonly RuleOption[],
  profiles: Readonly<Record<string, RuleValueMap>>,
  integerLimits: Readonly<Record<string, number>>,
  pairs: Readonly<Record<string, string>>,
  positive: readonly string[] = [],
): RuleValueMap {
  const integers: [string, string][] = [];
  const others: Record<string, string> = {};
  for (const [key, raw] of Object.entries(pairs)) {
    if (key in integerLimits) integers.push([key, raw]);
    else others[key] = raw;
  }
  const given = parseRuleValues(options, others);
  const values: RuleValueMap = { ...given, ...profiles[String(given.profile)] };
  for (const key of Object.keys(others)) values[key] = given[key];
  for (const [key, raw] of integers) {
    const value = Number(raw);
    const least = positive.includes(key) ? 1 : 0;
    if (!/^\d+$/.test(raw) || value < least || value > integerLimits[key]) {
      throw Errors.badRule(`${key} must be an integer from ${least} to ${integerLimits[key]}, got '${raw}'`);
    }
    values[key] = value;
  }
  return values;
}

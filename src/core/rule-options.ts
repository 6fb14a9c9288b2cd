// Rule options as every game declares them, and the parsing of a user's
// `key=value` pairs against them: one parser, so every game refuses the same mistakes alike.
import { Errors } from './errors.ts';
import { choicesListed, withNearMiss } from './near-miss.ts';

/** A rule set as plain data, so it can be stored in job.json and compared on resume. */
export type RuleValues = Readonly<Record<string, string | number | boolean>>;

/** One rule a game lets a run choose (Game.ruleOptions): its name, the values it takes and its default. */
export interface RuleOption {
  readonly name: string;
  readonly values: readonly string[] | 'integer' | 'boolean';
  readonly default: string | number | boolean;
  readonly help: string;
}

// Integer options count rounds or hands: small, positive numbers.
const MAX_INTEGER_VALUE = 20;

/** Parses `key=value` pairs against a game's rule options; unknown keys and bad values are errors. */
export function parseRuleValues(options: readonly RuleOption[], pairs: Readonly<Record<string, string>>): RuleValues {
  const values: Record<string, string | number | boolean> = {};
  for (const option of options) values[option.name] = option.default;
  for (const [key, raw] of Object.entries(pairs)) {
    const option = options.find((candidate) => candidate.name === key);
    if (!option)
      throw Errors.badRule(
        `unknown rule '${key}' (${choicesListed(
          'known',
          key,
          options.map((o) => o.name),
        )})`,
      );
    values[key] = parseRuleValue(option, raw);
  }
  return values;
}

function parseRuleValue(option: RuleOption, raw: string): string | number | boolean {
  if (option.values === 'boolean') {
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    throw Errors.badRule(`${option.name} must be true or false, got '${raw}'`);
  }
  if (option.values === 'integer') {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > MAX_INTEGER_VALUE) {
      throw Errors.badRule(`${option.name} must be an integer from 1 to ${MAX_INTEGER_VALUE}, got '${raw}'`);
    }
    return value;
  }
  if (!option.values.includes(raw)) {
    throw Errors.badRule(withNearMiss(`${option.name} must be one of ${option.values.join(', ')}, got '${raw}'`, raw, option.values));
  }
  return raw;
}

import type { RuleOption, RuleValues } from '../../core/game.ts';
import { parseRuleValues } from '../../core/rule-options.ts';

/**
 * The rule options of RULES.md. The defaults are the `java-server` profile, the contest's own
 * server; `profile=python-port` switches every option where the Python port behaves otherwise, and
 * options given beside a profile override its preset one by one.
 */
export const SPEEDCLUE_RULES: readonly RuleOption[] = [
  {
    name: 'profile',
    values: ['java-server', 'python-port'],
    default: 'java-server',
    help: "preset of the options below: the contest's Java server, or the Python port as it ran",
  },
  {
    name: 'askSingleMatch',
    values: 'boolean',
    default: false,
    help: 'ask the disprover to choose even when it holds only one suggested card (else that card is shown for it)',
  },
  {
    name: 'tellEliminated',
    values: 'boolean',
    default: true,
    help: 'players out of the game are still told every suggestion and accusation',
  },
  {
    name: 'accusationRules',
    values: 'boolean',
    default: true,
    help: "enforce the contest's accusation restrictions: never accuse a seen card, always accuse after an undisproved unseen suggestion",
  },
];

type Values = Record<string, string | number | boolean>;

const PROFILES: Readonly<Record<string, Values>> = {
  'java-server': {},
  'python-port': { askSingleMatch: true, tellEliminated: false, accusationRules: false },
};

/** Validates `key=value` pairs: the profile's preset first, then each option given. */
export function parseSpeedClueRules(pairs: Readonly<Record<string, string>>): RuleValues {
  const given = parseRuleValues(SPEEDCLUE_RULES, pairs);
  const values: Values = { ...given, ...PROFILES[String(given.profile)] };
  for (const key of Object.keys(pairs)) values[key] = given[key];
  return values;
}

/** The rule values as booleans, stored in the state for the hot path. */
export interface DecodedRules {
  readonly askSingleMatch: boolean;
  readonly tellEliminated: boolean;
  readonly accusationRules: boolean;
}

/** Decodes values from parseSpeedClueRules (or any complete set of them), such as a strategy's `context.rules`. */
export function decodeRules(rules: RuleValues): DecodedRules {
  return {
    askSingleMatch: rules.askSingleMatch === true,
    tellEliminated: rules.tellEliminated !== false,
    accusationRules: rules.accusationRules !== false,
  };
}

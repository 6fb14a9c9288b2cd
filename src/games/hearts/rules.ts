import { Errors } from '../../core/errors.ts';
import type { RuleOption, RuleValues } from '../../core/game.ts';
import { parseProfiledRules, type RuleValueMap } from '../profiles.ts';

/**
 * The rule options of RULES.md. The defaults are the `spec` profile; `profile=zadikian-server`
 * switches every quirk option to the original server's behaviour, and options given beside it
 * override the preset one by one.
 */
export const HEARTS_RULES: readonly RuleOption[] = [
  {
    name: 'profile',
    values: ['spec', 'zadikian-server'],
    default: 'spec',
    help: 'preset of the options below: the written spec, or the original server as it ran',
  },
  {
    name: 'tricks',
    values: ['all', 'all-but-last'],
    default: 'all',
    help: 'play every trick of a hand, or stop one trick short as the original server did',
  },
  {
    name: 'handScore',
    values: ['sum', 'last-trick'],
    default: 'sum',
    help: "a hand scores the sum of the tricks' points, or only the points of the last trick won",
  },
  {
    name: 'carryOver',
    values: 'boolean',
    default: false,
    help: "a player who wins no trick in a hand scores its previous hand's value again",
  },
  {
    name: 'scoreFirstTrick',
    values: 'boolean',
    default: true,
    help: 'whether the points of the first trick count (they still count against shooting the moon)',
  },
  {
    name: 'moon',
    values: ['all-points', 'played-point-tricks'],
    default: 'all-points',
    help: 'shooting the moon takes all 26 points, or every trick with points among those played',
  },
  {
    name: 'fourPlayersOnly',
    values: 'boolean',
    default: false,
    help: 'refuse tables of other sizes (the original server corrupts their deal)',
  },
  {
    name: 'padNotices',
    values: 'boolean',
    default: false,
    help: "external bots: pad each ']' notice to 61 bytes after its NUL, as the original server sent them",
  },
  {
    name: 'shortReplies',
    values: 'boolean',
    default: false,
    help: "external bots: a reply of more than 20 bytes ends the game, as the original server's receive buffer did",
  },
  {
    name: 'atoiReplies',
    values: 'boolean',
    default: false,
    help: "external bots: read a play as C's atoi reads it (the leading digits, 0 for none), as the original server did",
  },
  { name: 'endScore', values: 'integer', default: 100, help: 'a total that ends the game (0 for none; up to 10000)' },
  { name: 'hands', values: 'integer', default: 0, help: 'hands after which the game ends (0 for no limit; up to 1000)' },
];

const PROFILES: Readonly<Record<string, RuleValueMap>> = {
  spec: {},
  'zadikian-server': {
    tricks: 'all-but-last',
    handScore: 'last-trick',
    carryOver: true,
    scoreFirstTrick: false,
    moon: 'played-point-tricks',
    fourPlayersOnly: true,
    padNotices: true,
    shortReplies: true,
    atoiReplies: true,
    endScore: 0,
    hands: 20,
  },
};

const INTEGER_LIMITS: Readonly<Record<string, number>> = { endScore: 10_000, hands: 1000 };

/** Validates `key=value` pairs: the profile's preset, then each option given (see parseProfiledRules). */
export function parseHeartsRules(pairs: Readonly<Record<string, string>>): RuleValues {
  const values = parseProfiledRules(HEARTS_RULES, PROFILES, INTEGER_LIMITS, pairs);
  if (values.endScore === 0 && values.hands === 0) throw Errors.badRule('endScore and hands cannot both be 0: the game would never end');
  return values;
}

/** The rule values as small integers and booleans, stored in the state for the hot path. */
export interface DecodedRules {
  /** Tricks played per hand are the hand size minus this (0 or 1). */
  readonly tricksLeftUnplayed: number;
  readonly lastTrickScores: boolean;
  readonly carryOver: boolean;
  readonly scoreFirstTrick: boolean;
  readonly moonOverPlayedTricks: boolean;
  readonly fourPlayersOnly: boolean;
  /** 0: no score ends the game. */
  readonly endScore: number;
  /** 0: no hand limit. */
  readonly hands: number;
}

/** Decodes values from parseHeartsRules (or any complete set of them). */
export function decodeRules(rules: RuleValues): DecodedRules {
  return {
    tricksLeftUnplayed: rules.tricks === 'all-but-last' ? 1 : 0,
    lastTrickScores: rules.handScore === 'last-trick',
    carryOver: rules.carryOver === true,
    scoreFirstTrick: rules.scoreFirstTrick !== false,
    moonOverPlayedTricks: rules.moon === 'played-point-tricks',
    fourPlayersOnly: rules.fourPlayersOnly === true,
    endScore: Number(rules.endScore ?? 100),
    hands: Number(rules.hands ?? 0),
  };
}

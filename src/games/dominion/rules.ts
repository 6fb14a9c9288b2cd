import type { RuleOption, RuleValues } from '../../core/game.ts';
import { parseProfiledRules, type RuleValueMap } from '../profiles.ts';

/**
 * The rule options of RULES.md. The defaults are the `spec` profile; `profile=original-server`
 * switches every departure of the original server to its behaviour, and options given beside it
 * override the preset one by one. Options marked "wire" change only the messages external bots
 * receive: the engine plays alike under either value, and the JSON-lines host reads them.
 */
export const DOMINION_RULES: readonly RuleOption[] = [
  {
    name: 'profile',
    values: ['spec', 'original-server'],
    default: 'spec',
    help: 'preset of the options below: the written spec, or the original server as it ran',
  },
  {
    name: 'militiaAttacks',
    values: 'boolean',
    default: true,
    help: 'militia makes the other players discard down to 3 (the original server never sent the attack)',
  },
  {
    name: 'playedCardInHand',
    values: 'boolean',
    default: false,
    help: 'cellar and remodel resolve while still in hand, so they may discard or trash themselves and end the turn',
  },
  {
    name: 'mayDecline',
    values: 'boolean',
    default: true,
    help: 'workshop, remodel and mine may be played for nothing where a card could be chosen (the original server refuses a reply that leaves their choices out)',
  },
  {
    name: 'playsForNothing',
    values: 'boolean',
    default: true,
    help: 'mine may be played with no treasure in hand, and workshop with no card costing up to 4 left, for nothing (the original server refuses such a play: one action taken, the card kept)',
  },
  {
    name: 'attackFallback',
    values: ['random', 'first-cards'],
    default: 'random',
    help: 'what a militia victim discards when it answers badly: random cards, or the first cards of its hand',
  },
  {
    name: 'invalidAction',
    values: ['consume-action', 'end-turn'],
    default: 'consume-action',
    help: 'what a bad answer in the action phase costs: one action, or the rest of the turn (where the turn ends, so does a reply that cannot be read, or none, in the buy phase: no cleanup is asked)',
  },
  {
    name: 'attackTopDiscard',
    values: 'boolean',
    default: true,
    help: "announce a militia victim's top discard after it discards",
  },
  {
    name: 'mineGainAnnounced',
    values: 'boolean',
    default: true,
    help: "wire: announce mine's gain as player-gained (the original server put it in hand unannounced)",
  },
  {
    name: 'supplyFormat',
    values: ['list', 'object'],
    default: 'list',
    help: 'wire: supply-info cards as a list of {card, count} or as one {card: count} object',
  },
  {
    name: 'supplyInfo',
    values: ['every-change', 'before-turn'],
    default: 'every-change',
    help: 'wire: send supply-info to everyone on each change, or only to the active player before its turn',
  },
  {
    name: 'playerIds',
    values: ['names', 'integers'],
    default: 'names',
    help: "wire: player_number in notifications as 'player1' or as the integer 1",
  },
  {
    name: 'emptyPlayed',
    values: 'boolean',
    default: false,
    help: 'wire: send player-played even when nothing was played (an empty list)',
  },
  {
    name: 'revealFormat',
    values: ['spec', 'bare-string'],
    default: 'spec',
    help: "wire: player-reveal with from: 'hand' and a list, or without from and the card as a bare string",
  },
  {
    name: 'startupOrder',
    values: ['names-first', 'deal-first'],
    default: 'names-first',
    help: "wire: every name request before any deal, or each player's starting gains and shuffle before the next name request",
  },
  {
    name: 'cleanupAsked',
    values: ['when-choice', 'after-buys'],
    default: 'when-choice',
    help: 'ask for the cleanup only when the hand leaves a choice of top discard, or after every buy as the original server did: with one kind of card left in hand and cards played, a wrong answer leaves the last card played on top; with no card left the answer is read and set aside',
  },
  {
    name: 'badNameReply',
    values: ['default-name', 'abort'],
    default: 'default-name',
    help: "wire: a bad player-name-reply gets the name PLAYERN, or (the original server aborted) costs the bot the game: stopped, its seat's every decision forfeited",
  },
  {
    name: 'silentBot',
    values: ['disqualify', 'skip-turn'],
    default: 'disqualify',
    help: 'wire: a bot that does not answer is disqualified, or its turn is skipped',
  },
  {
    name: 'turnLimit',
    values: 'integer',
    default: 100,
    help: 'turns each player may take before the game ends and is scored (1 to 1000)',
  },
];

const PROFILES: Readonly<Record<string, RuleValueMap>> = {
  spec: {},
  'original-server': {
    militiaAttacks: false,
    playedCardInHand: true,
    mayDecline: false,
    playsForNothing: false,
    attackFallback: 'first-cards',
    invalidAction: 'end-turn',
    attackTopDiscard: false,
    mineGainAnnounced: false,
    supplyFormat: 'object',
    supplyInfo: 'before-turn',
    playerIds: 'integers',
    emptyPlayed: true,
    revealFormat: 'bare-string',
    startupOrder: 'deal-first',
    cleanupAsked: 'after-buys',
    badNameReply: 'abort',
    silentBot: 'skip-turn',
    turnLimit: 500,
  },
};

const INTEGER_LIMITS: Readonly<Record<string, number>> = { turnLimit: 1000 };

export function parseDominionRules(pairs: Readonly<Record<string, string>>): RuleValues {
  return parseProfiledRules(DOMINION_RULES, PROFILES, INTEGER_LIMITS, pairs, ['turnLimit']);
}

/** The options the engine plays by, decoded once into the state for the hot path. */
export interface DecodedRules {
  readonly militiaAttacks: boolean;
  readonly playedCardInHand: boolean;
  readonly mayDecline: boolean;
  readonly playsForNothing: boolean;
  readonly randomAttackFallback: boolean;
  readonly invalidEndsTurn: boolean;
  readonly attackTopDiscard: boolean;
  readonly mineGainAnnounced: boolean;
  readonly cleanupAfterBuys: boolean;
  readonly turnLimit: number;
}

/** Decodes values from parseDominionRules (or any complete set of them), such as a strategy's `context.rules`. */
export function decodeRules(rules: RuleValues): DecodedRules {
  return {
    militiaAttacks: rules.militiaAttacks !== false,
    playedCardInHand: rules.playedCardInHand === true,
    mayDecline: rules.mayDecline !== false,
    playsForNothing: rules.playsForNothing !== false,
    randomAttackFallback: rules.attackFallback !== 'first-cards',
    invalidEndsTurn: rules.invalidAction === 'end-turn',
    attackTopDiscard: rules.attackTopDiscard !== false,
    mineGainAnnounced: rules.mineGainAnnounced !== false,
    cleanupAfterBuys: rules.cleanupAsked === 'after-buys',
    turnLimit: Number(rules.turnLimit ?? 100),
  };
}

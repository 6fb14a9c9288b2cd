import type { RuleOption, RuleValues } from '../../core/game.ts';

/** The rule options of the rules doc; the defaults form the `hacksoc` profile. */
export const LOVE_LETTER_RULES: readonly RuleOption[] = [
  {
    name: 'minister',
    values: ['bust-at-12', 'bust-over-12'],
    default: 'bust-at-12',
    help: 'the minister puts its holder out when the two cards are worth 12 or more (or more than 12)',
  },
  {
    name: 'roundTie',
    values: ['all-win', 'discard-sum', 'lowest-seat'],
    default: 'all-win',
    help: 'who wins a round when the best cards tie',
  },
  {
    name: 'revealHandOnPrincessPlay',
    values: 'boolean',
    default: false,
    help: 'whether playing the princess reveals the other card held in the out message',
  },
  {
    name: 'nextStarter',
    values: ['winner', 'rotate', 'random'],
    default: 'winner',
    help: 'who starts the next round',
  },
  { name: 'winsNeeded', values: 'integer', default: 4, help: 'round wins that win the game (1 to 20)' },
  {
    name: 'handshake',
    values: ['classic', 'ident'],
    default: 'classic',
    help: 'protocol greeting for external bots; classic numbers players from 1, ident from 0',
  },
];

/** The rule values decoded to small integers, stored in the state so the hot path compares numbers. */
export interface DecodedRules {
  /** The minister busts when the hand's total reaches this. */
  readonly ministerBustAt: number;
  readonly roundTie: number;
  readonly revealHandOnPrincessPlay: boolean;
  readonly nextStarter: number;
  readonly winsNeeded: number;
  /** 1 when players are numbered from 1 on the wire (classic), 0 for ident. */
  readonly wireBase: number;
}

export const RoundTie = { ALL_WIN: 0, DISCARD_SUM: 1, LOWEST_SEAT: 2 } as const;
export const NextStarter = { WINNER: 0, ROTATE: 1, RANDOM: 2 } as const;

/** A table's rule values as the engine reads them, so a strategy can ask the rules it plays under (when a minister busts, how rounds tie). */
export function decodeRules(rules: RuleValues): DecodedRules {
  return {
    ministerBustAt: rules.minister === 'bust-over-12' ? 13 : 12,
    roundTie: ['all-win', 'discard-sum', 'lowest-seat'].indexOf(String(rules.roundTie)),
    revealHandOnPrincessPlay: rules.revealHandOnPrincessPlay === true,
    nextStarter: ['winner', 'rotate', 'random'].indexOf(String(rules.nextStarter)),
    winsNeeded: Number(rules.winsNeeded),
    wireBase: rules.handshake === 'ident' ? 0 : 1,
  };
}

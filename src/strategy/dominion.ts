// Dominion's strategy API (`parlor/strategy/dominion`): the shared part, the game (`dominion`, its
// view, `Ev`, cards and action helpers, rules), and `priorityList`, which makes a strategy of a
// priority list written in a TypeScript module. Named export by export: the engine's state and
// state view, the rule options' table, the original server's supply order and the metrics' tables
// are the runner's, and stay behind.
import { freezeExports } from '../core/freeze.ts';
import * as game from '../games/dominion/index.ts';
import * as rules from '../games/dominion/rules.ts';
import * as priorityLists from './dominion-priority-list.ts';

export * from './core.ts';
/** The game itself, which a confined strategy's seat plays with (see confined-seat.ts). */
export { dominion as default, dominion } from '../games/dominion/index.ts';
export { DominionView } from '../games/dominion/view.ts';
export { Ev, GainedBy, Illegal } from '../games/dominion/codes.ts';
export {
  ACTION_KINDS,
  ALL_KINDS,
  CARD_COUNT,
  CARD_NAMES,
  COINS,
  COST,
  Card,
  EFFECT,
  Effect,
  HAND_SIZE,
  KINGDOM,
  MAX_PLAYERS,
  MILITIA_KEEPS,
  MINE_EXTRA_COST,
  MIN_PLAYERS,
  PLUS_ACTIONS,
  PLUS_BUYS,
  PLUS_CARDS,
  PLUS_COINS,
  REMODEL_EXTRA_COST,
  STARTING_COPPERS,
  STARTING_ESTATES,
  TREASURE_KINDS,
  TYPES,
  Type,
  VP,
  WORKSHOP_MAX_COST,
  cardByName,
  isAction,
  isTreasure,
  pileSize,
  vpOfCounts,
} from '../games/dominion/cards.ts';
export {
  ACTION_SPACE,
  Action,
  CARD_OF,
  FAMILIES,
  FAMILY_OF,
  Family,
  actionOf,
  formatAction,
  parseAction,
} from '../games/dominion/actions.ts';
export { decodeRules, type DecodedRules } from '../games/dominion/rules.ts';
export { priorityList, type PriorityList, type PriorityRule } from './dominion-priority-list.ts';

freezeExports(game, rules, priorityLists);

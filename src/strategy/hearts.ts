// Hearts's strategy API (`parlor/strategy/hearts`): the shared part, and the game (`hearts`, its
// view, `Ev`, cards and action helpers, rules, its hand sampler for playouts). Named export by
// export: the engine's state and state view, the rule options' table, the protocol's card numbers
// and the label tables are the runner's, and stay behind.
import { freezeExports } from '../core/freeze.ts';
import * as game from '../games/hearts/index.ts';
import * as search from '../games/hearts/search.ts';
import * as rules from '../games/hearts/rules.ts';

export * from './core.ts';
/** The game itself, which a confined strategy's seat plays with (see confined-seat.ts). */
export { hearts as default, hearts } from '../games/hearts/index.ts';
export { HeartsView } from '../games/hearts/view.ts';
export { Ev, Illegal } from '../games/hearts/codes.ts';
export {
  CARD_NAMES,
  DECK_SIZE,
  HAND_POINTS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  POINTS_OF,
  QUEEN_OF_SPADES,
  RANKS,
  RANK_OF,
  SUITS,
  SUIT_OF,
  Suit,
  TWO_OF_CLUBS,
  bitCount,
  cardOf,
  deckFor,
  handSize,
} from '../games/hearts/cards.ts';
export { formatAction, parseAction } from '../games/hearts/actions.ts';
export { decodeRules, type DecodedRules } from '../games/hearts/rules.ts';
export { HandSampler, createSearchState, loadPosition } from '../games/hearts/search.ts';

freezeExports(game, search, rules);

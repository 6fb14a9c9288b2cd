// SpeedClue's strategy API (`parlor/strategy/speedclue`): the shared part, and the game
// (`speedClue`, its view, `Ev`, cards and action helpers, rules). Named export by export: the
// engine's state, its phases and standings, the state view, the rule options' table, the contest's
// card codes and the label and metric tables are the runner's, and stay behind.
import { freezeExports } from '../core/freeze.ts';
import * as game from '../games/speedclue/index.ts';
import * as rules from '../games/speedclue/rules.ts';

export * from './core.ts';
/** The game itself, which a confined strategy's seat plays with (see confined-seat.ts). */
export { speedClue as default, speedClue } from '../games/speedclue/index.ts';
export { SpeedClueView } from '../games/speedclue/view.ts';
export { Ev, Illegal } from '../games/speedclue/codes.ts';
export {
  ALL_CARDS,
  CARDS,
  CARD_NAMES,
  CATEGORY_MASK,
  CATEGORY_NAMES,
  CATEGORY_OF,
  CATEGORY_SIZE,
  CATEGORY_START,
  Category,
  DEALT_CARDS,
  FIRST_ROOM,
  FIRST_WEAPON,
  MAX_PLAYERS,
  MIN_PLAYERS,
  ROOMS,
  SUSPECTS,
  TRIPLES,
  TRIPLE_MASK,
  TRIPLE_ROOM,
  TRIPLE_SUSPECT,
  TRIPLE_WEAPON,
  WEAPONS,
  cardCount,
  handSizeOf,
  lowestCard,
  tripleOf,
} from '../games/speedclue/cards.ts';
export {
  ACCUSE_BASE,
  ACTION_SPACE,
  NO_ACCUSATION,
  SHOW_BASE,
  SUGGEST_BASE,
  accuseAction,
  formatAction,
  isAccusation,
  isShow,
  isSuggestion,
  parseAction,
  parseTriple,
  showAction,
  suggestAction,
} from '../games/speedclue/actions.ts';
export { decodeRules, type DecodedRules } from '../games/speedclue/rules.ts';

freezeExports(game, rules);

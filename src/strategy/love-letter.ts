// Love Letter's strategy API (`parlor/strategy/love-letter`, and `parlor/strategy` as before):
// the shared part, the game (`loveLetter`, LoveLetterView, `Ev`, `Card`, the action helpers) and
// its search state for playouts. Named export by export: the engine's state and state view, the
// rule options' table and the metrics' label tables are the runner's, and stay behind.
import { freezeExports } from '../core/freeze.ts';
import * as game from '../games/love-letter/index.ts';
import * as search from '../games/love-letter/search.ts';
import * as rules from '../games/love-letter/rules.ts';

export * from './core.ts';
/** The game itself, which a confined strategy's seat plays with (see confined-seat.ts). */
export { loveLetter as default, loveLetter } from '../games/love-letter/index.ts';
export { LoveLetterView, type LoveLetterDecidingView, type LoveLetterSeatView } from '../games/love-letter/view.ts';
export { Ev, Illegal } from '../games/love-letter/codes.ts';
export {
  CARD_COPIES,
  CARD_KINDS,
  CARD_NAMES,
  CARD_TARGETING,
  Card,
  DECK_SIZE,
  FULL_DECK,
  MAX_PLAYERS,
  MIN_PLAYERS,
  Targeting,
  cardByName,
} from '../games/love-letter/cards.ts';
export { actionCard, actionGuess, actionTarget, encodeAction, formatAction, parseAction } from '../games/love-letter/actions.ts';
export { decodeRules, type DecodedRules } from '../games/love-letter/rules.ts';
export { RoundPosition, createSearchState, loadPosition } from '../games/love-letter/search.ts';
export { Determinizer, type RoundInformation } from '../games/love-letter/resample.ts';

freezeExports(game, search, rules);

// Love Letter's strategy API (`parlor/strategy/love-letter`, and `parlor/strategy` as before):
// the shared part, the game (`loveLetter`, LoveLetterView, `Ev`, `Card`, the action helpers) and
// its search state for playouts.
import { freezeExports } from '../core/freeze.ts';
import * as loveLetter from '../games/love-letter/index.ts';
import * as search from '../games/love-letter/search.ts';
import * as rules from '../games/love-letter/rules.ts';

export * from './core.ts';
export * from '../games/love-letter/index.ts';
/** The game itself, which a confined strategy's seat plays with (see confined-seat.ts). */
export { loveLetter as default } from '../games/love-letter/index.ts';
export * from '../games/love-letter/search.ts';
export { decodeRules, type DecodedRules } from '../games/love-letter/rules.ts';

freezeExports(loveLetter, search, rules);

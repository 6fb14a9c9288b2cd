// The part of parlor's public API a strategy needs: the game contract, the games, random streams
// and errors. It loads none of the runner, statistics or report code, so a strategy that imports
// from here (`parlor/strategy`) starts quickly, which matters when it runs as a bot process that
// a manager starts every round.
import * as errors from './core/errors.ts';
import * as events from './core/events.ts';
import { freezeExports } from './core/freeze.ts';
import * as forfeits from './core/forfeits.ts';
import * as random from './core/random.ts';
import * as registry from './core/registry.ts';
import * as strategySpec from './core/strategy-spec.ts';
import * as metrics from './core/metrics.ts';
import * as tally from './core/tally.ts';
import * as loveLetter from './games/love-letter/index.ts';
import * as search from './games/love-letter/search.ts';
import * as rules from './games/love-letter/rules.ts';

export * from './core/errors.ts';
export * from './core/events.ts';
export * from './core/forfeits.ts';
export type * from './core/game.ts';
export * from './core/random.ts';
export * from './core/registry.ts';
export type * from './core/strategy.ts';
export * from './core/strategy-spec.ts';
export * from './core/tally.ts';
export * from './core/metrics.ts';
export * from './games/love-letter/index.ts';
export * from './games/love-letter/search.ts';
export { decodeRules, type DecodedRules } from './games/love-letter/rules.ts';

// These are the runner's own objects, not copies: frozen, a strategy that imports them can read
// them but not change how the runner plays.
freezeExports(errors, events, forfeits, random, registry, strategySpec, tally, metrics, loveLetter, search, rules);

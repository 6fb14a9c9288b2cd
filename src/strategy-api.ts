// The part of parlor's public API a strategy needs: the game contract, the games, random streams
// and errors. It loads none of the runner, statistics or report code, so a strategy that imports
// from here (`parlor/strategy`) starts quickly, which matters when it runs as a bot process that
// a manager starts every round.
export * from './core/errors.ts';
export * from './core/events.ts';
export * from './core/forfeits.ts';
export type * from './core/game.ts';
export * from './core/random.ts';
export * from './core/registry.ts';
export type * from './core/strategy.ts';
export * from './core/strategy-spec.ts';
export * from './core/tally.ts';
export * from './games/love-letter/index.ts';
export * from './games/love-letter/search.ts';
export { decodeRules, type DecodedRules } from './games/love-letter/rules.ts';

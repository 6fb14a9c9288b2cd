// Dominion's strategy API (`parlor/strategy/dominion`): the shared part, and the game (`dominion`, its
// view, `Ev`, cards and action helpers, rules, its metrics' labels).
export * from './core.ts';
export * from '../games/dominion/index.ts';
/** The game itself, which a confined strategy's seat plays with (see confined-seat.ts). */
export { dominion as default } from '../games/dominion/index.ts';

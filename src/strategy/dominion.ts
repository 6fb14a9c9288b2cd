// Dominion's strategy API (`parlor/strategy/dominion`): the shared part, and the game (`dominion`, its
// view, `Ev`, cards and action helpers, rules, its metrics' labels).
export * from './core.ts';
export * from '../games/dominion/index.ts';

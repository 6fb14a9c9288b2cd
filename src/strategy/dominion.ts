// Dominion's strategy API (`parlor/strategy/dominion`): the shared part, the game (`dominion`, its
// view, `Ev`, cards and action helpers, rules, its metrics' labels), and `priorityList`, which
// makes a strategy of a priority list written in a TypeScript module.
export * from './core.ts';
export * from '../games/dominion/index.ts';
export { priorityList, type PriorityList, type PriorityRule } from './dominion-priority-list.ts';
/** The game itself, which a confined strategy's seat plays with (see confined-seat.ts). */
export { dominion as default } from '../games/dominion/index.ts';

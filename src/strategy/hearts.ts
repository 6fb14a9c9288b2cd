// Hearts's strategy API (`parlor/strategy/hearts`): the shared part, and the game (`hearts`, its
// view, `Ev`, cards and action helpers, rules, its hand sampler for playouts).
export * from './core.ts';
export * from '../games/hearts/index.ts';
/** The game itself, which a confined strategy's seat plays with (see confined-seat.ts). */
export { hearts as default } from '../games/hearts/index.ts';

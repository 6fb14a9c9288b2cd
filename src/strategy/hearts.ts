// Hearts's strategy API (`parlor/strategy/hearts`): the shared part, and the game (`hearts`, its
// view, `Ev`, cards and action helpers, rules, its hand sampler for playouts).
export * from './core.ts';
export * from '../games/hearts/index.ts';

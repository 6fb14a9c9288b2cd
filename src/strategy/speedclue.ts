// SpeedClue's strategy API (`parlor/strategy/speedclue`): the shared part, and the game (`speedClue`, its
// view, `Ev`, cards and action helpers, rules, its phases and standings).
export * from './core.ts';
export * from '../games/speedclue/index.ts';

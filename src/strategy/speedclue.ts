// SpeedClue's strategy API (`parlor/strategy/speedclue`): the shared part, and the game (`speedClue`, its
// view, `Ev`, cards and action helpers, rules, its phases and standings).
export * from './core.ts';
export * from '../games/speedclue/index.ts';
/** The game itself, which a confined strategy's seat plays with (see confined-seat.ts). */
export { speedClue as default } from '../games/speedclue/index.ts';

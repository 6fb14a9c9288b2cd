// What every game's strategy API shares: the game contract, events, random streams, errors and
// the strategy interface. Each game's module (love-letter.ts, hearts.ts, dominion.ts,
// speedclue.ts: `parlor/strategy/<game>`) adds that game's own: its game object, view, event
// kinds (`Ev`), cards and action helpers. None loads the runner, statistics or report code, so a
// strategy run as a bot process starts quickly.
import * as errors from '../core/errors.ts';
import * as events from '../core/events.ts';
import { freezeExports } from '../core/freeze.ts';
import * as forfeits from '../core/forfeits.ts';
import * as random from '../core/random.ts';
import * as registry from '../core/registry.ts';
import * as strategySpec from '../core/strategy-spec.ts';
import * as metrics from '../core/metrics.ts';
import * as tally from '../core/tally.ts';

export * from '../core/errors.ts';
export * from '../core/events.ts';
export * from '../core/forfeits.ts';
export type * from '../core/game.ts';
export * from '../core/random.ts';
export * from '../core/registry.ts';
export type * from '../core/strategy.ts';
export * from '../core/strategy-spec.ts';
export * from '../core/tally.ts';
export * from '../core/metrics.ts';

// These are the runner's own objects, not copies: frozen, a strategy that imports them can read
// them but not change how the runner plays.
freezeExports(errors, events, forfeits, random, registry, strategySpec, tally, metrics);

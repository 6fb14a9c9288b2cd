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

// The shared part by name, not by module: a strategy needs the strategy interface, events, random
// streams, errors and the game contract's types. The engines' plumbing (the event log and its
// layout, the tally, forfeit label tables, metric file names) and the command line's parsing of
// strategy specs stay behind, so no strategy comes to rely on how the runner stores a game.
export { ErrorCodes, Errors, ParlorError, isParlorError, type ErrorCode } from '../core/errors.ts';
export { GameEvent } from '../core/events.ts';
export { Forfeit } from '../core/forfeits.ts';
export type { CommonState, Game, GameState, Measure, PlayerView, RuleOption, RuleValues } from '../core/game.ts';
export { Rng, Streams, masterKey, type MasterKey } from '../core/random.ts';
export type { GameModule, StrategyReader } from '../core/registry.ts';
export type { ParamSpec, ParamValue, Strategy, StrategyContext, StrategyDefinition } from '../core/strategy.ts';
export { MomentField, RateByField, type CausesMetric, type MetricSpec, type MomentsMetric, type RateByMetric } from '../core/metrics.ts';

// These are the runner's own objects, not copies: frozen, a strategy that imports them can read
// them but not change how the runner plays.
freezeExports(errors, events, forfeits, random, registry, strategySpec, tally, metrics);

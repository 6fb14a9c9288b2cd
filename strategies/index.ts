import type { GameModule, StrategyDefinition } from '../src/strategy-api.ts';
import { dominionModule } from './dominion/index.ts';
import { heartsModule } from './hearts/index.ts';
import { loveLetterModule } from './love-letter/index.ts';
import { mctsFor } from './mcts.ts';
import { speedClueModule } from './speedclue/index.ts';

/**
 * Every game parlor plays, each with its strategies, reader and strategy API: adding a game means
 * adding its module here, and everything else (the registry, `parlor strategies`, the conformance
 * suite) follows from this list.
 */
export const GAME_MODULES: readonly GameModule[] = [loveLetterModule, heartsModule, dominionModule, speedClueModule];

/**
 * A game's built-in strategies: its own, then the game-generic search player, its rollout policy
 * looked up among the game's own.
 */
export function builtinStrategiesOf({ game, strategies }: GameModule): readonly StrategyDefinition<any>[] {
  return [...strategies, mctsFor(game, (name) => strategies.find((definition) => definition.name === name))];
}

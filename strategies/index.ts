import type { StrategyDefinition } from '../src/strategy-api.ts';
import type { StrategyReader } from '../src/core/registry.ts';
import { builtinGames } from '../src/games/index.ts';
import { dominionStrategies } from './dominion/index.ts';
import { readPriorityList } from './dominion/list-file.ts';
import { ducking } from './hearts/ducking.ts';
import { firstLegal } from './hearts/first-legal.ts';
import { random as heartsRandom } from './hearts/random.ts';
import { sampler } from './hearts/sampler.ts';
import { cautious } from './love-letter/cautious.ts';
import { counter } from './love-letter/counter.ts';
import { ismcts } from './love-letter/ismcts.ts';
import { random } from './love-letter/random.ts';
import { inference } from './speedclue/inference.ts';
import { infogain } from './speedclue/infogain.ts';
import { random as clueRandom } from './speedclue/random.ts';
import { simple } from './speedclue/simple.ts';
import { mctsFor } from './mcts.ts';

/** The built-in strategies of every registered game, in the order `parlor strategies` lists them. */
export function builtinStrategies(): readonly StrategyDefinition<any>[] {
  const specific = [
    random,
    cautious,
    counter,
    ismcts,
    heartsRandom,
    firstLegal,
    ducking,
    sampler,
    ...dominionStrategies(),
    clueRandom,
    simple,
    inference,
    infogain,
  ];
  // The game-generic search player, its rollout policy looked up among each game's own built-ins.
  const generic = builtinGames().map((game) =>
    mctsFor(game, (name) => specific.find((definition) => definition.game === game.id && definition.name === name)),
  );
  return [...specific, ...generic];
}

/** The games whose strategies can be written as data, with their readers. */
export function builtinStrategyReaders(): readonly (readonly [string, StrategyReader])[] {
  return [['dominion', readPriorityList]];
}

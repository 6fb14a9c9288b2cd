import type { StrategyDefinition } from '../../src/strategy-api.ts';
import { BUILTIN_LISTS } from './lists.ts';
import { priorityList } from './priority-list.ts';
import { random } from './random.ts';

/** Dominion's built-ins: uniform random play, then the priority lists. */
export function dominionStrategies(): readonly StrategyDefinition<any>[] {
  return [random, ...BUILTIN_LISTS.map((list) => priorityList(list))];
}

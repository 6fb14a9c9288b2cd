import type { GameModule } from '../../src/strategy-api.ts';
import { dominion } from '../../src/games/dominion/index.ts';
import { readPriorityList } from './list-file.ts';
import { BUILTIN_LISTS } from './lists.ts';
import { priorityList } from '../../src/strategy/dominion-priority-list.ts';
import { random } from './random.ts';

/** Uniform random play, then the priority lists, which players may also write as data. */
export const dominionModule: GameModule = {
  game: dominion,
  strategies: [random, ...BUILTIN_LISTS.map((list) => priorityList(list))],
  reader: readPriorityList,
  strategyApi: 'dominion',
};

import type { GameModule } from '../../src/strategy-api.ts';
import { loveLetter } from '../../src/games/love-letter/index.ts';
import { cautious } from './cautious.ts';
import { counter } from './counter.ts';
import { ismcts } from './ismcts.ts';
import { random } from './random.ts';

export const loveLetterModule: GameModule = {
  game: loveLetter,
  strategies: [random, cautious, counter, ismcts],
  strategyApi: 'love-letter',
};

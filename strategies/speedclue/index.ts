import type { GameModule } from '../../src/strategy-api.ts';
import { speedClue } from '../../src/games/speedclue/index.ts';
import { inference } from './inference.ts';
import { infogain } from './infogain.ts';
import { pinpoint } from './pinpoint.ts';
import { random } from './random.ts';
import { simple } from './simple.ts';

export const speedClueModule: GameModule = {
  game: speedClue,
  strategies: [random, simple, inference, infogain, pinpoint],
  strategyApi: 'speedclue',
};

import type { GameModule } from '../../src/strategy-api.ts';
import { hearts } from '../../src/games/hearts/index.ts';
import { ducking } from './ducking.ts';
import { firstLegal } from './first-legal.ts';
import { random } from './random.ts';
import { sampler } from './sampler.ts';

export const heartsModule: GameModule = {
  game: hearts,
  strategies: [random, firstLegal, ducking, sampler],
  strategyApi: 'hearts',
};

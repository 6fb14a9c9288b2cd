import { Registry, loveLetter } from '../src/strategy-api.ts';
import { hearts } from '../src/games/hearts/index.ts';
import { ducking } from './hearts/ducking.ts';
import { firstLegal } from './hearts/first-legal.ts';
import { random as heartsRandom } from './hearts/random.ts';
import { cautious } from './love-letter/cautious.ts';
import { counter } from './love-letter/counter.ts';
import { ismcts } from './love-letter/ismcts.ts';
import { random } from './love-letter/random.ts';

/** The games and built-in strategies parlor ships with. */
export function builtinRegistry(): Registry {
  return new Registry()
    .addGame(loveLetter)
    .addStrategy(random)
    .addStrategy(cautious)
    .addStrategy(counter)
    .addStrategy(ismcts)
    .addGame(hearts)
    .addStrategy(heartsRandom)
    .addStrategy(firstLegal)
    .addStrategy(ducking);
}

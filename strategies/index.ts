import { Registry, loveLetter } from '../src/strategy-api.ts';
import { cautious } from './love-letter/cautious.ts';
import { counter } from './love-letter/counter.ts';
import { ismcts } from './love-letter/ismcts.ts';
import { random } from './love-letter/random.ts';

/** The games and built-in strategies parlor ships with. */
export function builtinRegistry(): Registry {
  return new Registry().addGame(loveLetter).addStrategy(random).addStrategy(cautious).addStrategy(counter).addStrategy(ismcts);
}

import { Registry, loveLetter } from '../src/index.ts';
import { random } from './love-letter/random.ts';

/** The games and built-in strategies parlor ships with. */
export function builtinRegistry(): Registry {
  return new Registry().addGame(loveLetter).addStrategy(random);
}

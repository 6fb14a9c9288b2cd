import type { Game } from '../core/game.ts';
import { dominion } from './dominion/index.ts';
import { hearts } from './hearts/index.ts';
import { loveLetter } from './love-letter/index.ts';
import { speedClue } from './speedclue/index.ts';

/** Every game parlor plays: adding a game means adding it here. */
export function builtinGames(): readonly Game<any, any>[] {
  return [loveLetter, hearts, dominion, speedClue];
}

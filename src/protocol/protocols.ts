import { Errors } from '../core/errors.ts';
import { loveLetterProtocol } from './love-letter.ts';
import type { ManagerProtocol } from './manager.ts';

/** The manager protocol of each game that external bots can play, by game id. */
const PROTOCOLS: Readonly<Record<string, ManagerProtocol>> = {
  'love-letter': loveLetterProtocol,
};

export function managerProtocol(gameId: string): ManagerProtocol {
  const protocol = PROTOCOLS[gameId];
  if (!protocol) throw Errors.noProtocol(gameId);
  return protocol;
}

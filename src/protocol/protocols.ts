import { Errors } from '../core/errors.ts';
import { heartsWire } from '../games/hearts/wire/index.ts';
import { loveLetterWire } from '../games/love-letter/wire/index.ts';
import type { WireProtocol } from './wire.ts';

/** The wire protocol of each game that external bots can play, by game id: the one place they are listed. */
const PROTOCOLS: Readonly<Record<string, WireProtocol>> = {
  [loveLetterWire.game]: loveLetterWire,
  [heartsWire.game]: heartsWire,
};

export function wireProtocol(gameId: string): WireProtocol {
  const protocol = PROTOCOLS[gameId];
  if (!protocol) throw Errors.noProtocol(gameId);
  return protocol;
}

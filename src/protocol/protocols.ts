import { Errors } from '../core/errors.ts';
import { dominionWire } from '../games/dominion/wire/index.ts';
import { heartsWire } from '../games/hearts/wire/index.ts';
import { loveLetterWire } from '../games/love-letter/wire/index.ts';
import type { ChannelKind, WireProtocol } from './wire.ts';

/** The wire protocol of each game that external bots can play, by game id: the one place they are listed. */
const PROTOCOLS: Readonly<Record<string, WireProtocol>> = {
  [loveLetterWire.game]: loveLetterWire,
  [heartsWire.game]: heartsWire,
  [dominionWire.game]: dominionWire,
};

export function wireProtocol(gameId: string): WireProtocol {
  const protocol = PROTOCOLS[gameId];
  if (!protocol) throw Errors.noProtocol(gameId);
  return protocol;
}

/** The channel bots of `gameId` use: `requested` when the protocol offers it, else the protocol's own. */
export function channelFor(gameId: string, requested?: string): ChannelKind {
  const offered = wireProtocol(gameId).channels;
  const channel = requested ?? offered[0];
  if (!offered.includes(channel as ChannelKind)) {
    throw Errors.badOption(`--channel ${channel}: ${gameId} bots talk over ${offered.join(' or ')}`);
  }
  return channel as ChannelKind;
}

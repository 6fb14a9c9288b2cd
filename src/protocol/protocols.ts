import { Errors } from '../core/errors.ts';
import { dominionWire } from '../games/dominion/wire/index.ts';
import { heartsWire } from '../games/hearts/wire/index.ts';
import { loveLetterWire } from '../games/love-letter/wire/index.ts';
import { speedClueWire } from '../games/speedclue/wire/index.ts';
import type { ChannelKind, FramingKind, WireProtocol } from './wire.ts';

/** The wire protocol of each game that external bots can play, by game id: the one place they are listed. */
const PROTOCOLS: Readonly<Record<string, WireProtocol>> = {
  [loveLetterWire.game]: loveLetterWire,
  [heartsWire.game]: heartsWire,
  [dominionWire.game]: dominionWire,
  [speedClueWire.game]: speedClueWire,
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

/** The framing bots of `gameId` use: `requested` when the protocol offers it, else the original server's. */
export function framingFor(gameId: string, requested?: string): FramingKind {
  const protocol = wireProtocol(gameId);
  const offered = [protocol.framing, ...(protocol.otherFramings ?? [])];
  const framing = requested ?? protocol.framing;
  if (!offered.includes(framing as FramingKind)) {
    throw Errors.badOption(`--framing ${framing}: ${gameId} bots frame messages as ${offered.join(' or ')}`);
  }
  return framing as FramingKind;
}

import { Errors } from '../core/errors.ts';
import type { Game } from '../core/game.ts';
import type { ChannelKind, FramingKind, WireProtocol } from '../core/wire.ts';

/** The wire protocol bots of `game` speak (the game brings its own, see Game.wire). */
export function wireProtocol(game: Game<any, any>): WireProtocol {
  if (!game.wire) throw Errors.noProtocol(game.id);
  return game.wire;
}

/** The channel bots of `game` use: `requested` when the protocol offers it, else the protocol's own. */
export function channelFor(game: Game<any, any>, requested?: string): ChannelKind {
  const offered = wireProtocol(game).channels;
  const channel = requested ?? offered[0];
  if (!offered.includes(channel as ChannelKind)) {
    throw Errors.badOption(`--channel ${channel}: ${game.id} bots talk over ${offered.join(' or ')}`);
  }
  return channel as ChannelKind;
}

/** The framing bots of `game` use: `requested` when the protocol offers it, else the original server's. */
export function framingFor(game: Game<any, any>, requested?: string): FramingKind {
  const protocol = wireProtocol(game);
  const offered = [protocol.framing, ...(protocol.otherFramings ?? [])];
  const framing = requested ?? protocol.framing;
  if (!offered.includes(framing as FramingKind)) {
    throw Errors.badOption(`--framing ${framing}: ${game.id} bots frame messages as ${offered.join(' or ')}`);
  }
  return framing as FramingKind;
}

import type { WireProtocol } from '../../../core/wire.ts';
import { LoveLetterClient } from './client.ts';
import { LoveLetterServer } from './server.ts';

/** The HackSoc manager protocol: text lines on the bot's stdin/stdout, a bot process per round. */
export const loveLetterWire: WireProtocol = {
  game: 'love-letter',
  lifecycle: 'round',
  channels: ['stdio'],
  framing: 'lines',
  transcriptIsWire: true,
  greetsEachRound: (rules) => rules.handshake === 'ident',
  server: (rules, _players, seat) => new LoveLetterServer(rules, seat),
  client: (rules, players) => new LoveLetterClient(rules, players),
};

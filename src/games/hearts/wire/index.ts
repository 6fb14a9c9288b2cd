import type { WireProtocol } from '../../../core/wire.ts';
import { MAX_PLAYERS } from '../cards.ts';
import { HeartsClient } from './client.ts';
import { HeartsServer, SERVER_REPLY_LENGTH } from './server.ts';

/**
 * The original Hearts competition protocol: framed messages (VLQ length, NUL-ended text) on
 * FIFOs the bot creates, or on its stdin/stdout where a bot prefers that, and one bot process for
 * the whole run.
 */
export const heartsWire: WireProtocol = {
  game: 'hearts',
  lifecycle: 'session',
  channels: ['fifo', 'stdio'],
  framing: 'vlq-nul',
  greetsEachRound: () => false,
  replyLimit: (rules) => (rules.shortReplies === true ? SERVER_REPLY_LENGTH : Infinity),
  server: (rules, players, seat) => new HeartsServer(rules, players, seat),
  // Each deal message says the table size before any play is due: the size assumed until then is never played on.
  client: (rules, players) => new HeartsClient(rules, players ?? MAX_PLAYERS),
};

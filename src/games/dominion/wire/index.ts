import type { WireProtocol } from '../../../core/wire.ts';
import { MAX_PLAYERS } from '../cards.ts';
import { DominionClient } from './client.ts';
import { DominionServer } from './server.ts';

/**
 * The Dominion bot server's protocol ("Version 1"): one JSON object a line on the bot's stdin and
 * stdout, and one bot process per game. A bot that does not answer at all is disqualified for the
 * rest of the game where the spec says so (silentBot=disqualify), or started afresh for its next
 * turn where the original server only skipped the turn; a bad reply is answered by the rules and
 * the bot plays on.
 */
export const dominionWire: WireProtocol = {
  game: 'dominion',
  lifecycle: 'game',
  channels: ['stdio'],
  framing: 'lines',
  greetsEachRound: () => true,
  afterForfeit: (rules, silent) => (!silent ? 'keep' : rules.silentBot === 'skip-turn' ? 'restart' : 'disqualify'),
  server: (rules, players, seat) => new DominionServer(rules, players, seat),
  // Each game start message says the table size before any play is due: the size assumed until then is never played on.
  client: (rules, players) => new DominionClient(rules, players ?? MAX_PLAYERS),
};

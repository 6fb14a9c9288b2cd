import type { WireProtocol } from '../../../core/wire.ts';
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
  client: (rules, players) => new DominionClient(rules, players),
};

import type { WireProtocol } from '../../../core/wire.ts';
import { MAX_PLAYERS } from '../cards.ts';
import { SpeedClueClient } from './client.ts';
import { SpeedClueServer } from './server.ts';

/**
 * The SpeedClue contest's protocol: each bot connects to the server's TCP port and says
 * `<identifier> alive`, then answers every message in lock-step (`ok` to news, a move when asked),
 * on one connection for the whole run, until `done` and its `dead`. Messages are raw text, one per
 * read, as the Java server frames them; `--framing lines` serves bots written for the Python
 * port's default line server. A bot that breaks a rule or fails is out for the rest of the game,
 * and the bot started for the seat's next game hears nothing before that game's `reset`.
 */
export const speedClueWire: WireProtocol = {
  game: 'speedclue',
  lifecycle: 'session',
  channels: ['tcp'],
  framing: 'raw',
  otherFramings: ['lines'],
  greetsEachRound: () => false,
  // The contest puts an offender out of the game: it is sent nothing more until the next game's reset.
  afterForfeit: () => 'disqualify',
  server: (rules, players, seat) => new SpeedClueServer(rules, players, seat),
  // Each reset message says the table size before any play is due: the size assumed until then is never played on.
  client: (rules, players) => new SpeedClueClient(rules, players ?? MAX_PLAYERS),
};

import { describe, test } from 'node:test';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { ROOT, assertSameGames } from './helpers.ts';
import { DIGEST, hosted, inProcess } from './parity.ts';

// A `parlor bot` process per round costs a Node, tsx and CLI start-up (about half a second of CPU
// here), so the default run checks real processes on a dozen games (about 80 bot starts), and
// PARLOR_FULL_PARITY=1 plays 1,000 games that way (about half an hour on two cores). The loopback
// games of parity.test.ts send the very same text through the very same bot code: 1,300 games in
// less time than those dozen.
const PROCESS_GAMES = process.env.PARLOR_FULL_PARITY === '1' ? 1000 : 12;

describe('a strategy behind the protocol plays as it does in-process', () => {
  test(`${PROCESS_GAMES} games against a \`parlor bot\` process started every round`, async () => {
    const bot = `cmd:${quote([process.execPath, join(ROOT, 'bin/parlor.js'), 'bot', DIGEST, '--players', '2'])}`;
    const expected = await inProcess([DIGEST, 'random'], PROCESS_GAMES, {});
    assertSameGames(await hosted([bot, 'random'], PROCESS_GAMES, { rules: {}, folder: 'processes' }), expected);
  });
});

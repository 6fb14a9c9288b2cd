import { describe, test } from 'node:test';
import { assertSameGames, loopbackResolver } from './helpers.ts';
import { DIGEST, hosted, inProcess } from './parity.ts';

const THROUGH_PROTOCOL = 'digest-through-protocol';
// The loopback games send the very same text through the very same bot code as a `parlor bot`
// process (parity-processes.test.ts starts those): 1,300 games in less time than its dozen.
const throughLoopback = loopbackResolver(THROUGH_PROTOCOL, DIGEST);

describe('a strategy behind the protocol plays as it does in-process', () => {
  test('1,000 two-player games, classic greeting, through the bot in this thread', async () => {
    const expected = await inProcess([DIGEST, 'random'], 1000, {});
    assertSameGames(
      await hosted([THROUGH_PROTOCOL, 'random'], 1000, { rules: {}, folder: 'loopback-classic', resolve: throughLoopback }),
      expected,
    );
  });

  test('300 three-player games, ident greeting, two seats through the protocol', async () => {
    const rules = { handshake: 'ident' };
    const expected = await inProcess(['random', DIGEST, DIGEST], 300, rules);
    assertSameGames(
      await hosted(['random', THROUGH_PROTOCOL, THROUGH_PROTOCOL], 300, { rules, folder: 'loopback-ident', resolve: throughLoopback }),
      expected,
    );
  });
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import type { StrategyResolver } from '../../../src/runner/play/match.ts';
import { ROOT, assertSameGames, loopbackResolver, playHosted, playInProcess, type Played } from '../helpers.ts';
import { scratchDir } from '../../helpers/scratch.ts';

/**
 * A SpeedClue strategy in-process and behind the contest's protocol must play the same games. The
 * strategy hashes every record it is told and its whole view, so anything the protocol loses or
 * alters changes its choices; the seats in-process are the built-ins.
 */
const DIGEST = join(ROOT, 'test/fixtures/speedclue-digest-strategy.ts');
const THROUGH = 'digest-through-protocol';

let scratch: string;
before(() => {
  scratch = scratchDir('speedclue-parity');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

const inProcess = (seats: readonly string[], games: number, rules: Record<string, string>) =>
  playInProcess('speedclue', seats, games, rules, 'parity');

function hosted(
  seats: readonly string[],
  games: number,
  rules: Record<string, string>,
  name: string,
  resolve?: StrategyResolver,
): Promise<Played> {
  return playHosted(seats, games, { game: 'speedclue', rules, seed: 'parity', resultsDir: join(scratch, name), resolve });
}

describe('a SpeedClue strategy behind the protocol plays as it does in-process', () => {
  test('200 four-player games, Java server profile, two seats through the bot in this thread', async () => {
    const expected = await inProcess([DIGEST, 'simple', DIGEST, 'inference'], 200, {});
    const played = await hosted([THROUGH, 'simple', THROUGH, 'inference'], 200, {}, 'java', loopbackResolver(THROUGH, DIGEST));
    assertSameGames(played, expected);
  });

  test('100 three-player games, Python port profile (every disproof asked, the eliminated not told)', async () => {
    const rules = { profile: 'python-port' };
    const expected = await inProcess(['random', DIGEST, 'inference'], 100, rules);
    assertSameGames(await hosted(['random', THROUGH, 'inference'], 100, rules, 'python', loopbackResolver(THROUGH, DIGEST)), expected);
  });

  test('30 games against `parlor bot` processes on TCP, one connection each for the whole run', async () => {
    const bot = (strategy: string) =>
      `cmd:${quote([process.execPath, join(ROOT, 'bin/parlor.js'), 'bot', '--game', 'speedclue', strategy])}`;
    const expected = await inProcess([DIGEST, 'inference', DIGEST], 30, {});
    const played = await playHosted([bot(DIGEST), 'inference', bot(DIGEST)], 30, {
      game: 'speedclue',
      seed: 'parity',
      resultsDir: join(scratch, 'processes'),
    });
    assertSameGames(played, expected);
    assert.equal(played.stats.botsStarted, 2);
  });
});

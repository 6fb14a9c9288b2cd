import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import type { StrategyResolver } from '../../src/runner/play/match.ts';
import { ROOT, assertSameGames, loopbackResolver, playHosted, playInProcess, type Played } from './helpers.ts';
import { scratchDir } from '../helpers/scratch.ts';

/**
 * The same strategy in-process and behind the protocol must play the same games: same messages,
 * same choices, same counts. The strategy hashes every record it is told and its whole view, so
 * any difference in what it learns changes its play.
 */
const DIGEST = join(ROOT, 'test/fixtures/digest-strategy.ts');
const THROUGH_PROTOCOL = 'digest-through-protocol';
// A `parlor bot` process per round costs a Node, tsx and CLI start-up (about half a second of CPU
// here), so the default run checks real processes on a dozen games (about 80 bot starts), and
// PARLOR_FULL_PARITY=1 plays 1,000 games that way (about half an hour on two cores). The loopback
// tests send the very same text through the very same bot code: 1,300 games in less time than
// those dozen.
const PROCESS_GAMES = process.env.PARLOR_FULL_PARITY === '1' ? 1000 : 12;

let scratch: string;
before(() => {
  scratch = scratchDir('parity');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

const inProcess = (seats: readonly string[], games: number, rules: Record<string, string>) =>
  playInProcess('love-letter', seats, games, rules, 'parity');

const throughLoopback = loopbackResolver(THROUGH_PROTOCOL, DIGEST);

async function hosted(
  seats: readonly string[],
  games: number,
  rules: Record<string, string>,
  name: string,
  resolve?: StrategyResolver,
): Promise<Played> {
  const played = await playHosted(seats, games, { rules, seed: 'parity', resultsDir: join(scratch, name), resolve });
  // In-process play has no names to log: the bots' replies to the ident greeting are left out.
  return { ...played, transcripts: played.transcripts.map((transcript) => transcript.replace(NAME_REPLY, '')) };
}

const NAME_REPLY = /^\[(\d+) -> manager\] .*\n(?=\[manager -> \1\] players )/gm;

describe('a strategy behind the protocol plays as it does in-process', () => {
  test('1,000 two-player games, classic greeting, through the bot in this thread', async () => {
    const expected = await inProcess([DIGEST, 'random'], 1000, {});
    assertSameGames(await hosted([THROUGH_PROTOCOL, 'random'], 1000, {}, 'loopback-classic', throughLoopback), expected);
  });

  test('300 three-player games, ident greeting, two seats through the protocol', async () => {
    const rules = { handshake: 'ident' };
    const expected = await inProcess(['random', DIGEST, DIGEST], 300, rules);
    assertSameGames(await hosted(['random', THROUGH_PROTOCOL, THROUGH_PROTOCOL], 300, rules, 'loopback-ident', throughLoopback), expected);
  });

  test(`${PROCESS_GAMES} games against a \`parlor bot\` process started every round`, async () => {
    const bot = `cmd:${quote([process.execPath, join(ROOT, 'bin/parlor.js'), 'bot', DIGEST, '--players', '2'])}`;
    const expected = await inProcess([DIGEST, 'random'], PROCESS_GAMES, {});
    assertSameGames(await hosted([bot, 'random'], PROCESS_GAMES, {}, 'processes'), expected);
  });
});

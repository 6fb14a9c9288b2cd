import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { parseStrategySpec } from '../../src/core/strategy-spec.ts';
import { loopbackDefinition } from '../../src/protocol/index.ts';
import { MatchPlayer } from '../../src/runner/batch.ts';
import { newCounters, prepareMatch, type StrategyResolver } from '../../src/runner/match.ts';
import { resolveStrategy } from '../../src/runner/strategies.ts';
import { TranscriptRecorder } from '../../src/runner/transcript.ts';
import { builtinRegistry } from '../../src/app.ts';
import { ROOT, forfeitsOf, playExternal, scratchDir } from './helpers.ts';

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
// tests send the very same text through the very same bot code, 1,300 games in a few seconds.
const PROCESS_GAMES = process.env.PARLOR_FULL_PARITY === '1' ? 1000 : 12;

let scratch: string;
before(() => {
  scratch = scratchDir('parity');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

interface Played {
  readonly transcripts: string[];
  readonly counters: Float64Array;
}

async function inProcess(seats: readonly string[], games: number, rules: Record<string, string>): Promise<Played> {
  const match = await prepareMatch(builtinRegistry(), { game: 'love-letter', seats, rules, seed: 'parity' });
  const player = new MatchPlayer(match, 'independent');
  const counters = newCounters(match);
  const table = player.tables[0];
  const transcripts: string[] = [];
  for (let game = 0; game < games; game++) {
    const recorder = new TranscriptRecorder(match.game, match.rules);
    recorder.beginGame(`game ${game}`);
    table.observer = recorder;
    player.play({ offset: 0, from: game, to: game + 1 }, counters);
    transcripts.push(`${recorder.lines.join('\n')}\n`);
  }
  table.observer = null;
  return { transcripts, counters: counters.data };
}

const throughLoopback: StrategyResolver = async (registry, gameId, spec) => {
  if (spec.text !== THROUGH_PROTOCOL) return resolveStrategy(registry, gameId, spec);
  const inner = await resolveStrategy(registry, gameId, parseStrategySpec(DIGEST));
  return { spec, definition: loopbackDefinition(gameId, inner), params: {} };
};

async function hosted(
  seats: readonly string[],
  games: number,
  rules: Record<string, string>,
  name: string,
  resolve?: StrategyResolver,
): Promise<Played> {
  const resultsDir = join(scratch, name);
  const { counters } = await playExternal(seats, games, { rules, seed: 'parity', resultsDir, transcripts: true, resolve });
  for (let slot = 0; slot < counters.layout.slots; slot++) assert.equal(forfeitsOf(counters, slot).size, 0, `slot ${slot} forfeited`);
  // In-process play has no names to log: the bots' replies to the ident greeting are left out.
  const transcripts = Array.from({ length: games }, (_, game) =>
    readFileSync(join(resultsDir, 'transcripts', `game-${game}.txt`), 'utf8').replace(NAME_REPLY, ''),
  );
  return { transcripts, counters: counters.data };
}

const NAME_REPLY = /^\[(\d+) -> manager\] .*\n(?=\[manager -> \1\] players )/gm;

function assertSameGames(actual: Played, expected: Played): void {
  assert.equal(actual.transcripts.length, expected.transcripts.length);
  actual.transcripts.forEach((transcript, game) => assert.equal(transcript, expected.transcripts[game], `game ${game}`));
  assert.deepEqual(Array.from(actual.counters), Array.from(expected.counters));
}

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

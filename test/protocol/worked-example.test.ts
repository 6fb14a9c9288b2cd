import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import type { LoveLetterState } from '../../src/games/love-letter/index.ts';
import { newCounters } from '../../src/runner/play/match.ts';
import { playExternalRange } from '../../src/protocol/index.ts';
import { PYTHON, ROOT, prepareExternal } from './helpers.ts';
import { SPEC_EXAMPLE_LOG } from '../helpers/spec-example.ts';
import { scratchDir } from '../helpers/scratch.ts';

/** The competition spec's example (classic numbering), as the manager's log. */
const SPEC_EXAMPLE = SPEC_EXAMPLE_LOG;

/** How the stacked round goes on to its end: player 1 draws a soldier and catches player 2's clown. */
const CONTINUATION = `
[manager -> all] player 1
[manager -> 1]   draw soldier
[1 -> manager]   play soldier 2 clown
[manager -> all] played 1 soldier 2 clown
[manager -> all] out 2 clown`;

// Set aside a soldier; deal soldier, wizard, princess, knight; then the draws of the example and
// of its continuation; the rest of the deck is never reached.
const DECK = [1, 1, 5, 8, 3, 7, 2, 4, 1, 1, 1, 2, 3, 4, 5, 6];

interface Line {
  readonly from: string;
  readonly to: string;
  readonly text: string;
}

function parseLog(log: string): Line[] {
  return log
    .trim()
    .split('\n')
    .map((line) => {
      const match = /^\[(\w+) -> (\w+)\]\s+(.*)$/.exec(line.trim());
      assert.ok(match, line);
      return { from: match[1], to: match[2], text: match[3] };
    });
}

/** The classic log in ident terms: players counted from 0, and the ident greeting with the bot's name in reply. */
function toIdent(lines: readonly Line[], players: number, name: string): Line[] {
  const shift = (word: string) => (/^\d+$/.test(word) ? String(Number(word) - 1) : word);
  return lines.flatMap((line) => {
    const to = shift(line.to);
    const from = shift(line.from);
    if (/^\d+$/.test(line.text)) {
      return [
        { from, to, text: `ident ${shift(line.text)}` },
        { from: to, to: from, text: name },
        ...[`players ${players}`, 'start 0'].map((text) => ({ from, to, text })),
      ];
    }
    return [{ from, to, text: line.text.split(' ').map(shift).join(' ') }];
  });
}

/**
 * What each bot must read: messages to it, and messages to all while it is still in (the `out`
 * that removes it included), in the manager's order.
 */
function receivedBy(lines: readonly Line[], players: number, base: number): Map<string, string[]> {
  const received = new Map<string, string[]>();
  const still = new Set(Array.from({ length: players }, (_, seat) => String(seat + base)));
  for (const line of lines) {
    if (line.from !== 'manager') continue;
    for (const player of line.to === 'all' ? [...still] : [line.to]) {
      received.set(player, [...(received.get(player) ?? []), line.text]);
    }
    const out = /^out (\d+)/.exec(line.text);
    if (out) still.delete(out[1]);
  }
  return received;
}

let scratch: string;
before(() => {
  scratch = scratchDir('example');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

async function playExample(handshake: 'classic' | 'ident'): Promise<{ folder: string; transcript: string }> {
  const folder = join(scratch, handshake);
  // The recorder ignores SIGTERM from its first instant, so it reads everything sent before its
  // input closes, even when stopped while still starting.
  const recorder = ['sh', '-c', 'trap "" TERM; exec "$0" "$@"', PYTHON, join(ROOT, 'test/fixtures/bots/record.py'), folder, '4'];
  const record = (moves: string[]) => `cmd:${quote([...recorder, ...moves])}`;
  const classicMoves = [['play soldier 2 princess', 'play soldier 2 clown'], ['play wizard 3'], [], ['play knight 1']];
  const moves =
    handshake === 'classic'
      ? classicMoves
      : classicMoves.map((list) => list.map((move) => move.replace(/\d/g, (d) => String(Number(d) - 1))));
  const player = await prepareExternal(moves.map(record), { rules: { handshake, winsNeeded: '1' } });
  (player.tables[0].state as LoveLetterState).stackedDecks = [DECK];
  mkdirSync(folder, { recursive: true });
  const counters = newCounters(player.match);
  await playExternalRange(player, { offset: 0, from: 0, to: 1 }, counters, { resultsDir: folder, transcripts: true });
  return { folder, transcript: readFileSync(join(folder, 'transcripts', 'game-0.txt'), 'utf8') };
}

function protocolLines(transcript: string): Line[] {
  return parseLog(
    transcript
      .split('\n')
      .filter((line) => line.startsWith('['))
      .join('\n'),
  );
}

describe("the rules doc's worked example, from a stacked deck", () => {
  for (const handshake of ['classic', 'ident'] as const) {
    test(`reaches every bot message for message (${handshake} greeting)`, async () => {
      const classic = parseLog(SPEC_EXAMPLE + CONTINUATION);
      const expected = handshake === 'classic' ? classic : toIdent(classic, 4, 'random-python');
      const base = handshake === 'classic' ? 1 : 0;
      const { folder, transcript } = await playExample(handshake);
      // The host's own log of the game is the spec's, line for line, then the round's end.
      assert.deepEqual(protocolLines(transcript), expected);
      assert.match(transcript, new RegExp(`\\{ round over: winner ${base} \\}\\n$`));
      const received = receivedBy(expected, 4, base);
      for (let seat = 0; seat < 4; seat++) {
        const number = String(seat + base);
        const lines = readFileSync(join(folder, `player-${number}.txt`), 'utf8')
          .trimEnd()
          .split('\n');
        assert.deepEqual(lines, received.get(number), `player ${number} read`);
      }
      // Players 3 and 4 were stopped right after the `out` that removed them: nothing more reached them.
      assert.equal(received.get(String(2 + base))?.at(-1), `out ${2 + base}`);
      assert.equal(received.get(String(3 + base))?.at(-1), `out ${3 + base} priestess`);
    });
  }
});

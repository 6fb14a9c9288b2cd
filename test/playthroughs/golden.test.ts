// Golden transcripts: whole games of built-in random players for a few fixed seeds, committed as
// the manager's log under test/playthroughs/*.txt. Any change to the rules, the deal or seat
// streams, the random strategy or the message format changes some line and fails this test.
//
// When such a change is intended, regenerate the files and review the diff before committing:
//   UPDATE_GOLDEN=1 node test/run.js test/playthroughs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loveLetter } from '../../src/games/love-letter/index.ts';
import { goldenTests, type GoldenCase } from '../helpers/golden.ts';
import { randomTable, recordGame } from '../helpers/random-games.ts';

const REGENERATE = 'UPDATE_GOLDEN=1 node test/run.js test/playthroughs';

const PLAYTHROUGHS: readonly GoldenCase[] = [
  { file: 'two-players.txt', players: 2, seed: 'golden', game: 0, rules: {} },
  { file: 'three-players.txt', players: 3, seed: 'golden', game: 1, rules: {} },
  { file: 'four-players.txt', players: 4, seed: 'golden', game: 2, rules: {} },
  {
    file: 'four-players-variant.txt',
    players: 4,
    seed: 'golden variant',
    game: 3,
    rules: {
      minister: 'bust-over-12',
      roundTie: 'discard-sum',
      revealHandOnPrincessPlay: 'true',
      nextStarter: 'rotate',
      winsNeeded: '3',
      handshake: 'ident',
    },
  },
];

/** The file's text: a header naming the game and every rule value, the log, then the returns. */
function render(p: GoldenCase): string {
  const table = randomTable(p.players, p.rules);
  const lines = recordGame(table, p.seed, p.game);
  const returns = new Float64Array(p.players);
  loveLetter.returns(table.state, returns);
  const rules = Object.entries(table.rules).map(([key, value]) => `${key}=${value}`);
  return [
    `# love-letter, ${p.players} random players, seed '${p.seed}', game ${p.game}`,
    `# rules: ${rules.join(' ')}`,
    `# regenerate deliberately with: ${REGENERATE}`,
    ...lines,
    `{ game over: returns ${[...returns].map((share) => String(Math.round(share * 1e6) / 1e6)).join(' ')} }`,
    '',
  ].join('\n');
}

goldenTests(import.meta.url, 'test/playthroughs', REGENERATE, PLAYTHROUGHS, render);

test('the golden games are not trivial', () => {
  // Guards the choice of seeds: each file should show several rounds and the main card effects.
  const text = PLAYTHROUGHS.map((p) => (existsSync(fileURLToPath(new URL(p.file, import.meta.url))) ? render(p) : '')).join('\n');
  for (const needle of ['{ round 3 }', 'reveal', 'swap', 'discard', 'out'])
    assert.ok(text.includes(needle), `some golden game shows '${needle}'`);
});

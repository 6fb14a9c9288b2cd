// The competition spec's example round, replayed from a stacked deck: the manager's log must match
// it message for message, and each player must receive exactly its share of that log.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedTable } from '../../helpers/scripted-table.ts';
import { SPEC_EXAMPLE_LOG } from '../../helpers/spec-example.ts';

const DECK = { deal: 'soldier wizard princess knight', draws: 'minister clown priestess soldier' };

/** Plays the example with players numbered from `base` (1 classic, 0 ident). */
function playExample(handshake: 'classic' | 'ident') {
  const table = scriptedTable({ players: 4, rules: { handshake }, decks: [DECK] });
  const p = (n: number) => n - 1 + table.wireBase;
  table
    .play(p(1), `play soldier ${p(2)} princess`)
    .play(p(2), `play wizard ${p(3)}`)
    .play(p(4), `play knight ${p(1)}`);
  const messages = table.transcript.lines.filter((line) => line.startsWith('['));
  return { table, messages };
}

const CLASSIC_LOG = SPEC_EXAMPLE_LOG;

// The later version of the spec: players counted from 0, and a greeting of ident, players, start.
const IDENT_LOG = `
[manager -> 0] ident 0
[manager -> 0] players 4
[manager -> 0] start 0
[manager -> 0] draw soldier
[manager -> 1] ident 1
[manager -> 1] players 4
[manager -> 1] start 0
[manager -> 1] draw wizard
[manager -> 2] ident 2
[manager -> 2] players 4
[manager -> 2] start 0
[manager -> 2] draw princess
[manager -> 3] ident 3
[manager -> 3] players 4
[manager -> 3] start 0
[manager -> 3] draw knight
[manager -> all] player 0
[manager -> 0] draw minister
[0 -> manager] play soldier 1 princess
[manager -> all] played 0 soldier 1 princess
[manager -> all] player 1
[manager -> 1] draw clown
[1 -> manager] play wizard 2
[manager -> all] played 1 wizard 2
[manager -> all] discard 2 princess
[manager -> all] out 2
[manager -> all] player 3
[manager -> 3] draw priestess
[3 -> manager] play knight 0
[manager -> all] played 3 knight 0
[manager -> 0] reveal 3 priestess
[manager -> 3] reveal 0 minister
[manager -> all] out 3 priestess`;

function lines(text: string): string[] {
  return text.trim().split('\n');
}

describe('the spec example, replayed', () => {
  test('classic handshake: the manager log matches message for message', () => {
    const { table, messages } = playExample('classic');
    const expected = lines(CLASSIC_LOG);
    assert.deepEqual(messages.slice(0, expected.length), expected);
    // The round goes on with player 1, the only players left being 1 and 2.
    assert.deepEqual(messages.slice(expected.length), ['[manager -> all] player 1', '[manager -> 1] draw soldier']);
    assert.equal(table.turn, 1);
  });

  test('ident handshake: numbers from 0 and the ident, players, start greeting', () => {
    const { messages } = playExample('ident');
    const expected = lines(IDENT_LOG);
    assert.deepEqual(messages.slice(0, expected.length), expected);
  });

  test('each player receives exactly its own lines and the public ones while it is in', () => {
    const { table } = playExample('classic');
    const publicUntilOut3 = ['player 1', 'played 1 soldier 2 princess', 'player 2', 'played 2 wizard 3', 'discard 3 princess', 'out 3'];
    const publicAfter = ['player 4', 'played 4 knight 1'];
    assert.deepEqual(table.received(1), [
      '1',
      'draw soldier',
      'player 1',
      'draw minister',
      ...publicUntilOut3.slice(1),
      ...publicAfter,
      'reveal 4 priestess',
      'out 4 priestess',
      'player 1',
      'draw soldier',
    ]);
    assert.deepEqual(table.received(2), [
      '2',
      'draw wizard',
      ...publicUntilOut3.slice(0, 3),
      'draw clown',
      ...publicUntilOut3.slice(3),
      ...publicAfter,
      'out 4 priestess',
      'player 1',
    ]);
    // Player 3 is told it is out, then nothing more.
    assert.deepEqual(table.received(3), ['3', 'draw princess', ...publicUntilOut3]);
    assert.deepEqual(table.received(4), [
      '4',
      'draw knight',
      ...publicUntilOut3,
      'player 4',
      'draw priestess',
      'played 4 knight 1',
      'reveal 1 minister',
      'out 4 priestess',
    ]);
  });
});

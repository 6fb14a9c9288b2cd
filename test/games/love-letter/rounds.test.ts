// The flow of a round on stacked decks: the minister check after a draw, the wizard at the end of
// the deck, how long a priestess protects, a forfeit, and the two ways a round ends.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { CARD_NAMES } from '../../../src/games/love-letter/cards.ts';
import { OutCause } from '../../../src/games/love-letter/codes.ts';
import { loveLetter } from '../../../src/games/love-letter/index.ts';
import { exhaustingDeck, outsBy, playExhaustingRound } from '../../helpers/love-letter-rounds.ts';
import { scriptedTable, type ScriptedTable } from '../../helpers/scripted-table.ts';

function roundOverComments(table: ScriptedTable): string[] {
  return table.transcript.lines.filter((line) => line.startsWith('{ round over'));
}

describe('the minister check after the draw', () => {
  // [held, drawn, minister rule, busts]
  const CASES: readonly (readonly [string, string, string, boolean])[] = [
    ['minister', 'wizard', 'bust-at-12', true],
    ['wizard', 'minister', 'bust-at-12', true],
    ['minister', 'wizard', 'bust-over-12', false],
    ['wizard', 'minister', 'bust-over-12', false],
    ['minister', 'general', 'bust-at-12', true],
    ['general', 'minister', 'bust-over-12', true],
    ['minister', 'princess', 'bust-over-12', true],
    ['princess', 'minister', 'bust-at-12', true],
    ['minister', 'priestess', 'bust-at-12', false],
    ['soldier', 'minister', 'bust-at-12', false],
  ];

  for (const [held, drawn, minister, busts] of CASES) {
    test(`holding ${held}, drawing ${drawn}, ${minister}: ${busts ? 'out with both cards' : 'plays on'}`, () => {
      const table = scriptedTable({
        players: 3,
        rules: { minister },
        decks: [{ deal: `${held} clown knight`, draws: `${drawn} soldier` }],
      });
      const { state } = table;
      if (busts) {
        // Out before deciding anything; the next player's turn has begun.
        assert.equal(state.inRound[0], 0);
        assert.equal(table.turn, 2);
        const bust = `out 1 ${held} ${drawn}`;
        assert.deepEqual(table.received(1), ['1', `draw ${held}`, 'player 1', `draw ${drawn}`, bust]);
        assert.deepEqual(table.received(2), ['2', 'draw clown', 'player 1', bust, 'player 2', 'draw soldier']);
        assert.deepEqual(table.received(3).slice(2), ['player 1', bust, 'player 2']);
        assert.equal(outsBy(state.tally, 0, OutCause.MINISTER), 1);
      } else {
        assert.equal(table.turn, 1);
        assert.deepEqual([CARD_NAMES[state.hand[0]], CARD_NAMES[state.drawn]], [held, drawn]);
      }
    });
  }

  test("a bust that leaves one player ends the round in the other player's favour", () => {
    const table = scriptedTable({ players: 2, rules: { winsNeeded: '1' }, decks: [{ deal: 'minister clown', draws: 'princess' }] });
    assert.ok(loveLetter.isTerminal(table.state));
    assert.deepEqual(roundOverComments(table), ['{ round over: winner 2 }']);
    assert.deepEqual([...table.state.shares], [0, 1]);
  });
});

describe('the wizard on an empty deck', () => {
  test('the target discards and, with nothing to draw, is out', () => {
    const table = scriptedTable({ players: 2, decks: [exhaustingDeck('equal-sums')] });
    playExhaustingRound(table, 'equal-sums', 'wizard-on-other');
    // Player 2 hears nothing after its out message; player 1's round ends with it.
    assert.deepEqual(table.received(1, 1).slice(-3), ['played 1 wizard 2', 'discard 2 wizard', 'out 2']);
    assert.deepEqual(table.received(2, 1).slice(-3), ['played 1 wizard 2', 'discard 2 wizard', 'out 2']);
    assert.deepEqual(roundOverComments(table), ['{ round over: winner 1 }']);
    assert.equal(outsBy(table.state.tally, 1, OutCause.WIZARD_EMPTY_DECK), 1);
  });

  test('on oneself, the actor discards its other card and is out', () => {
    const table = scriptedTable({ players: 2, decks: [exhaustingDeck('equal-sums')] });
    playExhaustingRound(table, 'equal-sums', 'wizard-on-self');
    assert.deepEqual(table.received(1, 1).slice(-3), ['played 1 wizard 1', 'discard 1 soldier', 'out 1']);
    assert.deepEqual(roundOverComments(table), ['{ round over: winner 2 }']);
  });
});

describe('how a round ends', () => {
  test('on an empty deck: after the turn that drew the last card, with no further turn', () => {
    const table = scriptedTable({ players: 2, decks: [exhaustingDeck('equal-sums')] });
    playExhaustingRound(table, 'equal-sums', 'keep-wizard');
    const log = table.transcript.lines;
    const end = log.indexOf('{ round over: winners 1 2 }');
    assert.ok(end > 0, 'both wizards win the round');
    assert.deepEqual(log.slice(end - 4, end), [
      '[manager -> all] player 1',
      '[manager -> 1] draw wizard',
      '[1 -> manager] play soldier 2 general',
      '[manager -> all] played 1 soldier 2 general',
    ]);
    assert.equal(log[end + 1], '{ round 2 }');
    assert.equal(table.state.round, 2);
  });

  test('at once when one player is left', () => {
    const table = scriptedTable({ players: 3, decks: [{ deal: 'soldier clown knight', draws: 'soldier princess' }] });
    table.play(1, 'play soldier 2 clown').play(3, 'play princess');
    const log = table.transcript.lines;
    const end = log.indexOf('{ round over: winner 1 }');
    assert.deepEqual(log.slice(end - 2, end), ['[manager -> all] played 3 princess', '[manager -> all] out 3']);
    assert.equal(log[end + 1], '{ round 2 }');
  });
});

describe('priestess protection', () => {
  test("lasts until the protected player's own next turn, across another player going out", () => {
    // p2 is protected from its priestess (turn 2) to its next turn (turn 6); p3 goes out in between.
    const table = scriptedTable({
      players: 4,
      decks: [{ deal: 'knight priestess princess soldier', draws: 'clown general soldier soldier wizard soldier clown' }],
    });
    const { state } = table;
    table.play(1, 'play clown 4').play(2, 'play priestess');
    assert.equal(state.protectedSeat[1], 1);
    table.play(3, 'play princess');
    assert.equal(state.inRound[2], 0);
    // A right guess and a knight the target would lose: both shielded.
    table.play(4, 'play soldier 2 general');
    assert.equal(state.protectedSeat[1], 1);
    table.play(1, 'play knight 2');
    assert.deepEqual([...state.inRound], [1, 1, 0, 1]);
    // Player 2's turn has begun: the protection is over.
    assert.equal(table.turn, 2);
    assert.equal(state.protectedSeat[1], 0);
    table.play(2, 'play soldier 4 clown').play(4, 'play soldier 2 general');
    assert.equal(state.inRound[1], 0);
    assert.deepEqual(table.received(4, 1).slice(-3), ['played 4 soldier 2 general', 'out 2 general', 'player 1']);
  });
});

describe('forfeit', () => {
  test('puts the player out with both cards, tallies the reason, and play goes on', () => {
    const table = scriptedTable({ players: 3, decks: [{ deal: 'soldier clown knight', draws: 'princess wizard' }] });
    const { state } = table;
    loveLetter.forfeit(state, Forfeit.TIMEOUT);
    assert.equal(state.inRound[0], 0);
    assert.equal(state.tally.forfeits[0 * state.tally.shape.forfeitReasons + Forfeit.TIMEOUT], 1);
    assert.equal(outsBy(state.tally, 0, OutCause.FORFEIT), 1);
    assert.equal(loveLetter.currentPlayer(state), 1);
  });

  test('through the table: everyone in is told, the one out included', () => {
    const table = scriptedTable({ players: 3, decks: [{ deal: 'soldier clown knight', draws: 'princess wizard' }] });
    table.clearReceived().play(1, 'forfeit');
    assert.deepEqual(table.received(1), ['out 1 soldier princess']);
    assert.deepEqual(table.received(3), ['out 1 soldier princess', 'player 2']);
    assert.deepEqual(table.received(2), ['out 1 soldier princess', 'player 2', 'draw wizard']);
  });
});

// Every legality rule, both where a bot's reply is read (parseAction) and where an untrusted
// action is applied (applyChecked). An illegal reply leaves the state untouched when checked, and
// through the table it is a forfeit: the player is out with both cards and the reason is tallied.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { encodeAction } from '../../../src/games/love-letter/actions.ts';
import { Card } from '../../../src/games/love-letter/cards.ts';
import { FORFEIT_LABELS, Illegal, OutCause } from '../../../src/games/love-letter/codes.ts';
import { loveLetter, type LoveLetterState } from '../../../src/games/love-letter/index.ts';
import { outsBy } from '../../helpers/love-letter-rounds.ts';
import { scriptedTable, type ScriptedTable } from '../../helpers/scripted-table.ts';
import { parseReply } from '../../helpers/love-letter-wire.ts';

/**
 * Four players; on player 1's second turn player 2 is out (hit by player 1's soldier), player 3
 * is protected (it played a priestess) and player 4 is in. Player 1 then holds `kept` and `drawn`.
 */
function position(kept: string, drawn: string, trusted = false): ScriptedTable {
  return scriptedTable({
    players: 4,
    trusted,
    decks: [{ deal: 'soldier princess priestess soldier', draws: `${kept} clown soldier ${drawn}` }],
  })
    .play(1, 'play soldier 2 princess')
    .play(3, 'play priestess')
    .play(4, 'play soldier 1 princess');
}

type Stage = 'parse' | 'check';

interface IllegalCase {
  readonly hand: readonly [string, string];
  readonly reply: string;
  /** Where the reply is rejected: when read, or when applied. */
  readonly stage: Stage;
  readonly reason: number;
}

const ILLEGAL: readonly IllegalCase[] = [
  { hand: ['soldier', 'clown'], reply: 'play clown 1', stage: 'check', reason: Illegal.SELF_TARGET },
  { hand: ['soldier', 'clown'], reply: 'play soldier 1 wizard', stage: 'check', reason: Illegal.SELF_TARGET },
  { hand: ['knight', 'general'], reply: 'play general 1', stage: 'check', reason: Illegal.SELF_TARGET },
  { hand: ['knight', 'general'], reply: 'play knight 1', stage: 'check', reason: Illegal.SELF_TARGET },
  { hand: ['soldier', 'clown'], reply: 'play clown 2', stage: 'check', reason: Illegal.TARGET_OUT_OF_ROUND },
  { hand: ['priestess', 'wizard'], reply: 'play wizard 2', stage: 'check', reason: Illegal.TARGET_OUT_OF_ROUND },
  { hand: ['soldier', 'clown'], reply: 'play soldier 2 wizard', stage: 'check', reason: Illegal.TARGET_OUT_OF_ROUND },
  { hand: ['soldier', 'clown'], reply: 'play soldier 4 soldier', stage: 'check', reason: Illegal.SOLDIER_GUESS },
  { hand: ['soldier', 'clown'], reply: 'play soldier 4', stage: 'check', reason: Illegal.WRONG_ARITY },
  { hand: ['soldier', 'clown'], reply: 'play soldier princess', stage: 'check', reason: Illegal.WRONG_ARITY },
  { hand: ['soldier', 'clown'], reply: 'play clown', stage: 'check', reason: Illegal.WRONG_ARITY },
  { hand: ['soldier', 'clown'], reply: 'play clown 4 princess', stage: 'check', reason: Illegal.WRONG_ARITY },
  { hand: ['priestess', 'wizard'], reply: 'play priestess 4', stage: 'check', reason: Illegal.WRONG_ARITY },
  { hand: ['priestess', 'wizard'], reply: 'play priestess wizard', stage: 'check', reason: Illegal.WRONG_ARITY },
  { hand: ['priestess', 'wizard'], reply: 'play wizard', stage: 'check', reason: Illegal.WRONG_ARITY },
  { hand: ['minister', 'soldier'], reply: 'play minister 4', stage: 'check', reason: Illegal.WRONG_ARITY },
  { hand: ['soldier', 'clown'], reply: 'play knight 4', stage: 'check', reason: Illegal.NOT_HELD },
  { hand: ['soldier', 'clown'], reply: 'play princess', stage: 'check', reason: Illegal.NOT_HELD },
  { hand: ['soldier', 'clown'], reply: 'play jester 4', stage: 'parse', reason: Illegal.UNKNOWN_CARD },
  { hand: ['soldier', 'clown'], reply: 'play soldier 4 jester', stage: 'parse', reason: Illegal.UNKNOWN_CARD },
  { hand: ['soldier', 'clown'], reply: 'play soldier 4 none', stage: 'parse', reason: Illegal.UNKNOWN_CARD },
  { hand: ['soldier', 'clown'], reply: 'play clown 5', stage: 'parse', reason: Illegal.TARGET_OUT_OF_RANGE },
  { hand: ['soldier', 'clown'], reply: 'play clown 0', stage: 'parse', reason: Illegal.TARGET_OUT_OF_RANGE },
  { hand: ['soldier', 'clown'], reply: 'play clown -1', stage: 'parse', reason: Illegal.TARGET_OUT_OF_RANGE },
  { hand: ['soldier', 'clown'], reply: 'play soldier 4 princess extra', stage: 'parse', reason: Forfeit.MALFORMED },
  { hand: ['priestess', 'wizard'], reply: 'play wizard 4 4', stage: 'parse', reason: Forfeit.MALFORMED },
  { hand: ['soldier', 'clown'], reply: 'play', stage: 'parse', reason: Forfeit.MALFORMED },
  { hand: ['soldier', 'clown'], reply: '', stage: 'parse', reason: Forfeit.MALFORMED },
  { hand: ['soldier', 'clown'], reply: 'played clown 4', stage: 'parse', reason: Forfeit.MALFORMED },
  { hand: ['soldier', 'clown'], reply: 'forfeit now', stage: 'parse', reason: Forfeit.MALFORMED },
  { hand: ['soldier', 'clown'], reply: 'forfeit', stage: 'parse', reason: Forfeit.RESIGNED },
];

/** The parts of the state a rejected action must leave alone. */
function snapshot(s: LoveLetterState) {
  return {
    hand: [...s.hand],
    drawn: s.drawn,
    deckTop: s.deckTop,
    inRound: [...s.inRound],
    protectedSeat: [...s.protectedSeat],
    playedSum: [...s.playedSum],
    current: s.current,
    events: s.events.count,
  };
}

describe('illegal replies', () => {
  for (const c of ILLEGAL) {
    test(`'${c.reply}' holding ${c.hand.join(' and ')}: ${FORFEIT_LABELS[c.reason]} when ${c.stage === 'parse' ? 'read' : 'applied'}`, () => {
      const table = position(...c.hand);
      const { state, rules } = table.table;
      const parsed = parseReply(c.reply, 4, rules);
      if (c.stage === 'parse') {
        assert.equal(parsed, -c.reason);
      } else {
        assert.ok(parsed >= 0, `'${c.reply}' parses`);
        const before = snapshot(state);
        assert.equal(loveLetter.applyChecked(state, parsed), c.reason);
        assert.deepEqual(snapshot(state), before, 'a rejected action changes nothing');
      }
      // Through the table the reply is a forfeit: out with both cards, reason tallied.
      table.clearReceived().play(1, c.reply);
      assert.deepEqual(table.forfeits, [{ seat: 0, reason: c.reason }]);
      assert.equal(state.inRound[0], 0);
      assert.deepEqual(table.received(4).slice(0, 2), [`out 1 ${c.hand[0]} ${c.hand[1]}`, 'player 3']);
      assert.deepEqual(table.received(1), [`out 1 ${c.hand[0]} ${c.hand[1]}`], 'the player is told it is out, then nothing');
      const { tally } = state;
      assert.equal(tally.forfeits[0 * tally.shape.forfeitReasons + c.reason], 1);
      assert.equal(outsBy(tally, 0, OutCause.FORFEIT), 1);
    });
  }
});

describe('legal plays that reach a protected player or oneself', () => {
  test('a protected target is legal and the play has no effect', () => {
    const table = position('soldier', 'clown');
    const { state } = table;
    assert.equal(state.protectedSeat[2], 1);
    // Player 3 holds the clown: the guess would be right, but it is shielded.
    table.clearReceived().play(1, 'play soldier 3 clown');
    assert.deepEqual(table.forfeits, []);
    assert.equal(state.inRound[2], 1);
    assert.deepEqual(table.received(1), ['played 1 soldier 3 clown', 'player 3']);
  });

  test('the wizard may target its own player', () => {
    const table = position('priestess', 'wizard');
    table.clearReceived().play(1, 'play wizard 1');
    assert.deepEqual(table.forfeits, []);
    // The cards not stacked follow in id order, so the next card down is a soldier.
    assert.deepEqual(table.received(1).slice(0, 3), ['played 1 wizard 1', 'discard 1 priestess', 'draw soldier']);
  });

  test('the princess may be played (and loses)', () => {
    const table = scriptedTable({ players: 3, decks: [{ deal: 'princess clown knight', draws: 'soldier' }] });
    assert.equal(loveLetter.applyChecked(table.state, encodeAction(Card.PRINCESS, -1, 0)), 0);
    assert.equal(table.state.inRound[0], 0);
  });
});

describe('raw actions from an untrusted strategy', () => {
  const RAW: readonly (readonly [string, number, number])[] = [
    ['no card', encodeAction(0, 3, 0), Illegal.UNKNOWN_CARD],
    ['card id 9', encodeAction(9, 3, 0), Illegal.UNKNOWN_CARD],
    ['card id 15', encodeAction(15, -1, 0), Illegal.UNKNOWN_CARD],
    ['guess id 9', encodeAction(Card.SOLDIER, 3, 9), Illegal.UNKNOWN_CARD],
    ['guess id 0 (none)', encodeAction(Card.SOLDIER, 3, 0), Illegal.WRONG_ARITY],
    ['target 14', encodeAction(Card.CLOWN, 14, 0), Illegal.TARGET_OUT_OF_RANGE],
    ['target 4 of 4 players', encodeAction(Card.CLOWN, 4, 0), Illegal.TARGET_OUT_OF_RANGE],
    ['a negative number', -1, Forfeit.MALFORMED],
    ['a number past the packed fields', 1 << 12, Forfeit.MALFORMED],
    ['a fraction of a legal action', encodeAction(Card.SOLDIER, 3, Card.PRINCESS) + 0.5, Forfeit.MALFORMED],
    ['NaN', Number.NaN, Forfeit.MALFORMED],
    ['undefined', undefined as unknown as number, Forfeit.MALFORMED],
  ];

  for (const [name, action, reason] of RAW) {
    test(`${name}: ${FORFEIT_LABELS[reason]}`, () => {
      const table = position('soldier', 'clown');
      const before = snapshot(table.state);
      assert.equal(loveLetter.applyChecked(table.state, action), reason);
      assert.deepEqual(snapshot(table.state), before);
      table.playAction(1, action);
      assert.deepEqual(table.forfeits, [{ seat: 0, reason }]);
      assert.equal(table.state.inRound[0], 0);
    });
  }

  test('a trusted seat skips the check: its action is applied as given', () => {
    const table = position('soldier', 'clown', true);
    table.playAction(1, encodeAction(Card.CLOWN, 3, 0));
    assert.deepEqual(table.forfeits, []);
    assert.equal(table.state.inRound[0], 1);
  });
});

describe('parseAction', () => {
  const rules = loveLetter.parseRules({});
  const ident = loveLetter.parseRules({ handshake: 'ident' });

  test('reads card names case-insensitively and tolerates extra spaces', () => {
    assert.equal(parseReply('  PLAY Soldier   2 PRINCESS ', 4, rules), encodeAction(Card.SOLDIER, 1, Card.PRINCESS));
    assert.equal(parseReply('Forfeit', 4, rules), -Forfeit.RESIGNED);
  });

  test('numbers players from 1 in the classic handshake and from 0 in ident', () => {
    assert.equal(parseReply('play wizard 1', 2, rules), encodeAction(Card.WIZARD, 0, 0));
    assert.equal(parseReply('play wizard 0', 2, ident), encodeAction(Card.WIZARD, 0, 0));
    assert.equal(parseReply('play wizard 2', 2, ident), -Illegal.TARGET_OUT_OF_RANGE);
  });

  test('is the inverse of actionToString for every legal action of a deal', () => {
    for (const handshake of ['classic', 'ident']) {
      const r = loveLetter.parseRules({ handshake });
      for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) {
        for (let target = -1; target < 4; target++) {
          for (let guess = 0; guess <= Card.PRINCESS; guess++) {
            const action = encodeAction(card, target, guess);
            assert.equal(parseReply(loveLetter.actionToString(action, r), 4, r), action, loveLetter.actionToString(action, r));
          }
        }
      }
    }
  });
});

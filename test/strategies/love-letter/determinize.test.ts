import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CARD_KINDS, Card, Determinizer, Ev, GameEvent, LoveLetterView, Rng, masterKey } from '../../../src/index.ts';
import { RoundKnowledge } from '../../../strategies/love-letter/knowledge.ts';

const ME = 0;

/** Seat 0 of four, fed the same messages in its view and its knowledge. */
function seat(messages: readonly number[][]): { view: LoveLetterView; knowledge: RoundKnowledge } {
  const view = new LoveLetterView(4, ME);
  const knowledge = new RoundKnowledge(4, ME);
  const event = new GameEvent();
  for (const [kind, a = 0, b = 0, c = 0, d = 0] of messages) {
    Object.assign(event, { recipients: 1, kind, a, b, c, d });
    view.observe(event);
    knowledge.observe(event);
  }
  return { view, knowledge };
}

describe('Determinizer', () => {
  // Seat 3 opens. Our clown shows seat 2 holds the princess; seat 2 later plays the soldier it
  // drew, guessing general on seat 1 and missing. We hold a soldier and have drawn a wizard.
  const messages = [
    [Ev.START, 3, 4],
    [Ev.DRAW, Card.SOLDIER],
    [Ev.PLAYER, 3],
    [Ev.PLAYED, 3, Card.PRIESTESS],
    [Ev.PLAYER, ME],
    [Ev.DRAW, Card.CLOWN],
    [Ev.PLAYED, ME, Card.CLOWN, 2],
    [Ev.REVEAL, 2, Card.PRINCESS],
    [Ev.PLAYER, 1],
    [Ev.PLAYED, 1, Card.MINISTER],
    [Ev.PLAYER, 2],
    [Ev.PLAYED, 2, Card.SOLDIER, 1, Card.GENERAL],
    [Ev.PLAYER, 3],
    [Ev.PLAYED, 3, Card.CLOWN, 1],
    [Ev.PLAYER, ME],
    [Ev.DRAW, Card.WIZARD],
  ];

  test('every deal keeps what we know and holds exactly the unknown cards', () => {
    const { view, knowledge } = seat(messages);
    const determinizer = new Determinizer(4, ME);
    determinizer.prepare(view, knowledge);
    const pool = new Int8Array(CARD_KINDS + 1);
    knowledge.unknownPool(view, pool);
    const rng = new Rng().seed(masterKey('determinize'), 0, 0, 0);
    const seatThreeHolds = new Float64Array(CARD_KINDS + 1);
    const samples = 20000;
    for (let i = 0; i < samples; i++) {
      const position = determinizer.sample(rng);
      assert.equal(position.hand[ME], Card.SOLDIER);
      assert.equal(position.drawn, Card.WIZARD);
      assert.equal(position.hand[2], Card.PRINCESS);
      assert.equal(position.deckCount, view.deckCount);
      assert.deepEqual(Array.from(position.protectedSeat), [0, 0, 0, 0]);
      assert.notEqual(position.hand[1], Card.GENERAL, 'seat 1 was guessed general and stayed in');
      const dealt = new Int8Array(CARD_KINDS + 1);
      dealt[position.hand[1]]++;
      dealt[position.hand[3]]++;
      for (let j = 0; j < position.deckCount; j++) dealt[position.deck[j]]++;
      for (let card = 1; card <= CARD_KINDS; card++) assert.ok(dealt[card] <= pool[card], `card ${card} dealt more than unknown`);
      seatThreeHolds[position.hand[3]]++;
    }
    // Seven cards seen or in our hand, the princess known: eight unknown, for seat 1, seat 3, the
    // five cards left to draw and the one set aside.
    const unknownTotal = pool.reduce((sum, count) => sum + count, 0);
    assert.equal(unknownTotal, 8);
    assert.equal(view.deckCount, 5);
    assert.equal(pool[Card.PRINCESS], 0);
    // Seat 3 played after everything we learned: each unknown copy is about as likely as the next
    // (seat 1's exclusion shifts the odds a little, which the tolerance allows).
    for (let card = 1; card <= CARD_KINDS; card++) {
      const expected = pool[card] / unknownTotal;
      assert.ok(
        Math.abs(seatThreeHolds[card] / samples - expected) < 0.025,
        `seat 3 holds card ${card}: ${seatThreeHolds[card] / samples} vs ${expected}`,
      );
    }
  });
});

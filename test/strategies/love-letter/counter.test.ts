import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Card, Ev, actionCard, actionGuess, actionTarget, encodeAction } from '../../../src/index.ts';
import { CounterPlayer } from '../../../strategies/love-letter/counter.ts';
import { Decision } from './decisions.ts';

const ME = 0;
const THEM = 1;

/** A two-player round where we were dealt `held` and the opponent played first. */
function round(held: number, opening: readonly number[] = [Card.MINISTER]): Decision {
  const decision = new Decision(new CounterPlayer(2, ME, 12), 2).tell(Ev.START, THEM, 2).tell(Ev.DRAW, held).tell(Ev.PLAYER, THEM);
  return decision.tell(Ev.PLAYED, THEM, ...opening);
}

/** Our turn: we draw `drawn` and choose. */
function ourTurn(decision: Decision, drawn: number): number {
  return decision.tell(Ev.PLAYER, ME).tell(Ev.DRAW, drawn).choose();
}

/** We play `action` (it must be what the strategy chose) and the messages that follow arrive. */
function play(decision: Decision, action: number, ...after: number[][]): Decision {
  decision.tell(Ev.PLAYED, ME, actionCard(action), actionTarget(action), actionGuess(action));
  for (const [kind, a, b, c, d] of after) decision.tell(kind, a, b, c, d);
  return decision;
}

describe('counter', () => {
  test('names a card it has seen in the target hand', () => {
    const decision = round(Card.SOLDIER);
    const first = ourTurn(decision, Card.CLOWN);
    assert.equal(first, encodeAction(Card.CLOWN, THEM, 0));
    // It plays the soldier it drew (a miss on us), so it still holds the wizard.
    play(decision, first, [Ev.REVEAL, THEM, Card.WIZARD], [Ev.PLAYER, THEM], [Ev.PLAYED, THEM, Card.SOLDIER, ME, Card.PRINCESS]);
    assert.equal(ourTurn(decision, Card.SOLDIER), encodeAction(Card.SOLDIER, THEM, Card.WIZARD));
  });

  test('duels only when it is likely to win', () => {
    // Its general gave us a priestess and it our soldier: our knight beats that soldier.
    const strong = round(Card.SOLDIER, [Card.GENERAL, ME]).tell(Ev.SWAP, Card.PRIESTESS);
    assert.equal(ourTurn(strong, Card.KNIGHT), encodeAction(Card.KNIGHT, THEM, 0));
    // Keeping a soldier, a duel can only lose or tie.
    assert.notEqual(actionCard(ourTurn(round(Card.SOLDIER), Card.KNIGHT)), Card.KNIGHT);
  });

  test('a wizard on an empty deck knocks the target out', () => {
    const decision = round(Card.SOLDIER);
    decision.tell(Ev.PLAYER, ME).tell(Ev.DRAW, Card.WIZARD);
    decision.view.deckCount = 0;
    assert.equal(decision.choose(), encodeAction(Card.WIZARD, THEM, 0));
  });

  test('shields a card the opponent has seen', () => {
    for (const held of [Card.SOLDIER, Card.KNIGHT, Card.WIZARD]) {
      // Unseen, the card is worth playing the other card for; seen by the opponent, it needs the priestess.
      assert.equal(actionCard(ourTurn(round(held), Card.PRIESTESS)), held);
      assert.equal(ourTurn(round(held, [Card.CLOWN, ME]), Card.PRIESTESS), encodeAction(Card.PRIESTESS, -1, 0));
    }
  });

  test('never plays the princess while it holds another card', () => {
    for (let other = Card.SOLDIER; other < Card.PRINCESS; other++) {
      assert.notEqual(actionCard(ourTurn(round(Card.PRINCESS), other)), Card.PRINCESS);
    }
  });
});

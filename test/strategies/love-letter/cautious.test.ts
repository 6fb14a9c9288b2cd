import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Card, Ev, actionCard, actionGuess, actionTarget, encodeAction } from '../../../src/index.ts';
import { CautiousPlayer } from '../../../strategies/love-letter/cautious.ts';
import { Decision, compareDecideWithChoose } from './decisions.ts';

/** Seat 0 of `players`, dealt `held`, has just drawn `drawn` on its first turn. */
function turn(held: number, drawn: number, players = 4): Decision {
  return new Decision(new CautiousPlayer(12), players)
    .tell(Ev.START, 0, players)
    .tell(Ev.DRAW, held)
    .tell(Ev.PLAYER, 0)
    .tell(Ev.DRAW, drawn);
}

describe('cautious', () => {
  test('plays the lower card', () => {
    assert.equal(actionCard(turn(Card.PRIESTESS, Card.CLOWN).choose()), Card.CLOWN);
    assert.equal(actionCard(turn(Card.PRIESTESS, Card.KNIGHT).choose()), Card.KNIGHT);
    assert.equal(actionCard(turn(Card.SOLDIER, Card.SOLDIER).choose()), Card.SOLDIER);
  });

  test('never plays the princess while it holds another card', () => {
    for (let other = Card.SOLDIER; other < Card.PRINCESS; other++) {
      assert.equal(actionCard(turn(Card.PRINCESS, other).choose()), other);
      assert.equal(actionCard(turn(other, Card.PRINCESS).choose()), other);
    }
  });

  test('gets rid of the minister when keeping it could bust on the next draw', () => {
    assert.equal(actionCard(turn(Card.MINISTER, Card.SOLDIER).choose()), Card.MINISTER);
    assert.equal(actionCard(turn(Card.CLOWN, Card.MINISTER).choose()), Card.MINISTER);
    // Keeping the wizard is safe: the only minister is the one played.
    assert.equal(actionCard(turn(Card.MINISTER, Card.WIZARD).choose()), Card.MINISTER);
    // A general kept could meet the unseen minister; a clown kept cannot.
    assert.equal(actionCard(turn(Card.GENERAL, Card.CLOWN).choose()), Card.GENERAL);
  });

  test('keeps the minister when no bust is possible or no draw is coming', () => {
    const allSeen = turn(Card.MINISTER, Card.SOLDIER);
    for (const card of [Card.WIZARD, Card.WIZARD, Card.GENERAL, Card.PRINCESS]) allSeen.view.seen[card]++;
    assert.equal(actionCard(allSeen.choose()), Card.SOLDIER);
    const lastDraw = turn(Card.MINISTER, Card.SOLDIER);
    lastDraw.view.deckCount = 3;
    assert.equal(actionCard(lastDraw.choose()), Card.SOLDIER);
  });

  test('a soldier names the card with most copies not seen', () => {
    const decision = turn(Card.SOLDIER, Card.PRINCESS);
    // clown, knight, priestess and wizard have two copies each: leave two wizards unseen.
    decision.tell(Ev.PLAYED, 1, Card.CLOWN, 2).tell(Ev.PLAYED, 2, Card.KNIGHT, 1).tell(Ev.PLAYED, 3, Card.PRIESTESS);
    const action = decision.choose();
    assert.equal(actionCard(action), Card.SOLDIER);
    assert.equal(actionGuess(action), Card.WIZARD);
  });

  test('aims at an opponent a priestess does not protect', () => {
    const decision = turn(Card.SOLDIER, Card.PRINCESS);
    decision.tell(Ev.PLAYED, 1, Card.PRIESTESS).tell(Ev.PLAYED, 3, Card.PRIESTESS);
    for (let i = 0; i < 10; i++) assert.equal(actionTarget(decision.choose()), 2);
    decision.tell(Ev.PLAYED, 2, Card.PRIESTESS);
    // Everyone protected: the play is wasted on an opponent, never turned on itself.
    assert.notEqual(actionTarget(decision.choose()), 0);
    const wizard = turn(Card.WIZARD, Card.PRINCESS, 2).tell(Ev.PLAYED, 1, Card.PRIESTESS);
    assert.equal(wizard.choose(), encodeAction(Card.WIZARD, 1, 0));
  });

  test('deciding from the state view, plays what it plays from the listed actions, with the same draws', () => {
    const decided = compareDecideWithChoose(new CautiousPlayer(12), 60);
    assert.ok(decided > 3000, `${decided} decisions compared`);
  });
});

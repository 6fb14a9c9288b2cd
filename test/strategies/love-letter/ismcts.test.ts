import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Card, Ev, actionCard, encodeAction } from '../../../src/index.ts';
import { IsmctsPlayer } from '../../../strategies/love-letter/ismcts.ts';
import { Decision, rules } from './decisions.ts';

const ME = 0;
const THEM = 1;

/** Pure search (no prior from counter's scores), so these show what the playouts find alone. */
function searcher(players: number, iterations = 300): IsmctsPlayer {
  return new IsmctsPlayer(players, ME, rules, { iterations, exploration: 0.7, prior: 0 });
}

/** A two-player round: we were dealt `held`, the opponent opened with `opening`. */
function twoPlayerRound(held: number, opening: readonly number[], strategy = searcher(2)): Decision {
  return new Decision(strategy, 2)
    .tell(Ev.START, THEM, 2)
    .tell(Ev.DRAW, held)
    .tell(Ev.PLAYER, THEM)
    .tell(Ev.PLAYED, THEM, ...opening);
}

describe('ismcts', () => {
  test('duels a card it knows it beats', () => {
    // The opponent's general gave us a priestess and took our soldier.
    const decision = twoPlayerRound(Card.SOLDIER, [Card.GENERAL, ME]).tell(Ev.SWAP, Card.PRIESTESS);
    assert.equal(decision.tell(Ev.PLAYER, ME).tell(Ev.DRAW, Card.KNIGHT).choose(), encodeAction(Card.KNIGHT, THEM, 0));
  });

  test('names a card it has seen', () => {
    const decision = twoPlayerRound(Card.SOLDIER, [Card.MINISTER]).tell(Ev.PLAYER, ME).tell(Ev.DRAW, Card.CLOWN);
    decision.tell(Ev.PLAYED, ME, Card.CLOWN, THEM).tell(Ev.REVEAL, THEM, Card.WIZARD);
    // It plays the soldier it drew, so it still holds the wizard.
    decision.tell(Ev.PLAYER, THEM).tell(Ev.PLAYED, THEM, Card.SOLDIER, ME, Card.PRINCESS);
    assert.equal(decision.tell(Ev.PLAYER, ME).tell(Ev.DRAW, Card.SOLDIER).choose(), encodeAction(Card.SOLDIER, THEM, Card.WIZARD));
  });

  test('a wizard on an empty deck wins the round outright', () => {
    const decision = twoPlayerRound(Card.SOLDIER, [Card.MINISTER]).tell(Ev.PLAYER, ME).tell(Ev.DRAW, Card.WIZARD);
    decision.view.deckCount = 0;
    assert.equal(decision.choose(), encodeAction(Card.WIZARD, THEM, 0));
  });

  test('never plays the princess while it holds another card', () => {
    for (let other = Card.SOLDIER; other < Card.PRINCESS; other++) {
      const decision = twoPlayerRound(Card.PRINCESS, [Card.MINISTER], searcher(2, 100));
      assert.notEqual(actionCard(decision.tell(Ev.PLAYER, ME).tell(Ev.DRAW, other).choose()), Card.PRINCESS);
    }
  });

  test('the same messages and the same random stream give the same choice', () => {
    const choose = (drawn: number, seed: string) => {
      const strategy = new IsmctsPlayer(4, ME, rules, { iterations: 200, exploration: 0.7, prior: 30 });
      const decision = new Decision(strategy, 4, ME, seed).tell(Ev.START, ME, 4).tell(Ev.DRAW, Card.SOLDIER);
      return decision.tell(Ev.PLAYER, ME).tell(Ev.DRAW, drawn).choose();
    };
    for (const drawn of [Card.CLOWN, Card.KNIGHT, Card.SOLDIER, Card.WIZARD]) assert.equal(choose(drawn, 'x'), choose(drawn, 'x'));
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { masterKey, Rng } from '../../../src/core/random.ts';
import { Card, DECK_SIZE } from '../../../src/games/love-letter/cards.ts';
import { encodeAction } from '../../../src/games/love-letter/actions.ts';
import { EVENT_STRIDE, EventField } from '../../../src/core/events.ts';
import { Ev } from '../../../src/games/love-letter/codes.ts';
import { loveLetter } from '../../../src/games/love-letter/index.ts';
import { RoundPosition, createSearchState, loadPosition } from '../../../src/games/love-letter/search.ts';
import type { LoveLetterState } from '../../../src/games/love-letter/state.ts';

const rules = loveLetter.parseRules({});

/** The winners mask of the first round a real game ended, read from its log. */
function firstRoundWinners(state: LoveLetterState): number {
  const { data, count } = state.events;
  for (let at = 0; at < count * EVENT_STRIDE; at += EVENT_STRIDE) {
    if (data[at + EventField.KIND] === Ev.ROUND_END) return data[at + EventField.A];
  }
  throw new Error('no round ended');
}

/** The position a real state is in, hidden cards and all. */
function positionOf(state: LoveLetterState): RoundPosition {
  const position = new RoundPosition(state.players);
  position.hand.set(state.hand);
  position.drawn = state.drawn;
  position.deckCount = DECK_SIZE - state.deckTop;
  for (let i = 0; i < position.deckCount; i++) position.deck[i] = state.deck[state.deckTop + i];
  position.inRound.set(state.inRound);
  position.protectedSeat.set(state.protectedSeat);
  position.playedSum.set(state.playedSum);
  position.current = state.current;
  position.firstPlayer = state.firstPlayer;
  return position;
}

function twoPlayerPosition(mine: number, drawn: number, theirs: number, deck: number[]): RoundPosition {
  const position = new RoundPosition(2);
  position.hand[0] = mine;
  position.hand[1] = theirs;
  position.drawn = drawn;
  position.deck.set(deck);
  position.deckCount = deck.length;
  position.inRound.fill(1);
  return position;
}

describe('search positions', () => {
  test('a search state plays out only the loaded round and scores its win', () => {
    const state = createSearchState(2, rules);
    loadPosition(state, twoPlayerPosition(Card.SOLDIER, Card.CLOWN, Card.PRINCESS, [Card.KNIGHT, Card.WIZARD]));
    assert.equal(loveLetter.currentPlayer(state), 0);
    loveLetter.apply(state, encodeAction(Card.SOLDIER, 1, Card.PRINCESS));
    assert.equal(state.over, true);
    assert.deepEqual(Array.from(state.shares), [1, 0]);
  });

  test('a round that runs out of cards ends in a showdown, ties shared', () => {
    const state = createSearchState(2, rules);
    loadPosition(state, twoPlayerPosition(Card.PRIESTESS, Card.KNIGHT, Card.KNIGHT, []));
    loveLetter.apply(state, encodeAction(Card.PRIESTESS, -1, 0));
    assert.equal(state.over, true);
    assert.deepEqual(Array.from(state.shares), [0.5, 0.5]);
    loadPosition(state, twoPlayerPosition(Card.PRIESTESS, Card.MINISTER, Card.KNIGHT, []));
    loveLetter.apply(state, encodeAction(Card.PRIESTESS, -1, 0));
    assert.deepEqual(Array.from(state.shares), [1, 0]);
  });

  test('loading a position overwrites whatever the state held before', () => {
    const state = createSearchState(4, rules);
    const position = new RoundPosition(4);
    position.hand.set([Card.KNIGHT, Card.SOLDIER, 0, Card.PRINCESS]);
    position.drawn = Card.GENERAL;
    position.deck.set([Card.CLOWN]);
    position.deckCount = 1;
    position.inRound.set([1, 1, 0, 1]);
    position.protectedSeat.set([0, 0, 0, 1]);
    loadPosition(state, position);
    const legal = new Int32Array(loveLetter.maxActions);
    const count = loveLetter.legalActions(state, legal);
    // knight and general each at seats 1 and 3 (seat 2 is out, seat 0 is the actor)
    assert.deepEqual(Array.from(legal.subarray(0, count)), [
      encodeAction(Card.KNIGHT, 1, 0),
      encodeAction(Card.KNIGHT, 3, 0),
      encodeAction(Card.GENERAL, 1, 0),
      encodeAction(Card.GENERAL, 3, 0),
    ]);
    // The knight on the protected seat 3 does nothing; seat 1 then draws the last card and plays.
    loveLetter.apply(state, encodeAction(Card.KNIGHT, 3, 0));
    assert.equal(state.inCount, 3);
    assert.equal(loveLetter.currentPlayer(state), 1);
    loveLetter.apply(state, encodeAction(Card.SOLDIER, 0, Card.GENERAL));
    assert.equal(state.over, true);
    assert.deepEqual(Array.from(state.shares), [0, 0, 0, 1]);
  });

  test('a loaded copy of a real round plays exactly like the real one', () => {
    const key = masterKey('search-equivalence');
    const rng = new Rng();
    const legal = new Int32Array(loveLetter.maxActions);
    for (const players of [2, 3, 4]) {
      const real = loveLetter.createState(players, rules);
      const copy = createSearchState(players, rules);
      for (let game = 0; game < 40; game++) {
        loveLetter.reset(real, key, game);
        rng.seed(key, game, 9, players);
        // Walk a few random plays into the first round, then branch off a copy.
        for (let skip = rng.int(6); skip > 0 && real.round === 1 && !real.over; skip--) {
          loveLetter.apply(real, legal[rng.int(loveLetter.legalActions(real, legal))]);
        }
        if (real.round !== 1 || real.over) continue;
        loadPosition(copy, positionOf(real));
        while (real.round === 1 && !real.over) {
          const count = loveLetter.legalActions(real, legal);
          assert.equal(loveLetter.legalActions(copy, new Int32Array(loveLetter.maxActions)), count);
          const action = legal[rng.int(count)];
          loveLetter.apply(real, action);
          loveLetter.apply(copy, action);
          if (real.round === 1 && !real.over) {
            assert.deepEqual(Array.from(copy.hand), Array.from(real.hand));
            assert.deepEqual(Array.from(copy.inRound), Array.from(real.inRound));
            assert.equal(copy.current, real.current);
            assert.equal(copy.drawn, real.drawn);
          }
        }
        assert.equal(copy.over, true);
        // Read from the log: the next round may have ended too, by a minister bust at its deal.
        const winners = firstRoundWinners(real);
        assert.deepEqual(
          Array.from(copy.shares, (share) => (share > 0 ? 1 : 0)),
          Array.from(copy.shares, (_, seat) => (winners >> seat) & 1),
        );
      }
    }
  });
});

// Deals are uniform shuffles: every position holds each card as often as its copies say, and
// neighbouring positions, whose swaps share one random draw, are independent of each other.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CARD_COPIES, DECK_SIZE, FULL_DECK, loveLetter, masterKey } from '../../../src/index.ts';
import { LoveLetterState } from '../../../src/games/love-letter/state.ts';
import { assertFits } from '../../helpers/numbers.ts';

const DEALS = 40_000;
const KINDS = CARD_COPIES.length;

/**
 * The first round's deck of games 0 .. DEALS-1, read after the reset: the engine never reorders a
 * deck while playing it. Four players, because a reset runs the opening draw, and a minister bust
 * there would end a two-player round and deal the next.
 */
function dealtDecks(): Int8Array[] {
  const state: LoveLetterState = loveLetter.createState(4, loveLetter.parseRules({}));
  const key = masterKey('deals');
  return Array.from({ length: DEALS }, (_, game) => {
    loveLetter.reset(state, key, game);
    assert.equal(state.round, 1);
    return state.deck.slice();
  });
}

describe('deals', () => {
  const decks = dealtDecks();

  test('are all full decks', () => {
    const sorted = [...FULL_DECK];
    for (const deck of decks.slice(0, 1000))
      assert.deepEqual(
        [...deck].sort((a, b) => a - b),
        sorted,
      );
  });

  test('put each card at each position as often as its copies say', () => {
    const expected = CARD_COPIES.map((copies) => copies / DECK_SIZE);
    for (let position = 0; position < DECK_SIZE; position++) {
      const counts = new Array<number>(KINDS).fill(0);
      for (const deck of decks) counts[deck[position]]++;
      assertFits(counts.slice(1), expected.slice(1), `position ${position}`);
    }
  });

  test('make neighbouring positions independent, within and across the draws they share', () => {
    const expected: number[] = [];
    for (let a = 1; a < KINDS; a++) {
      for (let b = 1; b < KINDS; b++)
        expected.push((CARD_COPIES[a] * (CARD_COPIES[b] - (a === b ? 1 : 0))) / (DECK_SIZE * (DECK_SIZE - 1)));
    }
    for (let position = DECK_SIZE - 1; position > 0; position--) {
      const counts = new Array<number>(expected.length).fill(0);
      for (const deck of decks) counts[(deck[position] - 1) * (KINDS - 1) + deck[position - 1] - 1]++;
      // Pairs of kinds that cannot occur (two princesses) have probability 0 and no count.
      const possible = expected.map((probability, cell) => [counts[cell], probability]).filter(([, probability]) => probability > 0);
      assertFits(
        possible.map(([count]) => count),
        possible.map(([, probability]) => probability),
        `positions ${position} and ${position - 1}`,
      );
    }
  });
});

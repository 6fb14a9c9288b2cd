// The state view shows at every decision what the event view shows of the same seat: its cards,
// who is in and protected, the cards left to draw and the copies seen face up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StrategyDefinition } from '../../../src/core/strategy.ts';
import { Rng } from '../../../src/core/random.ts';
import {
  CARD_KINDS,
  LoveLetterStateView,
  loveLetter,
  type LoveLetterSeatView,
  type LoveLetterView,
} from '../../../src/games/love-letter/index.ts';
import { cautious } from '../../../strategies/love-letter/cautious.ts';
import { counter } from '../../../strategies/love-letter/counter.ts';
import { random } from '../../../strategies/love-letter/random.ts';
import { assertStateViewAgrees } from '../../helpers/state-view.ts';

const cautiousOnEventView: StrategyDefinition<LoveLetterView> = cautious;
const shownUnseen = new Int8Array(CARD_KINDS + 1);
const viewUnseen = new Int8Array(CARD_KINDS + 1);

function agree(shown: LoveLetterSeatView, view: LoveLetterView): void {
  assert.equal(shown.handCount, view.handCount, 'handCount');
  assert.deepEqual(shown.hand, view.hand, 'hand');
  assert.deepEqual(shown.inRound, view.inRound, 'inRound');
  assert.deepEqual(shown.protectedSeat, view.protectedSeat, 'protectedSeat');
  assert.equal(shown.deckCount, view.deckCount, 'deckCount');
  // Slot 0 (no card) is never read.
  assert.deepEqual(shown.seen.subarray(1), view.seen.subarray(1), 'seen');
  assert.deepEqual(shown.unseen(shownUnseen), view.unseen(viewUnseen), 'unseen');
}

/**
 * A search state resampled behind the event view shows its seat the same view: search rollouts
 * reading it start from what the seat knows.
 */
function agreeAfterResampling(players: number, values: ReturnType<typeof loveLetter.parseRules>) {
  const search = loveLetter.createSearchState(players, values);
  const rng = new Rng();
  let decisions = 0;
  return (_shown: LoveLetterSeatView, view: LoveLetterView): void => {
    rng.seed(new Uint32Array(4), decisions++, view.seat, players);
    assert.ok(loveLetter.resample(search, view, rng), 'resampled');
    agree(new LoveLetterStateView(search, view.seat), view);
  };
}

for (const rules of ['', 'revealHandOnPrincessPlay=true', 'minister=bust-over-12']) {
  test(`${rules || 'default rules'}: the state view agrees with the event view at every decision`, () => {
    const values = loveLetter.parseRules(rules === '' ? {} : Object.fromEntries([rules.split('=')]));
    for (const players of [2, 3, 4]) {
      assertStateViewAgrees(loveLetter, values, players, [random, cautiousOnEventView, counter], 20, 40, agree);
      assertStateViewAgrees(loveLetter, values, players, [random, counter], 5, 10, agreeAfterResampling(players, values));
    }
  });
}

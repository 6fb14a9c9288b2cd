// The state view shows at every decision what the event view shows of the same seat: its cards,
// the trick in progress and whether the queen of spades has been played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StrategyDefinition } from '../../../src/core/strategy.ts';
import { hearts, type HeartsSeatView, type HeartsView } from '../../../src/games/hearts/index.ts';
import { ducking } from '../../../strategies/hearts/ducking.ts';
import { random } from '../../../strategies/hearts/random.ts';
import { assertStateViewAgrees } from '../../helpers/state-view.ts';

const duckingOnEventView: StrategyDefinition<HeartsView> = ducking;

function agree(shown: HeartsSeatView, view: HeartsView): void {
  assert.deepEqual(shown.suitMask, view.suitMask, 'suitMask');
  assert.equal(shown.queenPlayed, view.queenPlayed, 'queenPlayed');
  assert.equal(shown.trickCount, view.trickCount, 'trickCount');
  // The event view forgets the last trick's led suit, winner and points; the state keeps them.
  if (view.trickCount === 0) return;
  assert.equal(shown.ledSuit, view.ledSuit, 'ledSuit');
  assert.equal(shown.trickHighRank, view.trickHighRank, 'trickHighRank');
  assert.equal(shown.trickPoints, view.trickPoints, 'trickPoints');
}

for (const [profile, tableSizes] of [
  ['spec', [3, 4]],
  ['zadikian-server', [4]],
] as const) {
  test(`${profile}: the state view agrees with the event view at every decision`, () => {
    const rules = hearts.parseRules({ profile });
    for (const players of tableSizes) assertStateViewAgrees(hearts, rules, players, [random, duckingOnEventView], 5, 50, agree);
  });
}

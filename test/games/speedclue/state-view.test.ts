// The state view shows at every decision what the event view shows of the same seat: its hand,
// what it has seen, its suggestions, the solution it knows for certain and whether it must accuse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { speedClue, type SpeedClueSeatView, type SpeedClueView } from '../../../src/games/speedclue/index.ts';
import { inference } from '../../../strategies/speedclue/inference.ts';
import { random } from '../../../strategies/speedclue/random.ts';
import { assertStateViewAgrees } from '../../helpers/state-view.ts';

function agree(shown: SpeedClueSeatView, view: SpeedClueView): void {
  assert.equal(shown.hand, view.hand, 'hand');
  assert.equal(shown.seen, view.seen, 'seen');
  assert.equal(shown.suggestions, view.suggestions, 'suggestions');
  assert.deepEqual(shown.used, view.used, 'used');
  assert.equal(shown.certain, view.certain, 'certain');
  assert.equal(shown.mustAccuse, view.mustAccuse, 'mustAccuse');
}

for (const profile of ['java-server', 'python-port']) {
  test(`${profile}: the state view agrees with the event view at every decision`, () => {
    const rules = speedClue.parseRules({ profile });
    for (const players of [3, 5]) assertStateViewAgrees(speedClue, rules, players, [random, inference], 20, 20, agree);
  });
}

// The strength ordering of strategies/README.md, on samples small enough for the test suite and
// only where the gap is wide: each interval here clears its bound by ten points or more.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loveLetter } from '../../src/index.ts';
import { rotatedWinRate } from '../helpers/rotated-win-rate.ts';

function winRate(specs: readonly string[], games: number, seed: string) {
  return rotatedWinRate(loveLetter, specs, games, seed);
}

describe('strength', () => {
  test('cautious and counter each win well over half their games against three random players', () => {
    for (const strategy of ['cautious', 'counter']) {
      const rate = winRate([strategy, 'random', 'random', 'random'], 400, `strength-${strategy}`);
      assert.ok(rate.low > 0.6, `${strategy}: ${JSON.stringify(rate)}`);
    }
  });

  test('counter beats cautious head to head', () => {
    const rate = winRate(['counter', 'cautious'], 600, 'strength-duel');
    assert.ok(rate.low > 0.6, JSON.stringify(rate));
  });
});

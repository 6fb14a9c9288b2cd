import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../src/app.ts';
import { MatchPlayer } from '../../src/runner/batch.ts';
import { chooseBatchGames } from '../../src/runner/calibrate.ts';
import { prepareMatch } from '../../src/runner/match.ts';

async function player(design: 'independent' | 'duplicate'): Promise<MatchPlayer> {
  const match = await prepareMatch(builtinRegistry(), { game: 'love-letter', seats: ['random', 'random', 'random'], rules: {}, seed: 'c' });
  return new MatchPlayer(match, design);
}

describe('games per task', () => {
  test('a job of a block per task at most takes one block, without timing any game', async () => {
    const duplicate = await player('duplicate');
    const started = performance.now();
    assert.equal(chooseBatchGames([duplicate], 3 * 16, 2), 3);
    assert.ok(performance.now() - started < 50, 'no timing');
    assert.equal(
      duplicate.seatScore.reduce((a, b) => a + b, 0),
      0,
      'no game played',
    );
  });

  test('a larger job is timed, and shared out at least eight tasks per worker, in whole blocks', async () => {
    const games = chooseBatchGames([await player('duplicate')], 3 * 1600, 2);
    assert.equal(games % 3, 0);
    assert.ok(games >= 3 && games <= 3 * 100, `${games}`);
  });

  test('a huge job gets at most 64 tasks per worker, however short timing would cut them', async () => {
    const blocks = 2 * 64 * 1_000_000;
    const games = chooseBatchGames([await player('independent')], blocks, 2);
    assert.ok(games >= 1_000_000, `${games}`);
    assert.ok(games <= blocks / 16, 'still eight tasks per worker at least');
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../../src/app.ts';
import { MatchPlayer } from '../../../src/runner/play/batch.ts';
import { chooseBatchGames, timedSample } from '../../../src/runner/play/calibrate.ts';
import { prepareMatch } from '../../../src/runner/play/match.ts';

async function player(design: 'independent' | 'duplicate'): Promise<MatchPlayer> {
  const match = await prepareMatch(builtinRegistry(), { game: 'love-letter', seats: ['random', 'random', 'random'], rules: {}, seed: 'c' });
  return new MatchPlayer(match, design);
}

describe('games per task', () => {
  test('a job of a block per task at most takes one block, without timing any game', async () => {
    const duplicate = await player('duplicate');
    assert.equal(chooseBatchGames([duplicate], 3 * 16, 2), 3);
    // Timing plays games, and every game moves a seat's score: none moved, so none was timed.
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

  test('a huge job still gets tasks of about a second at most, so that it reports, checkpoints and stops', async () => {
    // 64 tasks per worker would make each of these hours long.
    const games = chooseBatchGames([await player('independent')], 1e12, 2);
    assert.ok(games >= 1, `${games}`);
    // Random three-player games run at about 150,000 a second on one core: a second is far below this.
    assert.ok(games <= 1_000_000, `${games} games a task`);
  });

  test('a job of many match-ups is timed on a few spread through it, a small one on all of them', () => {
    const small = Array.from({ length: 24 }, (_, i) => i);
    assert.deepEqual(timedSample(small), small);
    const seatings = Array.from({ length: 11880 }, (_, i) => i);
    const timed = timedSample(seatings);
    assert.equal(timed.length, 64);
    assert.equal(new Set(timed).size, 64, 'each once');
    assert.equal(timed[0], 0);
    // The last of them lies near the job's end: the seatings of the strategies listed last are timed too.
    assert.ok(timed[63] > (11880 * 62) / 64, `${timed[63]}`);
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { builtinRegistry } from '../../src/app.ts';
import { contestSeatings, planContest, runContest, seatingCount } from '../../src/protocol/speedclue-contest.ts';
import { scratchDir } from '../helpers/scratch.ts';

describe('contest seatings', () => {
  test('are every combination of each table size, each in every order, combinations numbered in turn', () => {
    const seatings = [...contestSeatings(4, 3, 6)];
    assert.equal(seatings.length, 4 * 3 * 2 + 4 * 3 * 2 * 1);
    assert.equal(seatings.length, seatingCount(4, 3, 6));
    assert.deepEqual(seatings.slice(0, 7), [
      { combination: 0, order: [0, 1, 2] },
      { combination: 0, order: [0, 2, 1] },
      { combination: 0, order: [1, 0, 2] },
      { combination: 0, order: [1, 2, 0] },
      { combination: 0, order: [2, 0, 1] },
      { combination: 0, order: [2, 1, 0] },
      { combination: 1, order: [0, 1, 3] },
    ]);
    assert.deepEqual(seatings.at(-1), { combination: 4, order: [3, 2, 1, 0] });
    const distinct = new Set(seatings.map((seating) => seating.order.join(',')));
    assert.equal(distinct.size, seatings.length);
  });

  test('stop at the largest table the game allows', () => {
    assert.equal(seatingCount(7, 3, 6), 7 * 6 * 5 + 7 * 6 * 5 * 4 + 7 * 6 * 5 * 4 * 3 + 7 * 6 * 5 * 4 * 3 * 2);
    assert.ok([...contestSeatings(7, 3, 6)].every((seating) => seating.order.length <= 6));
  });
});

describe('a contest of built-ins alone', () => {
  test('hears its stop between games, though none of its entrants waits on a bot process', async () => {
    const registry = builtinRegistry();
    const plan = await planContest(registry, {
      game: 'speedclue',
      strategies: ['simple', 'inference', 'random'],
      perSeating: 500,
      seed: 'stop',
    });
    const dir = scratchDir('contest-built-ins');
    const controller = new AbortController();
    try {
      // The stop comes from a timer, as a signal's handler does: it runs only when the contest
      // gives the event loop a turn.
      const result = await runContest(registry, plan, {
        resultsDir: dir,
        signal: controller.signal,
        onSeating: (_seats, number) => {
          if (number === 1) setTimeout(() => controller.abort(), 0);
        },
      });
      assert.equal(result.stopped, true);
      assert.ok(result.games.length < 500, `stopped within the first seating, after ${result.games.length} games`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

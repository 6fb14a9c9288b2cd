// A game's tally: its counters share one buffer, so they must not overlap and must all clear.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GameTally, shareUnitsFor } from '../../src/core/tally.ts';

const SHAPE = { players: 3, firstCards: 9, outCauses: 7, forfeitReasons: 6 };

function counters(tally: GameTally): Record<string, Int32Array> {
  return {
    roundWins: tally.roundWins,
    roundWinShare: tally.roundWinShare,
    gameFirstCard: tally.gameFirstCard,
    roundsByFirstCard: tally.roundsByFirstCard,
    roundWinsByFirstCard: tally.roundWinsByFirstCard,
    roundWinShareByFirstCard: tally.roundWinShareByFirstCard,
    outs: tally.outs,
    forfeits: tally.forfeits,
  };
}

describe('game tally', () => {
  test('each counter has its own cells, sized by the shape', () => {
    const tally = new GameTally(SHAPE);
    const all = counters(tally);
    const { players, firstCards, outCauses, forfeitReasons } = SHAPE;
    const sizes = [
      players,
      players,
      players,
      players * firstCards,
      players * firstCards,
      players * firstCards,
      players * outCauses,
      players * forfeitReasons,
    ];
    assert.deepEqual(
      Object.values(all).map((counter) => counter.length),
      sizes,
    );
    // Writing a distinct value into every cell, then reading each back, shows no two cells alias.
    let next = 1;
    for (const counter of Object.values(all)) for (let i = 0; i < counter.length; i++) counter[i] = next++;
    next = 1;
    for (const [name, counter] of Object.entries(all)) {
      for (let i = 0; i < counter.length; i++) assert.equal(counter[i], next++, `${name}[${i}]`);
    }
  });

  test('clear zeroes every counter and the round count', () => {
    const tally = new GameTally(SHAPE);
    for (const counter of Object.values(counters(tally))) counter.fill(5);
    tally.rounds = 4;
    tally.clear();
    assert.equal(tally.rounds, 0);
    for (const [name, counter] of Object.entries(counters(tally)))
      assert.ok(
        counter.every((cell) => cell === 0),
        name,
      );
  });

  test('a win splits into whole share units among any number of winners', () => {
    assert.deepEqual([1, 2, 3, 4].map(shareUnitsFor), [1, 2, 6, 12]);
  });
});

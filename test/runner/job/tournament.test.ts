import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seatingsOf, tournamentTables } from '../../../src/runner/job/tournament.ts';

describe('tournaments', () => {
  test('seat every set of distinct strategies when the field is large enough', () => {
    const tables = tournamentTables(['a', 'b', 'c', 'd'], 3);
    assert.deepEqual(tables, [
      ['a', 'b', 'c'],
      ['a', 'b', 'd'],
      ['a', 'c', 'd'],
      ['b', 'c', 'd'],
    ]);
  });

  test('fill the seats with repeats when the field is smaller, every strategy at every table', () => {
    assert.deepEqual(tournamentTables(['a', 'b'], 3), [
      ['a', 'a', 'b'],
      ['a', 'b', 'b'],
    ]);
    assert.equal(tournamentTables(['a', 'b', 'c'], 4).length, 3);
  });

  test('play all distinct seatings, or the table as one match-up whose design moves the seats', () => {
    assert.equal(seatingsOf(['a', 'b', 'c', 'd'], 'all').length, 24);
    assert.equal(seatingsOf(['a', 'a', 'b'], 'all').length, 3);
    assert.deepEqual(seatingsOf(['a', 'b', 'c'], 'rotated'), [['a', 'b', 'c']]);
  });
});

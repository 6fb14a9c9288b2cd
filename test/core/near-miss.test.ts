import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { didYouMean, nearMisses } from '../../src/core/near-miss.ts';

describe('near misses', () => {
  test('find the choice a typo was meant as: a letter left out, added, changed, two swapped, or another case', () => {
    assert.deepEqual(nearMisses('duplicat', ['independent', 'duplicate']), ['duplicate']);
    assert.deepEqual(nearMisses('love-leter', ['love-letter', 'hearts']), ['love-letter']);
    assert.deepEqual(nearMisses('tpc', ['stdio', 'fifo', 'tcp']), ['tcp']);
    assert.deepEqual(nearMisses('Hearts', ['love-letter', 'hearts']), ['hearts']);
  });

  test('name every choice equally near, and none far from the word', () => {
    assert.deepEqual(nearMisses('cat', ['bat', 'car', 'dog']), ['bat', 'car']);
    assert.deepEqual(nearMisses('chess', ['love-letter', 'hearts', 'dominion', 'speedclue']), []);
    // One letter against one letter: every single letter would be "near".
    assert.deepEqual(nearMisses('x', ['c', 'n']), []);
  });

  test('read as a question, or as nothing', () => {
    assert.equal(didYouMean('line', ['lines', 'raw']), 'did you mean lines?');
    assert.equal(didYouMean('chess', ['hearts']), '');
  });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, masterKey } from '../../src/core/random.ts';
import { NO_NODE, SearchTree } from '../../strategies/search-tree.ts';

const rng = () => new Rng().seed(masterKey('search-tree'), 0, 0, 0);

test("the same action taken by another seat is another node: no node mixes two seats' rewards", () => {
  const tree = new SearchTree(16, 8);
  tree.clear();
  const legal = Int32Array.of(3);
  assert.equal(tree.select(0, legal, 1, 0.7, rng(), NO_NODE, 0), 3);
  assert.equal(tree.chosenChild, NO_NODE);
  const byZero = tree.add(0, 3, 0);
  tree.credit(byZero, 1);
  // Seat 0's node for action 3 is met again by seat 0, not by seat 1.
  tree.select(0, legal, 1, 0.7, rng(), NO_NODE, 0);
  assert.equal(tree.chosenChild, byZero);
  tree.select(0, legal, 1, 0.7, rng(), NO_NODE, 1);
  assert.equal(tree.chosenChild, NO_NODE);
  const byOne = tree.add(0, 3, 1);
  tree.select(0, legal, 1, 0.7, rng(), NO_NODE, 1);
  assert.equal(tree.chosenChild, byOne);
});

test('an untried action the rollout policy prefers is tried before the others', () => {
  const tree = new SearchTree(16, 8);
  tree.clear();
  const legal = Int32Array.of(1, 2, 5, 6);
  for (let seed = 0; seed < 10; seed++) {
    const random = new Rng().seed(masterKey('search-tree'), seed, 0, 0);
    assert.equal(tree.select(0, legal, 4, 0.7, random, 5, 0), 5);
  }
});

test('rewards on their own scale are mapped to 0 .. 1 by the range credited so far', () => {
  const tree = new SearchTree(16, 8);
  tree.clear(true);
  const legal = Int32Array.of(0, 1);
  const low = tree.add(0, 0, 0);
  const high = tree.add(0, 1, 0);
  tree.credit(low, -30);
  tree.credit(high, 50);
  assert.deepEqual([tree.low, tree.high], [-30, 50]);
  // Without exploration the higher mean wins, whatever the scale.
  assert.equal(tree.select(0, legal, 2, 0, rng(), NO_NODE, 0), 1);
  tree.clear(false);
  assert.deepEqual([tree.low, tree.high], [0, 1]);
});

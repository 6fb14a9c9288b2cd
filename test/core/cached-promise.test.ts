import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cachedUnlessFailed } from '../../src/core/cached-promise.ts';

describe('a promise cached unless it failed', () => {
  test('is made once however often it is asked for', async () => {
    const cache = new Map<string, Promise<number>>();
    let made = 0;
    const ask = () => cachedUnlessFailed(cache, 'file', async () => ++made);
    assert.deepEqual(await Promise.all([ask(), ask(), ask()]), [1, 1, 1]);
    assert.equal(await ask(), 1);
    assert.equal(made, 1);
  });

  test('is made afresh when asked for after it failed, and its failure reaches those who asked', async () => {
    const cache = new Map<string, Promise<string>>();
    let made = 0;
    const ask = () =>
      cachedUnlessFailed(cache, 'file', async () => {
        made++;
        if (made === 1) throw new Error('not yet');
        return 'fixed';
      });
    await assert.rejects(Promise.all([ask(), ask()]), /not yet/);
    assert.equal(cache.has('file'), false);
    assert.equal(await ask(), 'fixed');
    assert.equal(made, 2);
  });
});

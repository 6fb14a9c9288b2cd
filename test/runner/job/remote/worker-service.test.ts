// What a worker says of the queue's errors: a batch it could not hand back is one plain note, not
// BullMQ's internal words twice over.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { queueErrorNote } from '../../../../src/runner/job/remote/worker-service.ts';

describe('queueErrorNote', () => {
  test('a batch the server lost or gave away is told once, in plain words', () => {
    const told = new Set<string>();
    const id = 'batch-4d8ad3c0e18a5e8c0ff9528ae8fd60b2';
    // As BullMQ reports a server restarted empty: the result, then failing the job instead.
    const first = queueErrorNote(new Error(`Missing key for job ${id}. moveToFinished`), told);
    assert.ok(first !== null);
    assert.match(first, /could not be handed back/);
    assert.ok(first.includes(id));
    assert.doesNotMatch(first, /moveToFinished/);
    assert.equal(queueErrorNote(new Error(`Missing key for job ${id}. moveToFinished`), told), null);
    // Given to another worker while this one played it.
    const other = 'batch-bb7795fdf8422536cd38707b9ac45a74';
    assert.match(queueErrorNote(new Error(`Lock mismatch for job ${other}. Cmd moveToFinished from active`), told) ?? '', /handed back/);
    assert.equal(queueErrorNote(new Error(`Missing lock for job ${other}. moveToFinished`), told), null);
  });

  test('any other error is passed on as it is, every time', () => {
    const told = new Set<string>();
    for (let i = 0; i < 2; i++) assert.equal(queueErrorNote(new Error('could not renew lock'), told), 'queue: could not renew lock');
  });
});

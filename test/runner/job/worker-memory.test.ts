import assert from 'node:assert/strict';
import { totalmem } from 'node:os';
import { describe, test } from 'node:test';
import { getHeapStatistics } from 'node:v8';
import { MIN_WORKER_MEMORY_MB, defaultWorkerMemory, loadCheckMemory } from '../../../src/runner/job/worker-memory.ts';

const MB = 1024 * 1024;

describe("worker threads' heap limits", () => {
  test("by default, three quarters of the memory shared among the workers, within V8's limit and above the floor", () => {
    const v8Limit = Math.floor(getHeapStatistics().heap_size_limit / MB);
    for (const workers of [1, 2, 16, 1_000_000]) {
      const expected = Math.max(MIN_WORKER_MEMORY_MB, Math.min(Math.floor((totalmem() * 0.75) / workers / MB), v8Limit));
      assert.equal(defaultWorkerMemory(workers), expected, `${workers} workers`);
    }
    assert.equal(defaultWorkerMemory(1_000_000), MIN_WORKER_MEMORY_MB);
    assert.ok(defaultWorkerMemory(1) <= v8Limit);
  });

  test("a run's load check gets its workers' limit; with the games on other machines, one thread's", () => {
    assert.equal(loadCheckMemory({ workers: 4, workerMemory: 200, remote: false }), 200);
    assert.equal(loadCheckMemory({ workers: 4, workerMemory: 200, remote: true }), 200);
    assert.equal(loadCheckMemory({ workers: 64, remote: false }), defaultWorkerMemory(64));
    assert.equal(loadCheckMemory({ workers: 64, remote: true }), defaultWorkerMemory(1));
  });
});

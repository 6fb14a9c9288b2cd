// A coordinator whose Redis server goes away: one note rather than a stack trace at every try to
// reconnect, and closing it (a stopped run) still ends, instead of waiting for the server forever.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtinRegistry } from '../../../../src/app.ts';
import { Worker } from 'bullmq';
import { QueueRunner, queuedThreads } from '../../../../src/runner/job/remote/queue-runner.ts';
import { QUEUE_NAME, RedisLink, workerName } from '../../../../src/runner/job/remote/redis.ts';
import { PROMPT_MS } from '../../../helpers/patience.ts';
import { redisMissing, startRedis } from '../../../helpers/redis-server.ts';

test('a lost server is noted once and does not hold the runner open', { skip: redisMissing() ?? false }, async () => {
  const redis = await startRedis();
  const notes: string[] = [];
  const runner = await QueueRunner.open(redis.url, { registry: builtinRegistry(), warn: (text) => notes.push(text) });
  await redis.stop();
  // Long enough for ioredis to try again more than once.
  await sleep(1500);
  const started = performance.now();
  await runner.close();
  // Waiting for the server would be forever.
  const took = performance.now() - started;
  assert.ok(took < PROMPT_MS, `${took} ms`);
  const lost = notes.filter((note) => note.startsWith(`note: Redis at ${redis.url}: `));
  assert.equal(lost.length, 1, notes.join('\n'));
  assert.match(lost[0], /(ECONNREFUSED|ECONNRESET).*; waiting for it$/);
});

test(
  'only the workers of the URL’s own database count: another database’s never take its batches',
  { skip: redisMissing() ?? false },
  async () => {
    const redis = await startRedis();
    const link = await RedisLink.reach(redis.url);
    // A worker on database 0 that takes nothing: its connection is named as parlor's workers are.
    const worker = new Worker(QUEUE_NAME, async () => null, { connection: link.client, name: workerName('host:1', 3) });
    try {
      await worker.waitUntilReady();
      assert.equal(await queuedThreads(redis.url), 3);
      assert.equal(await queuedThreads(`${redis.url}/1`), 0);
      const notes: string[] = [];
      const runner = await QueueRunner.open(`${redis.url}/1`, { registry: builtinRegistry(), warn: (text) => notes.push(text) });
      await runner.close();
      assert.match(notes.join('\n'), /no parlor worker is taking batches from redis:\/\/127\.0\.0\.1:\d+\/1 yet/);
    } finally {
      await worker.close();
      link.close();
      await redis.stop();
    }
  },
);

test(
  'a server that does not let the user list its clients still takes the run, the workers then not counted',
  { skip: redisMissing() ?? false },
  async () => {
    const redis = await startRedis();
    const admin = await RedisLink.reach(redis.url);
    // As on hosted servers and ACLs that keep CLIENT LIST from their users: the queue works, the count does not.
    await admin.client.call('ACL', 'SETUSER', 'player', 'on', '>pw', '~*', '&*', '+@all', '-client|list');
    admin.close();
    const url = redis.url.replace('redis://', 'redis://player:pw@');
    try {
      assert.equal(await queuedThreads(url), null);
      const notes: string[] = [];
      const runner = await QueueRunner.open(url, { registry: builtinRegistry(), warn: (text) => notes.push(text) });
      await runner.close();
      assert.match(notes.join('\n'), /cannot tell which parlor workers take batches from redis:\/\/player:\*\*\*@127\.0\.0\.1:\d+/);
      assert.doesNotMatch(notes.join('\n'), /pw@/);
    } finally {
      await redis.stop();
    }
  },
);

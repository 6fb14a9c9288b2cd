// The Redis connection BullMQ runs on: URLs, and replies of every kind read back exactly, however
// the server's bytes are cut into chunks.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { maskPassword } from '../../../src/runner/remote/redis.ts';
import { parseRedisUrl, RespConnection } from '../../../src/runner/remote/resp.ts';
import { redisMissing, startRedis, type RedisServer } from '../../helpers/redis-server.ts';

describe('parseRedisUrl', () => {
  test('reads host, port, credentials, database and TLS, with the usual defaults', () => {
    assert.deepEqual(parseRedisUrl('redis://queue.example:7000/2'), {
      host: 'queue.example',
      port: 7000,
      tls: false,
      username: undefined,
      password: undefined,
      db: 2,
    });
    assert.deepEqual(parseRedisUrl('rediss://me:p%40ss@[::1]'), {
      host: '::1',
      port: 6379,
      tls: true,
      username: 'me',
      password: 'p@ss',
      db: 0,
    });
    assert.equal(parseRedisUrl('redis://:secret@host')?.password, 'secret');
    assert.equal(parseRedisUrl('redis://:secret@host')?.username, undefined);
  });

  test('refuses what is not a Redis URL', () => {
    for (const text of ['http://host:6379', 'localhost:6379', 'redis://host/db', '']) assert.equal(parseRedisUrl(text), null, text);
  });
});

describe('RespConnection', { skip: redisMissing() ?? false }, () => {
  let redis: RedisServer;
  let connection: RespConnection;

  before(async () => {
    redis = await startRedis();
    connection = new RespConnection(parseRedisUrl(redis.url)!);
    await connection.connect();
  });

  after(async () => {
    connection?.close();
    await redis?.stop();
  });

  test('answers each of many pipelined commands with its own reply', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'binary', maxLength: 200 }), { minLength: 1, maxLength: 40 }), async (values) => {
        await Promise.all(values.map((value, i) => connection.send('SET', [`key:${i}`, value])));
        const read = await Promise.all(values.map((_, i) => connection.send('GET', [`key:${i}`])));
        assert.deepEqual(read, values);
      }),
      { numRuns: 30 },
    );
  });

  test('reads integers, nulls, nested arrays, errors and replies larger than a socket chunk', async () => {
    assert.equal(await connection.send('DEL', ['list', 'missing']), 0);
    assert.equal(await connection.send('RPUSH', ['list', 'a', 'b\r\nc', '']), 3);
    assert.deepEqual(await connection.send('LRANGE', ['list', '0', '-1']), ['a', 'b\r\nc', '']);
    assert.equal(await connection.send('GET', ['missing']), null);
    assert.deepEqual(await connection.send('EVAL', ["return {1, {'x', 2}, false}", '0']), [1, ['x', 2], null]);
    await assert.rejects(connection.send('INCR', ['list']), /WRONGTYPE/);
    const large = 'x'.repeat(3_000_000);
    await connection.send('SET', ['large', Buffer.from(large)]);
    assert.equal(await connection.send('GET', ['large']), large);
    assert.equal(await connection.send('PING', []), 'PONG');
  });

  test('rejects what is sent after close, and what was waiting when the server went', async () => {
    const other = new RespConnection(parseRedisUrl(redis.url)!);
    await other.connect();
    const id = await other.send('CLIENT', ['ID']);
    const blocked = other.send('BLPOP', ['never', '0']);
    assert.equal(await connection.send('CLIENT', ['KILL', 'ID', String(id)]), 1);
    await assert.rejects(blocked, /Connection closed/);
    assert.equal(other.connected, false);
    await assert.rejects(other.send('PING', []), /Connection is closed/);
  });
});

describe('maskPassword', () => {
  test('hides the password of a URL, and only that', () => {
    assert.equal(maskPassword('redis://:s3cret@queue:6379/1'), 'redis://:***@queue:6379/1');
    assert.equal(maskPassword('rediss://me:p@ss@queue'), 'rediss://me:***@queue');
    assert.equal(maskPassword('redis://queue:6379'), 'redis://queue:6379');
    assert.equal(maskPassword('redis://me@queue'), 'redis://me@queue');
  });
});

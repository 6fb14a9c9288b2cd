// Reaching the queue's server: every way of failing to is one error naming the URL (its password
// masked), quickly and without retrying, and what was opened is closed again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { ErrorCodes, ParlorError } from '../../../../src/core/errors.ts';
import { maskPassword } from '../../../../src/runner/job/remote/redis-url.ts';
import { isConnectionError, RedisLink } from '../../../../src/runner/job/remote/redis.ts';
import { redisMissing, startRedis, type RedisServer } from '../../../helpers/redis-server.ts';
import { ROOT } from '../../../cli/cli.ts';
import { HUNG_MS, PROMPT_MS } from '../../../helpers/patience.ts';

async function refusal(url: string): Promise<{ error: ParlorError; seconds: number }> {
  const started = performance.now();
  const error = await RedisLink.reach(url).then(
    (link) => {
      link.close();
      return assert.fail(`${url} was reached`);
    },
    (error: unknown) => error,
  );
  assert.ok(error instanceof ParlorError, String(error));
  return { error, seconds: (performance.now() - started) / 1000 };
}

describe('isConnectionError', () => {
  test('tells a lost server (refused, reset, closed) from the errors of a connection that works', () => {
    const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
    for (const lost of [
      coded('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED'),
      coded('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection is closed.'),
    ])
      assert.ok(isConnectionError(lost), lost.message);
    assert.ok(!isConnectionError(new Error('could not renew lock for job 17')));
  });
});

describe('maskPassword', () => {
  test('hides the password of a URL, and only that', () => {
    assert.equal(maskPassword('redis://:s3cret@queue:6379/1'), 'redis://:***@queue:6379/1');
    assert.equal(maskPassword('rediss://me:p@ss@queue'), 'rediss://me:***@queue');
    assert.equal(maskPassword('redis://queue:6379'), 'redis://queue:6379');
    assert.equal(maskPassword('redis://me@queue'), 'redis://me@queue');
    // A password with a slash (as base64 ones have), typed unencoded: refused as no URL, and still masked.
    assert.equal(maskPassword('redis://:ab/cd+ef@queue:6379'), 'redis://:***@queue:6379');
    assert.equal(maskPassword('redis://me:a/b@c@queue/1'), 'redis://me:***@queue/1');
  });
});

describe('RedisLink.reach', () => {
  test('refuses what is not a Redis URL as bad input, its password masked', async () => {
    const slashed = await refusal('redis://:s3c/ret@127.0.0.1:6379');
    assert.doesNotMatch(slashed.error.message, /s3c|ret@/);
    for (const url of ['http://host:6379', 'localhost:6379', 'redis://host/db', '', 'redis://:s3cret@host/x']) {
      const { error } = await refusal(url);
      assert.equal(error.code, ErrorCodes.BAD_OPTION, url);
      assert.match(error.message, /^--redis must be a redis:\/\/ or rediss:\/\/ URL/);
      assert.doesNotMatch(error.message, /s3cret/);
    }
  });

  test('a port nobody listens on fails at once, with the reason', async () => {
    const { error, seconds } = await refusal('redis://127.0.0.1:1');
    assert.equal(error.code, ErrorCodes.REDIS_UNREACHABLE);
    // The refusal itself, not the probe's timeout; and no retrying, which would go on for ever.
    assert.match(error.message, /^cannot reach Redis at redis:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/);
    assert.ok(seconds * 1000 < PROMPT_MS, `${seconds}s`);
  });

  describe('a server that accepts and never answers', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    before(async () => {
      silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    after(() => {
      for (const socket of sockets) socket.destroy();
      silent.close();
    });

    test('fails once the probe has waited its few seconds, not for ever', async () => {
      const { port } = silent.address() as { port: number };
      const { error, seconds } = await refusal(`redis://127.0.0.1:${port}`);
      assert.equal(error.code, ErrorCodes.REDIS_UNREACHABLE);
      assert.match(error.message, /timed out/i);
      assert.ok(seconds * 1000 < PROMPT_MS, `${seconds}s`);
    });
  });

  describe('a port where another service answers', () => {
    let other: Server;
    before(async () => {
      // As an SSH server greets whoever connects: bytes that are no reply of Redis's.
      other = createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n'));
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    });
    after(() => other.close());

    test('says the address does not answer as Redis, not that a bug should be reported', async () => {
      const { port } = other.address() as { port: number };
      const { error, seconds } = await refusal(`redis://127.0.0.1:${port}`);
      assert.equal(error.code, ErrorCodes.REDIS_UNREACHABLE);
      assert.match(error.message, /^cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+: .*not a Redis server/);
      assert.doesNotMatch(error.message, /report/i);
      assert.ok(seconds * 1000 < PROMPT_MS, `${seconds}s`);
    });
  });

  describe('with a server', { skip: redisMissing() ?? false }, () => {
    let redis: RedisServer;
    before(async () => {
      redis = await startRedis();
      const link = await RedisLink.reach(redis.url);
      await link.client.config('SET', 'requirepass', 'S3CRET');
      link.close();
    });
    after(async () => await redis?.stop());

    const withPassword = (password: string, path = '') => redis.url.replace('redis://', `redis://:${password}@`) + path;

    test('a wrong password or a database the server lacks is refused, the password masked', async () => {
      const wrong = await refusal(withPassword('wrong'));
      assert.equal(wrong.error.code, ErrorCodes.REDIS_UNREACHABLE);
      assert.match(wrong.error.message, /^cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+: WRONGPASS/);
      assert.doesNotMatch(wrong.error.message, /wrong/);
      const none = await refusal(redis.url);
      assert.match(none.error.message, /NOAUTH/);
      const database = await refusal(withPassword('S3CRET', '/99'));
      assert.match(database.error.message, /DB index is out of range/);
      assert.doesNotMatch(database.error.message, /S3CRET/);
    });

    test('keeps parlor’s bytes exact, and a process that opened a queue ends once it is closed', async () => {
      const link = await RedisLink.reach(withPassword('S3CRET', '/2'));
      try {
        const bytes = Buffer.from([0, 255, 13, 10, 128, 36]);
        await link.client.set('parlor:test', bytes);
        assert.deepEqual(await link.client.getBuffer('parlor:test'), bytes);
      } finally {
        link.close();
      }
      // No process.exit(): the child ends only when no connection is left open.
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          "const { queuedThreads } = await import('./src/runner/job/remote/queue-runner.ts'); console.log(await queuedThreads(process.argv[1]));",
          withPassword('S3CRET'),
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), HUNG_MS);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(timer);
      assert.equal(code, 0, 'the process ended by itself');
      assert.equal(stdout.trim(), '0');
    });
  });
});

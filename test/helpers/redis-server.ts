// A Redis server of the test's own: a free port on 127.0.0.1, nothing saved to disk, killed when
// the test is done. Where redis-server is not installed, tests say so and skip.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisLink } from '../../src/runner/job/remote/redis.ts';

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Why Redis tests cannot run here, or null when redis-server is installed. */
export function redisMissing(): string | null {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return found.error || found.status !== 0 ? 'redis-server is not installed (Debian: apt-get install redis-server)' : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A server on a free port, or on `port` (to start one again where another was). A port found free
 * can be taken by another process before the server binds it: the server then exits at once, and
 * another free port is tried.
 */
export async function startRedis(port?: number): Promise<RedisServer> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOn(port ?? (await freePort()));
    if (typeof started !== 'string') return started;
    if (port !== undefined || attempt === 5) throw new Error(started);
  }
}

/** The server on `port`, or why it did not start there. */
async function startOn(port: number): Promise<RedisServer | string> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  let gone = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      gone = true;
      resolve();
    }),
  );
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      (await RedisLink.reach(url)).close();
      break;
    } catch (error) {
      if (gone) return `redis-server exited without starting on port ${port}: ${(error as Error).message}`;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        await exited;
        return `redis-server did not start on port ${port}: ${(error as Error).message}`;
      }
      await sleep(50);
    }
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

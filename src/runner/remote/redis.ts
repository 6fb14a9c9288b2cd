import { createBunRedisClient, type ConnectionOptions } from 'bullmq';
import { Errors } from '../../core/errors.ts';
import { parseRedisUrl, RespConnection, type RedisTarget } from './resp.ts';

/** The queue every parlor worker takes batches from. */
export const QUEUE_NAME = 'parlor-batches';

/** A worker's name on the server, `<host>:<pid>/<threads>`, as BullMQ reports it (after `:w:`): a coordinator counts the threads. */
export const WORKER_NAME = /:w:(.+)\/(\d+)$/;

export function workerName(identity: string, threads: number): string {
  return `${identity}/${threads}`;
}

// Long enough for a server across a network, short enough that a wrong address fails promptly.
const REACH_TIMEOUT_MS = 5000;

/**
 * One Redis server, as the coordinator and the workers use it: checked reachable once, then a
 * fresh connection for each BullMQ object (a worker blocks one of its own), all closed together.
 */
export class RedisLink {
  /** The server's URL with its password masked, for messages and logs. */
  readonly shown: string;
  private readonly target: RedisTarget;
  private readonly opened: RespConnection[] = [];

  private constructor(url: string, target: RedisTarget) {
    this.shown = maskPassword(url);
    this.target = target;
  }

  /** Connects and pings once: a wrong URL or an unreachable server is a one-line error naming the URL. */
  static async reach(url: string): Promise<RedisLink> {
    const target = parseRedisUrl(url);
    if (!target) throw Errors.badOption(`--redis must be a redis:// or rediss:// URL (redis://host:port), got '${maskPassword(url)}'`);
    const link = new RedisLink(url, target);
    const probe = link.raw();
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${REACH_TIMEOUT_MS / 1000} seconds`)), REACH_TIMEOUT_MS).unref(),
    );
    try {
      await Promise.race([probe.connect().then(() => probe.send('PING', [])), timeout]);
    } catch (error) {
      link.close();
      throw Errors.redisUnreachable(link.shown, reasonOf(error));
    } finally {
      probe.close();
    }
    return link;
  }

  /** A new connection for one BullMQ object. */
  connection(): ConnectionOptions {
    return createBunRedisClient(this.raw() as never) as ConnectionOptions;
  }

  /** Runs one command on a connection of its own (for parlor's own keys beside the queue). */
  async command(command: string, args: readonly unknown[]): Promise<unknown> {
    // Closed below, whatever happens: not one for close() to keep.
    const connection = new RespConnection(this.target);
    try {
      await connection.connect();
      return await connection.send(command, args);
    } finally {
      connection.close();
    }
  }

  /** Closes every connection opened through this link, the ones BullMQ reopened included. */
  close(): void {
    for (const connection of this.opened.splice(0)) connection.close();
  }

  private raw(): RespConnection {
    return new RespConnection(this.target, (connection) => this.opened.push(connection));
  }
}

/** The URL as given, its password (if any) replaced by stars. */
export function maskPassword(url: string): string {
  // Up to the last @ before the path: an unencoded @ in a password does not show its end.
  return url.replace(/^([a-z]+:\/\/[^:@/]*:)[^/]*@/i, '$1***@');
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
}

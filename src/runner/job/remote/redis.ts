import { isNotConnectionError, type Queue, type QueueEvents } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { Errors } from '../../../core/errors.ts';
import { maskPassword } from './redis-url.ts';

/** The queue every parlor worker takes batches from. */
export const QUEUE_NAME = 'parlor-batches';

/** A worker's name on the server, `<host>:<pid>/<threads>`, as BullMQ reports it (after `:w:`): a coordinator counts the threads. */
export const WORKER_NAME = /:w:(.+)\/(\d+)$/;

export function workerName(identity: string, threads: number): string {
  return `${identity}/${threads}`;
}

// Long enough for a server across a network, short enough that a wrong address fails promptly.
const REACH_TIMEOUT_MS = 3000;

/**
 * The probe tries once: a wrong address or password is the user's to fix, so retrying it would
 * only delay the message. Each of its steps (the connection, then every command) has the same limit.
 */
const PROBE: RedisOptions = {
  lazyConnect: true,
  connectTimeout: REACH_TIMEOUT_MS,
  commandTimeout: REACH_TIMEOUT_MS,
  retryStrategy: () => null,
  maxRetriesPerRequest: 0,
};

/**
 * BullMQ's workers and event readers block on their connections, and so require that commands
 * wait for a lost connection to come back rather than fail after some retries. ioredis reconnects
 * with a backoff of its own (at most one try every few seconds). Lazy: the blocking BullMQ objects
 * only copy this connection, and a copy connects on its first command.
 */
const SHARED: RedisOptions = { lazyConnect: true, maxRetriesPerRequest: null };

/**
 * One Redis server, as the coordinator and the workers use it: checked reachable once, then one
 * connection that BullMQ's objects share (those that block open copies of it, and close them
 * themselves) and parlor's own keys use.
 */
export class RedisLink {
  /** The server's URL with its password masked, for messages and logs. */
  readonly shown: string;
  /** Give it to BullMQ as `connection`; close() closes it. */
  readonly client: Redis;

  private constructor(url: string) {
    this.shown = maskPassword(url);
    this.client = new Redis(url, SHARED);
    // BullMQ reports the errors of the objects using the connection; unused, it has no one to tell.
    this.client.on('error', () => {});
  }

  /** Connects and pings once: a wrong URL or an unreachable server is a one-line error naming the URL. */
  static async reach(url: string): Promise<RedisLink> {
    if (!isRedisUrl(url))
      throw Errors.badOption(`--redis must be a redis:// or rediss:// URL (redis://host:port), got '${maskPassword(url)}'`);
    const probe = new Redis(url, PROBE);
    // ioredis rejects connect() with a bare "Connection is closed": the reason comes as an event.
    // It also goes on after a failed SELECT (a database the server does not have), on database 0.
    let failure: unknown = null;
    probe.on('error', (error) => (failure ??= error));
    try {
      await probe.connect();
      await probe.ping();
    } catch (error) {
      failure ??= error;
    } finally {
      // Disconnecting a connection that ended leaves a timer behind (ioredis waits for a close
      // event that has already been), holding the process for two seconds.
      if (probe.status !== 'end') probe.disconnect();
    }
    if (failure !== null) throw Errors.redisUnreachable(maskPassword(url), reasonOf(failure));
    return new RedisLink(url);
  }

  /**
   * A listener for the errors of the link's users: unheard, BullMQ prints each error with its
   * stack at every try to reconnect. `note` hears of a lost connection once, by its first error (a
   * reset read or a refused connection, as the timing falls), until the server answers again;
   * `other` hears every other error (a lock it could not renew, say), each time.
   */
  lossNoter(note: (error: Error) => void, other: (error: Error) => void = note): (error: Error) => void {
    let noted = false;
    this.client.on('ready', () => (noted = false));
    return (error) => {
      if (!isConnectionError(error)) other(error);
      else if (!noted) {
        note(error);
        noted = true;
      }
    };
  }

  /**
   * Resolves once the connection has been down (not ready) for CLOSE_MS on end: the server went
   * away, as far as closing politely is concerned. `cancel` stops the watch.
   */
  downAWhile(): { readonly down: Promise<void>; cancel(): void } {
    let cancel = () => {};
    const down = new Promise<void>((resolve) => {
      let since: number | null = null;
      const watch = setInterval(() => {
        if (this.client.status === 'ready') since = null;
        else if (Date.now() - (since ??= Date.now()) >= CLOSE_MS) {
          clearInterval(watch);
          resolve();
        }
      }, CLOSE_MS / 8);
      watch.unref();
      cancel = () => clearInterval(watch);
    });
    return { down, cancel };
  }

  close(): void {
    this.client.disconnect();
  }
}

/** The socket errors of a server going away, besides those BullMQ itself counts as a lost connection (see isConnectionError). */
const SOCKET_LOST = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

export function isConnectionError(error: Error): boolean {
  return !isNotConnectionError(error) || SOCKET_LOST.has(String((error as NodeJS.ErrnoException).code));
}

// Closing politely waits for the server's answer, forever when it is gone: past this, the
// connections are dropped.
const CLOSE_MS = 2000;

/** Closes BullMQ's objects, dropping their connections where the server has not answered within CLOSE_MS. */
export async function closeWithin(users: readonly (Queue | QueueEvents)[]): Promise<void> {
  const closed = Promise.allSettled(users.map((user) => user.close())).then(() => true);
  const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), CLOSE_MS).unref());
  if (await Promise.race([closed, late])) return;
  // Not awaited: BullMQ waits for an end that a connection dropped while reconnecting never sees.
  for (const user of users) user.disconnect().catch(() => {});
}

/** `redis://` or `rediss://`, with a database number or none as its path (ioredis would take anything for a host name). */
function isRedisUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'redis:' || url.protocol === 'rediss:') && /^\/?\d*$/.test(url.pathname);
  } catch {
    return false;
  }
}

/** ioredis's words for a reply no Redis server sends, which also ask for a bug report. */
const NOT_RESP = /^Unknown RESP type \d+ ("[^"]*")/;

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  // Another service (SSH, HTTP...) on the address: the URL is wrong, there is no bug to report.
  const foreign = NOT_RESP.exec(message);
  if (foreign !== null) return `what answers there is not a Redis server (its reply began with ${foreign[1]}); check the host and port`;
  return typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
}

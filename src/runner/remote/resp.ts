import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

/** Where a Redis server listens, from a redis:// or rediss:// URL. */
export interface RedisTarget {
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly username?: string;
  readonly password?: string;
  readonly db: number;
}

/** Parses `redis://[user:password@]host[:port][/db]` (rediss:// for TLS); null when it is not one. */
export function parseRedisUrl(text: string): RedisTarget | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return null;
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) return null;
  return {
    host: url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: url.port === '' ? 6379 : Number(url.port),
    tls: url.protocol === 'rediss:',
    username: url.username === '' ? undefined : decodeURIComponent(url.username),
    password: url.password === '' ? undefined : decodeURIComponent(url.password),
    db: db === '' ? 0 : Number(db),
  };
}

type Reply = string | number | null | Error | Reply[];

// A reply not fully received yet: parsing stops and waits for more bytes.
const INCOMPLETE = Symbol('incomplete');

/**
 * One connection to Redis speaking RESP2, in the shape BullMQ's adapter for Bun's built-in client
 * expects (`send`, `connected`, `connect`, `close`, `duplicate` and the `on...` callbacks): BullMQ
 * then needs no Redis driver package. Replies come back in the order commands were sent, so
 * commands are pipelined with one queue of pending answers. Bulk replies are read as UTF-8 text:
 * BullMQ's scripts return text, and parlor stores its own binary data as base64.
 */
export class RespConnection {
  onconnect: () => void = () => {};
  onclose: (error?: Error) => void = () => {};
  onerror: (error: Error) => void = () => {};
  private readonly target: RedisTarget;
  private socket: Socket | null = null;
  private open = false;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly pending: { resolve(value: Reply): void; reject(error: Error): void }[] = [];

  private readonly opened: (connection: RespConnection) => void;

  /** `opened` hears of this connection and of every duplicate made from it (BullMQ reconnects through them). */
  constructor(target: RedisTarget, opened: (connection: RespConnection) => void = () => {}) {
    this.target = target;
    this.opened = opened;
    opened(this);
  }

  get connected(): boolean {
    return this.open;
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const { host, port } = this.target;
      const socket = this.target.tls ? connectTls({ host, port, servername: host }) : connectTcp({ host, port });
      this.socket = socket;
      socket.setNoDelay(true);
      const failed = (error: Error) => {
        socket.destroy();
        reject(error);
      };
      socket.once('error', failed);
      socket.once(this.target.tls ? 'secureConnect' : 'connect', () => {
        socket.off('error', failed);
        socket.on('error', (error) => this.onerror(error));
        this.open = true;
        this.login().then(() => {
          this.onconnect();
          resolve();
        }, failed);
      });
      socket.on('data', (chunk: Buffer) => this.receive(chunk));
      socket.on('close', () => {
        const wasOpen = this.open;
        this.open = false;
        this.socket = null;
        for (const waiting of this.pending.splice(0)) waiting.reject(new Error('Connection closed'));
        if (wasOpen) this.onclose();
      });
    });
  }

  send(command: string, args: readonly unknown[]): Promise<any> {
    const socket = this.socket;
    if (!this.open || socket === null) return Promise.reject(new Error('Connection is closed.'));
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject: (error) => reject(error) });
      socket.write(encodeCommand(command, args));
    }).then((reply) => {
      if (reply instanceof Error) throw reply;
      return reply;
    });
  }

  close(): void {
    this.open = false;
    this.socket?.destroy();
  }

  disconnect(): void {
    this.close();
  }

  async duplicate(): Promise<RespConnection> {
    return new RespConnection(this.target, this.opened);
  }

  private async login(): Promise<void> {
    const { username, password, db } = this.target;
    if (password !== undefined) await this.send('AUTH', username === undefined ? [password] : [username, password]);
    if (db !== 0) await this.send('SELECT', [String(db)]);
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    let offset = 0;
    try {
      while (this.pending.length > 0) {
        const parsed = parseReply(this.buffer, offset);
        if (parsed === INCOMPLETE) break;
        offset = parsed.end;
        (this.pending.shift() as (typeof this.pending)[number]).resolve(parsed.value);
      }
    } catch (error) {
      // Not Redis on the other end: nothing more it sends can be read.
      this.socket?.destroy(error as Error);
      return;
    }
    this.buffer = this.buffer.subarray(offset);
  }
}

function encodeCommand(command: string, args: readonly unknown[]): Buffer {
  const parts = [command, ...args].map((arg) =>
    Buffer.isBuffer(arg) ? arg : Buffer.from(arg === null || arg === undefined ? '' : String(arg)),
  );
  const pieces: Buffer[] = [Buffer.from(`*${parts.length}\r\n`)];
  for (const part of parts) pieces.push(Buffer.from(`$${part.length}\r\n`), part, Buffer.from('\r\n'));
  return Buffer.concat(pieces);
}

function parseReply(buffer: Buffer, start: number): { value: Reply; end: number } | typeof INCOMPLETE {
  const lineEnd = buffer.indexOf('\r\n', start);
  if (lineEnd < 0) return INCOMPLETE;
  const kind = String.fromCharCode(buffer[start]);
  const line = buffer.toString('utf8', start + 1, lineEnd);
  const next = lineEnd + 2;
  switch (kind) {
    case '+':
      return { value: line, end: next };
    case '-':
      return { value: new Error(line), end: next };
    case ':':
      return { value: Number(line), end: next };
    case '$': {
      const length = Number(line);
      if (length < 0) return { value: null, end: next };
      if (buffer.length < next + length + 2) return INCOMPLETE;
      return { value: buffer.toString('utf8', next, next + length), end: next + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { value: null, end: next };
      const items: Reply[] = [];
      let end = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, end);
        if (item === INCOMPLETE) return INCOMPLETE;
        items.push(item.value);
        end = item.end;
      }
      return { value: items, end };
    }
    default:
      throw new Error(`unexpected reply from Redis: ${JSON.stringify(buffer.toString('utf8', start, lineEnd))}`);
  }
}

import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { Forfeit } from '../../core/forfeits.ts';
import type { BotCommand } from '../command.ts';
import type { FramingKind } from '../../core/wire.ts';
import type { Channel, ChannelEnds, ChannelRefusal, Confinement } from './channel.ts';
import { createFramer } from './framing.ts';
import { channelFolder } from './sandbox.ts';

/**
 * The SpeedClue contest's transport: the server listens on a free port and starts each bot with
 * an identifier and that port on its command line; the bot connects and says `<identifier> alive`
 * before anything else, and keeps the connection for the whole run. Here the port is bound to the
 * loopback interface only (the original binds every interface) and is shared by the bots of this
 * process that talk one framing, while any of them is starting or running.
 */
export class BotPort {
  readonly port: number;
  readonly framing: FramingKind;
  private readonly server: Server;
  /** Bots started and not yet connected, by identifier in lower case (the greeting's case is free). */
  private readonly waiting = new Map<string, Arrival>();
  /** Connections whose greeting has not come yet: closed with the port. */
  private readonly greeting = new Set<Socket>();
  private users = 0;
  private closed = false;

  private constructor(server: Server, port: number, framing: FramingKind) {
    this.server = server;
    this.port = port;
    this.framing = framing;
    server.on('connection', (socket) => this.greet(socket));
  }

  static open(framing: FramingKind): Promise<BotPort> {
    return new Promise((resolve, reject) => {
      // Each message is one write: Nagle's delay would only hold the lock-step exchange back.
      const server = createServer({ noDelay: true });
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: 0 }, () => {
        server.off('error', reject);
        resolve(new BotPort(server, (server.address() as { port: number }).port, framing));
      });
    });
  }

  /** Awaits the connection of the bot `identifier`, about to be started. */
  arrival(identifier: string): Arrival {
    const key = identifier.toLowerCase();
    const arrival = new Arrival(identifier, () => this.waiting.delete(key));
    this.waiting.set(key, arrival);
    return arrival;
  }

  /**
   * A unix socket at `path` where the bot `identifier` alone may arrive, greeting as on the port: a
   * sandboxed bot has no network, and reaches parlor through it (see sandbox.ts).
   */
  listenFor(identifier: string, path: string): Server {
    const owner = identifier.toLowerCase();
    const server = createServer((socket) => this.greet(socket, owner));
    server.on('error', (error) =>
      this.waiting.get(owner)?.refuse({ failure: Forfeit.CRASHED, detail: `parlor could not listen for it: ${error.message}` }),
    );
    server.listen(path);
    return server;
  }

  /**
   * Reads a new connection's first message and hands the connection to the bot it names. On the
   * port only the greeting's first word tells who sent it, so a refused greeting is charged to the
   * bot it names, and one naming no bot still awaited is closed and charged to nobody: another bot
   * may be starting meanwhile, and blaming it would punish a bot for what it never sent. Such is a
   * second connection from a bot already connected, which keeps playing on its first: the
   * contest's server accepts one connection per bot it starts and never reads another, so it does
   * not punish that bot either (its backlog hands the stray to the next bot started, which then
   * fails to start; that is not copied). On a bot's own socket (`owner`), that bot is the one that
   * sent it, and may greet only as itself.
   */
  private greet(socket: Socket, owner?: string): void {
    this.greeting.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => this.greeting.delete(socket));
    const framer = createFramer(this.framing, GREETING_LENGTH);
    const onData = (chunk: Buffer) => {
      const pushed = framer.push(chunk, 1);
      if ('messages' in pushed && pushed.messages.length === 0) return;
      socket.off('data', onData);
      this.greeting.delete(socket);
      const said = 'messages' in pushed ? pushed.messages[0] : '';
      const named = /^\S+/.exec(said)?.[0].toLowerCase();
      const sender = owner ?? named;
      const arrival = sender === undefined ? undefined : this.waiting.get(sender);
      const greeted = named === sender && /^\S+ alive$/i.test(said);
      if (arrival && 'messages' in pushed && greeted && pushed.rest === '') {
        arrival.connect(socket);
        return;
      }
      socket.destroy();
      if (!arrival) {
        if (owner !== undefined) return;
        const what = 'failure' in pushed ? pushed.detail : `greeted with ${quote(said)}`;
        for (const waiting of this.waiting.values()) waiting.turnAway(what);
        return;
      }
      if ('failure' in pushed) arrival.refuse({ failure: pushed.failure, detail: `greeted with a ${pushed.detail}` });
      else if (greeted) arrival.refuse({ failure: Forfeit.FLOODED, detail: `wrote ${quote(pushed.rest)} after '${said}'` });
      else arrival.refuse({ failure: Forfeit.MALFORMED, detail: `greeted with ${quote(said)}, not '${arrival.identifier} alive'` });
    };
    socket.on('data', onData);
  }

  /** One more bot uses the port; each `retain` is paired with a `release`. */
  retain(): void {
    this.users++;
  }

  /** Closes the port once no bot uses it (the connections handed to bots stay theirs). */
  release(): void {
    if (--this.users > 0 || this.closed) return;
    this.closed = true;
    if (shared.get(this.framing) === this) shared.delete(this.framing);
    for (const socket of this.greeting) socket.destroy();
    this.server.close();
  }
}

/** The longest greeting read: an identifier is a word. */
const GREETING_LENGTH = 512;

/** The connection one started bot is awaited on: its socket, or why it will not come. */
export class Arrival {
  readonly identifier: string;
  readonly settled: Promise<Socket | ChannelRefusal | null>;
  private settle!: (result: Socket | ChannelRefusal | null) => void;
  private readonly onSettled: () => void;
  private done = false;
  /** What the latest connection charged to nobody did, closed while this bot was awaited. */
  turnedAway: string | null = null;

  constructor(identifier: string, onSettled: () => void) {
    this.identifier = identifier;
    this.onSettled = onSettled;
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  connect(socket: Socket): void {
    if (this.done) socket.destroy();
    else this.finish(socket);
  }

  refuse(refusal: ChannelRefusal): void {
    if (!this.done) this.finish(refusal);
  }

  /**
   * A connection charged to nobody was closed meanwhile: kept for the words of this bot's timeout,
   * since a bot that greets with a wrong identifier is closed the same way and is told nothing else.
   */
  turnAway(what: string): void {
    if (!this.done) this.turnedAway = what;
  }

  /** No longer awaited (given up on): a connection that still comes is closed. */
  cancel(): void {
    if (!this.done) this.finish(null);
  }

  private finish(result: Socket | ChannelRefusal | null): void {
    this.done = true;
    this.onSettled();
    this.settle(result);
  }
}

const shared = new Map<FramingKind, BotPort>();
const opening = new Map<FramingKind, Promise<BotPort>>();

/**
 * The port every TCP bot of this process with `framing` connects to, opened when the first needs
 * it and closed when the last is gone. It is retained for the caller, who releases it once.
 */
export async function sharedBotPort(framing: FramingKind): Promise<BotPort> {
  let port = shared.get(framing);
  if (port === undefined) {
    let pending = opening.get(framing);
    if (pending === undefined) {
      pending = BotPort.open(framing).finally(() => opening.delete(framing));
      opening.set(framing, pending);
    }
    const opened = await pending;
    port = shared.get(framing) ?? opened;
    shared.set(framing, port);
  }
  port.retain();
  return port;
}

let named = 0;

/** A fresh identifier for a bot of this parlor process (it holds the process id). */
export function freshIdentifier(): string {
  return `p${process.pid.toString(36)}t${(++named).toString(36)}`;
}

/** The launch file's identifier mark: a word (or part of one) in braces. */
export const IDENTIFIER_MARK = /\{([^{}\s]+)\}/g;

/**
 * The contest's substitutions in one launch command: the identifier in braces becomes
 * `identifier` (the launch file's own, without its braces; a fresh one for a `cmd:` bot) and `%%`
 * the port, wherever they stand in a word. A command with neither gets the two appended, as
 * every sample client takes them (`<identifier> <port>`).
 */
export function substituteLaunch(command: BotCommand, identifier: string, port: number): BotCommand {
  const words = [command.program, ...command.args];
  const marked = words.some((word) => word.includes('%%') || new RegExp(IDENTIFIER_MARK.source).test(word));
  const substituted = marked
    ? words.map((word) => word.replace(IDENTIFIER_MARK, () => identifier).replaceAll('%%', String(port)))
    : [...words, identifier, String(port)];
  return { program: substituted[0], args: substituted.slice(1) };
}

const GIVE_UP_POLL_MS = 10;

/**
 * One bot's connection on a port: its identifier and the port go on its command line. A sandboxed
 * bot connects to the same port number in its sandbox, which leads to a unix socket of its own.
 */
export class TcpChannel implements Channel {
  readonly openTimeoutMs: number;
  readonly identifier: string;
  private readonly port: BotPort;
  private readonly arrival: Arrival;
  private disposed = false;
  /** A sandboxed bot's socket and the folder it is in, closed once the bot has connected. */
  private own: { readonly server: Server; readonly folder: string } | null = null;
  private connected = false;

  /** Takes over one `retain` of `port`, released when the channel is disposed of. */
  constructor(port: BotPort, identifier: string, openTimeoutMs: number) {
    this.port = port;
    this.identifier = identifier;
    this.openTimeoutMs = openTimeoutMs;
    this.arrival = port.arrival(identifier);
  }

  get awaiting(): string | null {
    if (this.connected) return null;
    const turnedAway = this.arrival.turnedAway;
    const note = turnedAway === null ? '' : ` (a connection that ${turnedAway} was turned away meanwhile)`;
    return `connect to port ${this.port.port} and say '${this.identifier} alive'${note}`;
  }

  command(command: BotCommand): BotCommand {
    return substituteLaunch(command, this.identifier, this.port.port);
  }

  async open(giveUp: () => boolean): Promise<ChannelEnds | ChannelRefusal | null> {
    const poll = setInterval(() => {
      if (giveUp()) this.arrival.cancel();
    }, GIVE_UP_POLL_MS);
    const result = await this.arrival.settled;
    clearInterval(poll);
    // One connection per bot: a sandboxed bot's socket takes no more.
    this.closeOwn();
    if (result === null || 'failure' in result) return result;
    this.connected = true;
    return { sink: result, source: result };
  }

  confine(): Confinement {
    const folder = channelFolder();
    const socket = join(folder, 'port.sock');
    this.own = { server: this.port.listenFor(this.identifier, socket), folder };
    return { forward: { socket, port: this.port.port } };
  }

  private closeOwn(): void {
    if (this.own === null) return;
    this.own.server.close();
    rmSync(this.own.folder, { recursive: true, force: true });
    this.own = null;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.arrival.cancel();
    this.closeOwn();
    this.port.release();
  }
}

function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text);
}

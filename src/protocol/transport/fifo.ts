import { closeSync, constants, existsSync, open, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { BotCommand } from '../command.ts';
import type { Channel, ChannelEnds, Confinement } from './channel.ts';
import { channelFolder } from './sandbox.ts';

/**
 * Named pipes created by the bot, as the Hearts competition's C template does: a bot started
 * with the name `n` makes /tmp/nIn, which it reads, and /tmp/nOut, which it writes, then opens
 * its In (waiting for the server) and then its Out. The server opens them in the same order.
 */
export interface FifoPaths {
  /** What the server writes and the bot reads. */
  readonly botIn: string;
  /** What the bot writes and the server reads. */
  readonly botOut: string;
}

/** The template's paths for a bot named `name` (a fixed /tmp, as the template has it). */
export function fifoPaths(name: string): FifoPaths {
  return { botIn: `/tmp/${name}In`, botOut: `/tmp/${name}Out` };
}

let named = 0;

/**
 * A fresh bot name, short enough for the protocol's 15-character names and unique among the FIFOs
 * of every bot on the machine: the process id tells concurrent runs apart, the thread id the
 * worker threads of one run, and the counter the bots of one thread. A name whose FIFOs are
 * already there (left by a run that was killed, whose process id came round again) is passed over.
 */
export function freshFifoName(): string {
  for (;;) {
    const name = `p${process.pid.toString(36)}t${threadId.toString(36)}x${(++named).toString(36)}`;
    const paths = fifoPaths(name);
    if (!existsSync(paths.botIn) && !existsSync(paths.botOut)) return name;
  }
}

const RETRY_MS = 5;

/**
 * Opens one end of a FIFO without blocking a thread: non-blocking opens, retried while the bot
 * has not made the file yet or (for writing) has not opened it for reading. Resolves to the open
 * end, or to null once `give up` says so (the deadline passed, or the bot is being stopped).
 */
export async function openFifoEnd(path: string, forWriting: boolean, giveUp: () => boolean): Promise<Socket | null> {
  const flags = (forWriting ? constants.O_WRONLY : constants.O_RDONLY) | constants.O_NONBLOCK;
  for (;;) {
    if (giveUp()) return null;
    const fd = await new Promise<number | NodeJS.ErrnoException>((resolve) => open(path, flags, (error, fd) => resolve(error ?? fd)));
    if (typeof fd === 'number') {
      if (giveUp()) {
        closeSync(fd);
        return null;
      }
      // A libuv pipe handle: reads and writes wait in the event loop, never in a thread. It closes
      // the descriptor itself, unseen by fs: threads hosting bots do not track fs.open's (bot-threads.ts).
      try {
        return new Socket({ fd, readable: !forWriting, writable: forWriting });
      } catch (error) {
        // No pipe (a bot made a plain file there): refused, and nothing holds the descriptor but this.
        closeSync(fd);
        throw error;
      }
    }
    // ENOENT: not made yet; ENXIO: made, but nobody reads it yet.
    if (fd.code !== 'ENOENT' && fd.code !== 'ENXIO') throw fd;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/** Removes a bot's FIFOs once it is gone (the template never does). */
export function removeFifos(paths: FifoPaths): void {
  for (const path of [paths.botIn, paths.botOut]) rmSync(path, { force: true });
}

/**
 * The FIFO channel of one bot: its name goes on its command line, and its FIFOs go with it. A
 * sandboxed bot makes them in its own /tmp, a folder of parlor's that holds nothing else.
 */
export class FifoChannel implements Channel {
  readonly name: string;
  readonly openTimeoutMs: number;
  /** Where parlor opens the FIFOs. */
  paths: FifoPaths;
  /** Where the bot makes them, as it is told of them: the same but in a sandbox. */
  private readonly named: FifoPaths;
  awaiting: string | null;
  /** The sandboxed bot's /tmp, removed with it. */
  private folder: string | null = null;

  constructor(name: string, openTimeoutMs: number) {
    this.name = name;
    this.openTimeoutMs = openTimeoutMs;
    this.paths = this.named = fifoPaths(name);
    this.awaiting = `open ${this.named.botIn}`;
  }

  /** The name goes last, as the template takes it. */
  command(command: BotCommand): BotCommand {
    return { program: command.program, args: [...command.args, this.name] };
  }

  /** The server's order: the bot's In for writing (the bot waits on that), then its Out for reading. */
  async open(giveUp: () => boolean): Promise<ChannelEnds | null> {
    const sink = await openFifoEnd(this.paths.botIn, true, giveUp);
    if (sink === null) return null;
    this.awaiting = `open ${this.named.botOut}`;
    const source = await openFifoEnd(this.paths.botOut, false, giveUp);
    if (source === null) {
      sink.destroy();
      return null;
    }
    this.awaiting = null;
    return { sink, source };
  }

  confine(): Confinement {
    this.folder = channelFolder();
    this.paths = { botIn: join(this.folder, `${this.name}In`), botOut: join(this.folder, `${this.name}Out`) };
    return { tmp: this.folder };
  }

  dispose(): void {
    removeFifos(this.paths);
    if (this.folder !== null) rmSync(this.folder, { recursive: true, force: true });
  }
}

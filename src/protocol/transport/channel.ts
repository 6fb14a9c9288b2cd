import type { Readable, Writable } from 'node:stream';
import type { BotCommand } from '../command.ts';

/** The two ends a bot's messages travel on, seen from parlor (one socket may be both). */
export interface ChannelEnds {
  readonly sink: Writable;
  readonly source: Readable;
}

/** Why a bot's side of a channel was refused (a forfeit reason, and words for the log). */
export interface ChannelRefusal {
  readonly failure: number;
  readonly detail: string;
}

/**
 * A way to reach a bot other than its own stdin and stdout, which are the default: FIFOs the bot
 * makes (fifo.ts), or a socket it connects to, told the port on its command line (tcp.ts).
 */
export interface Channel {
  /** The bot's command line with what the channel adds (the FIFOs' name; an identifier and a port). */
  command(command: BotCommand): BotCommand;
  /** How long the bot has to set its side up. */
  readonly openTimeoutMs: number;
  /** What the bot has still to do, as words after 'did not' ('open /tmp/nIn'); null once open. */
  readonly awaiting: string | null;
  /**
   * Opens the ends once the bot runs, never blocking the event loop; null once `giveUp` says so,
   * or a refusal when what the bot did cannot be accepted. Throws when an end cannot be opened at all.
   */
  open(giveUp: () => boolean): Promise<ChannelEnds | ChannelRefusal | null>;
  /** Removes what the channel leaves behind (the bot's FIFOs, its place on the port): once the bot is gone, or at exit. */
  dispose(): void;
}

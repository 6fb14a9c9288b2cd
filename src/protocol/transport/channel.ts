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
 * What a sandboxed bot's channel brings into its sandbox (see sandbox.ts), made for that bot alone:
 * nothing else of parlor's or of other bots' is in sight of it.
 */
export interface Confinement {
  /** A folder of parlor's, the bot's /tmp in the sandbox: where it makes its FIFOs. */
  readonly tmp?: string;
  /** A unix socket of parlor's that the bot reaches as 127.0.0.1:`port` in its sandbox, which has no other network. */
  readonly forward?: { readonly socket: string; readonly port: number };
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
  /**
   * Makes the channel reachable from a sandbox, before the bot is started: what the bot sees of it
   * there is what the returned confinement brings in.
   */
  confine(): Confinement;
  /** Removes what the channel leaves behind (the bot's FIFOs, its place on the port): once the bot is gone, or at exit. */
  dispose(): void;
}

import type { Readable, Writable } from 'node:stream';

/** The two ends a bot's messages travel on, seen from parlor. */
export interface ChannelEnds {
  readonly sink: Writable;
  readonly source: Readable;
}

/**
 * A way to reach a bot other than its own stdin and stdout, which are the default: FIFOs the bot
 * makes (fifo.ts); a socket the bot connects to would be another (the bot told the port by an
 * argument, accepted within the timeout).
 */
export interface Channel {
  /** Added to the bot's command line (the FIFOs' name). */
  readonly args: readonly string[];
  /** How long the bot has to set its side up. */
  readonly openTimeoutMs: number;
  /** What is still awaited (a FIFO's path), in words for a timeout; null once open. */
  readonly awaiting: string | null;
  /**
   * Opens the ends once the bot runs, never blocking the event loop; null once `giveUp` says so.
   * Throws when an end cannot be opened at all.
   */
  open(giveUp: () => boolean): Promise<ChannelEnds | null>;
  /** Removes what the channel leaves behind (the bot's FIFOs): once the bot is gone, or at exit. */
  dispose(): void;
}

import type { GameEvent } from '../core/events.ts';
import type { PlayerView, RuleValues } from '../core/game.ts';

/**
 * What hosting a game's manager protocol needs beyond the Game contract, which already formats
 * each record as the lines a seat receives (formatEvent) and parses replies (parseAction).
 */
export interface ManagerProtocol {
  /** Whether the greeting's first line asks the bot for its name (sent before the rest of it). */
  asksName(rules: RuleValues): boolean;
  /** The seat this record puts out of the round, or -1. Its bot is stopped after reading it. */
  seatLeaving(event: GameEvent): number;
  /** Whether this record ends the round: every bot is stopped. */
  endsRound(event: GameEvent): boolean;
  /**
   * The bot side: reads what the manager sends back into records. `players` is the table size
   * to assume when the greeting does not say it (the classic handshake).
   */
  createReader(rules: RuleValues, players: number): ProtocolReader;
}

/** What one line from the manager was. */
export const LineKind = {
  /** A message; its records went to `emit`. */
  MESSAGE: 0,
  /** The greeting asked for the bot's name: answer with one line. */
  NAME_ASKED: 1,
  /** Not a message of this protocol. */
  UNKNOWN: 2,
} as const;

export type LineKindCode = (typeof LineKind)[keyof typeof LineKind];

/** Whether a record asks the bot to play. */
export const Due = {
  NONE: 0,
  /** A play is asked: the strategy chooses it. */
  PLAY: 1,
  /**
   * A play is asked, but by the bot's own rules the record put it out, and the manager should say
   * so instead. A manager with other rules waits for a move: the bot answers with a listed one.
   */
  PLAY_WHILE_OUT: 2,
} as const;

export type DueCode = (typeof Due)[keyof typeof Due];

/**
 * Turns the manager's lines back into the log records they were made from, the inverse of the
 * game's formatEvent for one seat, so a strategy behind the protocol is informed exactly as it
 * would be in-process.
 */
export interface ProtocolReader {
  /** The seat the greeting gave this bot; -1 before it. */
  readonly seat: number;
  readonly players: number;
  read(line: string, emit: (event: GameEvent) => void): LineKindCode;
  /** What the bot must answer now, its view updated with `event`. */
  decisionDue(event: GameEvent, view: PlayerView): DueCode;
  /** The legal actions as the game would list them, worked out from what the view knows. */
  legalActions(view: PlayerView, out: Int32Array): number;
}

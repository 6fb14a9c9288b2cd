import type { GameEvent } from './events.ts';
import type { PlayerView } from './player-view.ts';
import type { RuleValues } from './rule-options.ts';

/**
 * A game's wire protocol: how its competition server talks to bots, apart from the game's rules.
 * Each game declares one in `src/games/<id>/wire/`; `protocols.ts` finds it by game id. The host
 * (`host.ts`) plays the server side over a transport, `parlor bot` the client side.
 */
export interface WireProtocol {
  readonly game: string;
  /** How long one bot process lives: a round (Love Letter), a game, or the whole run (Hearts). */
  readonly lifecycle: Lifecycle;
  /** The channels a bot of this game can be reached on; the first is the original server's. */
  readonly channels: readonly ChannelKind[];
  /** The original server's framing. */
  readonly framing: FramingKind;
  /** Framings a bot may ask for instead (bots written for a port of the server that frames otherwise). */
  readonly otherFramings?: readonly FramingKind[];
  /**
   * Whether the game's transcript lines are its protocol's messages already (Love Letter's); for
   * the others a hosted game's transcript adds each message as sent and each reply as received.
   */
  readonly transcriptIsWire?: boolean;
  /**
   * The most payload bytes a reply may declare, where the original server reads replies into a
   * buffer that size and a longer one fails (Hearts' 20 bytes in its faithful profile). A longer
   * reply forfeits as any reply over the transport's own cap does; absent, that cap alone holds.
   */
  replyLimit?(rules: RuleValues): number;
  /** Whether a round's opening greeting asks each bot its name (transcripts keep the reply's place). */
  greetsEachRound(rules: RuleValues): boolean;
  /**
   * What becomes of a bot kept beyond a round once its seat forfeits: `restart` (the default: a
   * fresh bot for the seat's next decision, so a late answer cannot be read as the next one),
   * `keep` (its bad reply was answered by the rules and it plays on), or `disqualify` (no bot
   * again this game: every later decision of the seat is forfeited at once). `silent` tells a bot
   * that did not answer at all (timed out, died, flooded) from one that answered badly.
   */
  afterForfeit?(rules: RuleValues, silent: boolean): BotFate;
  /** The server's side of one seat, for the whole of a table's life (it may keep per-seat state). */
  server(rules: RuleValues, players: number, seat: number): ServerSeat;
  /**
   * The bot's side; `players` is the table size to assume until the server says it, absent where
   * nobody said it (the client then makes its own assumption, and must not play on it blindly).
   */
  client(rules: RuleValues, players?: number): ClientSeat;
}

export type Lifecycle = 'round' | 'game' | 'session';

export type BotFate = 'restart' | 'keep' | 'disqualify';

/** Where a bot's messages travel: its stdin/stdout, FIFOs it creates, or a socket it connects to. */
export type ChannelKind = 'stdio' | 'fifo' | 'tcp';

/**
 * How messages are cut out of the byte stream: newline-ended lines, a VLQ length and a NUL-ended
 * payload, or raw unterminated text, one message per read (see RawFramer).
 */
export type FramingKind = 'lines' | 'vlq-nul' | 'raw';

export const CHANNEL_KINDS: readonly ChannelKind[] = ['stdio', 'fifo', 'tcp'];

export const FRAMING_KINDS: readonly FramingKind[] = ['lines', 'vlq-nul', 'raw'];

/** One message from the server to a bot, and what the bot must answer. */
export interface Outbound {
  readonly text: string;
  /**
   * `name`: read the bot's name before sending anything more; `ack`: read the set answer `ack`
   * before sending anything more (a lock-step protocol's `ok`); `decision`: a play is asked;
   * `aside`: an answer the game needs nothing from (the original Dominion server's cleanup with no
   * choice to make), read before anything more is sent and set aside.
   */
  readonly expects: 'nothing' | 'name' | 'ack' | 'decision' | 'aside';
  /** The answer an `ack` message wants, in any case. */
  readonly ack?: string;
  /** Payload bytes to pad the frame to, where a faithful server pads (0: none). */
  readonly padTo?: number;
}

/** A bot's reply that is no move, with the reason code the forfeit is recorded under. */
export interface InvalidReply {
  readonly invalid: number;
  readonly detail: string;
  /**
   * The decision the reply answered, where it is not the one the engine awaits or where the game's
   * rules tell a reply read as that decision's from one that could not be read (Game.forfeit's `answered`).
   */
  readonly answered?: number;
}

/**
 * What a bot's reply stands for: `count` actions written to the caller's buffer, or an invalid
 * move. A reply that stands for several decisions may go wrong part-way: the actions before the
 * fault are played, then `then` is the seat's forfeit, as the game's rules handle a bad answer.
 */
export type Decoded = { readonly count: number; readonly then?: InvalidReply } | InvalidReply;

/** The server side of one seat. Returned arrays may be reused by the next call: send them at once. */
export interface ServerSeat {
  /** Messages that open a new connection to the bot, before anything else (Hearts' `@`). */
  open(): readonly Outbound[];
  /** The messages this seat is sent for a record addressed to it; may hold records back and send them later. */
  encode(event: GameEvent): readonly Outbound[];
  /** Whether the bot's connection ends once this record is delivered (a Love Letter player out, a round over). */
  endsConnection(event: GameEvent): boolean;
  /** The message asking for a decision, or null where the records already ask (Love Letter's draw). */
  request(): Outbound | null;
  /** Reads the bot's reply to a decision into actions, written to `out`. */
  decode(reply: string, players: number, out: Int32Array): Decoded;
  /** Messages that end the connection (Hearts' `;`). */
  close(): readonly Outbound[];
  /**
   * Why the bot's answer to its name request (null: it gave none) costs it the game, or null to
   * play on. A refused bot is disqualified for the game (every decision of its seat forfeited,
   * with this reason; a bot that gave no answer, with the reason it gave none) and stopped.
   */
  nameRefused?(reply: string | null): InvalidReply | null;
  /**
   * Why the answer to an `aside` message is not the one it must be (a request that decides
   * nothing still asks for a certain answer), or null. It is counted as a forfeit of the seat and
   * costs nothing more: the request decided nothing, and the game has gone on as the server it
   * stands for goes on after such an answer (the original Dominion server's cleanup).
   */
  asideRefused?(reply: string): InvalidReply | null;
  /** The seat forfeited its decision (a bad reply, or no reply): what the game does then is not announced. */
  forfeited?(): void;
}

/** What one message from the server was, to the bot. */
export const LineKind = {
  /** A message; its records went to `emit`. */
  MESSAGE: 0,
  /** The server asked for the bot's name: answer with it. */
  NAME_ASKED: 1,
  /** Not a message of this protocol. */
  UNKNOWN: 2,
  /** The message itself asks for a play (Hearts' `[`). */
  PLAY_ASKED: 3,
  /** The server ends the session (Hearts' `;`): the bot stops. */
  END: 4,
  /** The server checks that the bot is there (Hearts' `^`): it answers with the same message. */
  PING: 5,
  /** The message wants a set answer before the server goes on (SpeedClue's `ok`): `ClientSeat.acknowledgement`. */
  ACK: 6,
  /** The message asks for an answer that decides nothing: the bot gives `answer()`, the strategy is not asked. */
  ANSWER_ASIDE: 7,
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
 * The bot side of one seat: turns the server's messages back into the log records they were made
 * from, so a strategy behind the protocol is informed exactly as it would be in-process, and
 * writes its replies.
 */
export interface ClientSeat {
  /** The seat the server gave this bot; -1 before it said. */
  readonly seat: number;
  readonly players: number;
  read(message: string, emit: (event: GameEvent) => void): LineKindCode;
  /** What the bot must answer now, its view updated with `event`. */
  decisionDue(event: GameEvent, view: PlayerView): DueCode;
  /** The legal actions as the game would list them, worked out from what the bot knows. */
  legalActions(view: PlayerView, out: Int32Array): number;
  /**
   * The reply that plays `action`; records the bot learns from its own play go to `emit`. Null
   * where one reply stands for several decisions and this one is not the last: the strategy is
   * asked again, on the legal actions that follow.
   */
  reply(action: number, emit: (event: GameEvent) => void): string | null;
  /** A reply that gives up the decision (the strategy failed). */
  resign(): string;
  /** The answer to the server's name request, where the protocol wraps the name (the bare name otherwise). */
  nameReply?(name: string): string;
  /** The set answer to the last message read as ACK or END, where the protocol wants one (`ok`, `dead`). */
  acknowledgement?(): string;
  /** The answer to a message read as ANSWER_ASIDE. */
  asideAnswer?(): string;
  /**
   * The server ends every session with a message of its own (read as END): a stream that closes
   * before it was cut short. Where absent, a closed stream is how sessions end (a round, a test run).
   */
  readonly endsWithMessage?: boolean;
}

/** A bot's reply as an invalid move's detail, cut to a readable length. */
export function sentDetail(reply: string): string {
  return `sent '${reply.length > 80 ? `${reply.slice(0, 80)}...` : reply}'`;
}

import type { Readable } from 'node:stream';
import type { GameEvent } from '../core/events.ts';
import type { Game, PlayerView, RuleValues } from '../core/game.ts';
import { Errors } from '../core/errors.ts';
import { oneLineDetail } from '../core/forfeits.ts';
import { Rng, Streams, masterKey } from '../core/random.ts';
import type { Strategy } from '../core/strategy.ts';
import type { ResolvedStrategy } from '../runner/play/loading/strategies.ts';
import { wireProtocol } from './protocols.ts';
import { createFramer } from './transport/framing.ts';
import { Due, LineKind, type ClientSeat, type FramingKind } from '../core/wire.ts';

export interface BotSetup {
  readonly game: Game<any, any>;
  readonly rules: RuleValues;
  readonly strategy: ResolvedStrategy;
  /** The table size the user gave, for a greeting that does not say it (Love Letter's classic one). */
  readonly players?: number;
  /** Seeds the strategy's random stream. */
  readonly seed: string;
  /** The answer when the server asks the bot's name. */
  readonly name: string;
  /** Where the bot notes lines it did not understand and strategy failures (stderr for `parlor bot`). */
  readonly warn: (text: string) => void;
}

/**
 * A parlor strategy as a protocol bot: reads the server's messages, rebuilds the records they
 * stand for, informs the strategy and updates its view exactly as the in-process loop does (view
 * first, `restart` on a round's opening record, then `inform`), and answers when a play is due.
 */
export class ProtocolBot {
  private readonly setup: BotSetup;
  private readonly reader: ClientSeat;
  private readonly legal: Int32Array;
  private readonly rng = new Rng();
  private view: PlayerView | null = null;
  private strategy: Strategy<PlayerView> | null = null;
  private reply: string | null = null;
  /** The server ended the session. */
  ended = false;
  private readonly onRecord = (event: GameEvent) => this.observe(event);

  constructor(setup: BotSetup) {
    this.setup = setup;
    this.reader = wireProtocol(setup.game).client(setup.rules, setup.players);
    this.legal = new Int32Array(setup.game.maxActions);
  }

  /** The server ends the session with a message: its stream closing before that cuts the session short. */
  get endsWithMessage(): boolean {
    return this.reader.endsWithMessage === true;
  }

  /** Takes one message from the server; returns the message to answer with, or null. */
  receive(line: string): string | null {
    this.reply = null;
    const kind = this.reader.read(line, this.onRecord);
    if (kind === LineKind.NAME_ASKED) return this.reader.nameReply?.(this.setup.name) ?? this.setup.name;
    if (kind === LineKind.PING) return line;
    if (kind === LineKind.ACK) return this.reader.acknowledgement?.() ?? null;
    if (kind === LineKind.ANSWER_ASIDE) return this.reader.asideAnswer?.() ?? null;
    if (kind === LineKind.PLAY_ASKED && this.view !== null && this.strategy !== null) return this.decide(this.view, this.strategy);
    if (kind === LineKind.END) {
      this.ended = true;
      return this.reader.acknowledgement?.() ?? this.reply;
    }
    if (kind === LineKind.UNKNOWN && line.trim() !== '') this.setup.warn(`ignoring a line not in the protocol: ${line}`);
    return this.reply;
  }

  private observe(event: GameEvent): void {
    const opensRound = event.kind === this.setup.game.roundStartEvent;
    if (opensRound) this.takeSeat();
    const view = this.view;
    const strategy = this.strategy;
    if (view === null || strategy === null) return;
    view.observe(event);
    if (strategy.observes) {
      if (opensRound) strategy.restart();
      strategy.inform(event);
    }
    const due = this.reader.decisionDue(event, view);
    if (due === Due.PLAY) this.reply = this.decide(view, strategy);
    // Answering keeps a manager with other rules from waiting forever; one that put the bot out
    // stops reading it. The strategy is not asked: in-process play would never ask it here.
    else if (due === Due.PLAY_WHILE_OUT) this.reply = this.firstListed(view);
  }

  private firstListed(view: PlayerView): string {
    const count = this.reader.legalActions(view, this.legal);
    return (count > 0 ? this.reader.reply(this.legal[0], this.onRecord) : null) ?? this.reader.resign();
  }

  /** The strategy is created when the greeting has named the seat, and kept if a manager reuses the bot. */
  private takeSeat(): void {
    const { seat, players } = this.reader;
    if (this.view !== null && this.view.seat === seat && this.view.players === players) return;
    const { game, rules, strategy } = this.setup;
    this.view = game.createView(players, seat, rules);
    this.strategy = strategy.definition.create({ seat, players, rules, params: strategy.params });
    this.rng.seed(masterKey(this.setup.seed), 0, Streams.SEAT, seat);
  }

  /** Asks the strategy until the reply is whole: one decision, or each one a compound reply stands for. */
  private decide(view: PlayerView, strategy: Strategy<PlayerView>): string {
    try {
      for (;;) {
        const count = this.reader.legalActions(view, this.legal);
        const action = strategy.choose(view, this.legal, count, this.rng);
        if (!(Number.isInteger(action) && action >= 0)) {
          this.setup.warn(`the strategy chose ${oneLineDetail(String(action))}, not an action: forfeiting`);
          break;
        }
        const reply = this.reader.reply(action, this.onRecord);
        if (reply !== null) return reply;
      }
    } catch (error) {
      this.setup.warn(`the strategy failed: ${oneLineDetail(error instanceof Error ? error.message : String(error))}: forfeiting`);
    }
    return this.reader.resign();
  }
}

/**
 * Plays one bot session on a byte stream framed as the game's protocol frames it: until the
 * server ends it, or closes the stream (or stops the process). When the server ends it, `finish`
 * closes the input (by default, at once: a socket that is also the output ends its writes first).
 * Rejects where the session was cut short: output not framed as the protocol says, or the stream
 * closed before the end message of a protocol that has one.
 */
export function runBotSession(
  bot: ProtocolBot,
  input: Readable,
  write: (reply: string) => void,
  framing: FramingKind = 'lines',
  finish: () => void = () => input.destroy(),
): Promise<void> {
  return new Promise((resolve, reject) => {
    // The server's messages are its own: no cap beyond what memory allows.
    const framer = createFramer(framing, Infinity);
    const answer = (message: string) => {
      if (bot.ended) return;
      const reply = bot.receive(message);
      if (reply !== null) write(reply);
      if (bot.ended) {
        finish();
        resolve();
      }
    };
    input.on('data', (chunk: Buffer | string) => {
      const pushed = framer.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, Infinity);
      if ('failure' in pushed) {
        input.destroy();
        reject(Errors.sessionCutShort(`the server's output is not framed as the protocol says (it ${pushed.detail})`));
        return;
      }
      for (const message of pushed.messages) answer(message);
    });
    const closed = () => {
      if (bot.ended || !bot.endsWithMessage) resolve();
      else reject(Errors.sessionCutShort('the server closed its stream before it ended the session'));
    };
    input.on('end', () => {
      // A last line may lack its newline.
      const held = framing === 'lines' ? framer.held() : '';
      if (held !== '') answer(held.endsWith('\r') ? held.slice(0, -1) : held);
      closed();
    });
    input.on('close', closed);
    input.on('error', reject);
  });
}

import type { Readable } from 'node:stream';
import type { GameEvent } from '../core/events.ts';
import type { Game, PlayerView, RuleValues } from '../core/game.ts';
import { Rng, Streams, masterKey } from '../core/random.ts';
import type { Strategy } from '../core/strategy.ts';
import type { ResolvedStrategy } from '../runner/strategies.ts';
import { Due, LineKind, type ProtocolReader } from './manager.ts';
import { managerProtocol } from './protocols.ts';

export interface BotSetup {
  readonly game: Game<any, any>;
  readonly rules: RuleValues;
  readonly strategy: ResolvedStrategy;
  /** The table size to assume when the greeting does not say it (the classic handshake). */
  readonly players: number;
  /** Seeds the strategy's random stream. */
  readonly seed: string;
  /** The answer to the ident greeting. */
  readonly name: string;
  /** Where the bot notes lines it did not understand and strategy failures (stderr for `parlor bot`). */
  readonly warn: (text: string) => void;
}

/**
 * A parlor strategy as a protocol bot: reads the manager's lines, rebuilds the records they stand
 * for, informs the strategy and updates its view exactly as the in-process loop does (view first,
 * `restart` on a round's opening record, then `inform`), and answers when a play is due.
 */
export class ProtocolBot {
  private readonly setup: BotSetup;
  private readonly reader: ProtocolReader;
  private readonly legal: Int32Array;
  private readonly rng = new Rng();
  private view: PlayerView | null = null;
  private strategy: Strategy<PlayerView> | null = null;
  private reply: string | null = null;
  private readonly onRecord = (event: GameEvent) => this.observe(event);

  constructor(setup: BotSetup) {
    this.setup = setup;
    this.reader = managerProtocol(setup.game.id).createReader(setup.rules, setup.players);
    this.legal = new Int32Array(setup.game.maxActions);
  }

  /** Takes one line from the manager; returns the line to answer with, or null. */
  receive(line: string): string | null {
    this.reply = null;
    const kind = this.reader.read(line, this.onRecord);
    if (kind === LineKind.NAME_ASKED) return this.setup.name;
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
    return count > 0 ? this.setup.game.actionToString(this.legal[0], this.setup.rules) : 'forfeit';
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

  private decide(view: PlayerView, strategy: Strategy<PlayerView>): string {
    const count = this.reader.legalActions(view, this.legal);
    try {
      const action = strategy.choose(view, this.legal, count, this.rng);
      if (Number.isInteger(action) && action >= 0) return this.setup.game.actionToString(action, this.setup.rules);
      this.setup.warn(`the strategy chose ${action}, not an action: forfeiting`);
    } catch (error) {
      this.setup.warn(`the strategy failed: ${error instanceof Error ? error.message : String(error)}: forfeiting`);
    }
    return 'forfeit';
  }
}

/** Plays one bot session on a line stream: until the manager closes it (or stops the process). */
export function runBotSession(bot: ProtocolBot, input: Readable, write: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let partial = '';
    const answer = (line: string) => {
      const reply = bot.receive(line.endsWith('\r') ? line.slice(0, -1) : line);
      if (reply !== null) write(reply);
    };
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) answer(line);
    });
    input.on('end', () => {
      if (partial !== '') answer(partial);
      resolve();
    });
    input.on('error', reject);
  });
}

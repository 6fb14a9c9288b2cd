// Stacked decks and scripted seats for Love Letter tests: a table whose deals are fixed in
// advance and whose seats play the protocol replies a test gives them, recording what every
// player is told. Seats may also be real strategies, so strategy tests can set up exact positions.
import assert from 'node:assert/strict';
import type { GameEvent } from '../../src/core/events.ts';
import { masterKey } from '../../src/core/random.ts';
import type { Strategy } from '../../src/core/strategy.ts';
import { CARD_COPIES, CARD_NAMES, DECK_SIZE, cardByName } from '../../src/games/love-letter/cards.ts';
import { loveLetter, type LoveLetterState, type LoveLetterView } from '../../src/games/love-letter/index.ts';
import { Table, forfeit, playAction, startGame, type TableObserver } from '../../src/runner/play/table.ts';
import { TranscriptRecorder } from '../../src/runner/play/transcript.ts';
import { managerLines, parseReply } from './love-letter-wire.ts';

/** Card ids from names separated by spaces: `'soldier wizard princess'`. */
export function cards(names: string): number[] {
  const words = names
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  return words.map((word) => {
    const card = cardByName(word);
    assert.ok(card !== 0, `unknown card name '${word}'`);
    return card;
  });
}

export interface DeckLayout {
  /** The card set aside face down; by default the first card left over. */
  readonly aside?: string;
  /** The cards dealt, one per player in turn order from the round's first player. */
  readonly deal: string;
  /** The cards drawn, in order; the cards not named follow in id order. */
  readonly draws?: string;
}

/** A full 16-card deck in `state.deck` order: [set aside, deal..., draws...]. */
export function stackDeck(layout: DeckLayout): number[] {
  const left = CARD_COPIES.slice();
  const take = (list: number[]): number[] => {
    for (const card of list) {
      left[card]--;
      assert.ok(left[card] >= 0, `the deck holds only ${CARD_COPIES[card]} ${CARD_NAMES[card]}`);
    }
    return list;
  };
  const aside = take(layout.aside ? cards(layout.aside) : []);
  const deal = take(cards(layout.deal));
  const draws = take(cards(layout.draws ?? ''));
  const rest = left.flatMap((copies, card) => Array<number>(copies).fill(card));
  const deck = aside.length > 0 ? [...aside, ...deal, ...draws, ...rest] : [rest[0], ...deal, ...draws, ...rest.slice(1)];
  assert.equal(deck.length, DECK_SIZE);
  return deck;
}

/** Plays the actions it is given, in order; asked with nothing queued, it fails the test. */
export class ScriptedStrategy implements Strategy<LoveLetterView> {
  readonly observes = true;
  private readonly seat: number;
  private readonly queue: number[] = [];

  constructor(seat: number) {
    this.seat = seat;
  }

  push(action: number): void {
    this.queue.push(action);
  }

  restart(): void {}

  inform(): void {}

  choose(): number {
    if (this.queue.length === 0) throw new Error(`seat ${this.seat} has no scripted action left`);
    return this.queue.shift()!;
  }
}

export interface ScriptedTableOptions {
  readonly players: number;
  /** Rule values as `key: value` text, checked by the game's own parser. */
  readonly rules?: Readonly<Record<string, string>>;
  /** One deck per round, in order; rounds past the list are shuffled from the seed. */
  readonly decks: readonly DeckLayout[];
  /** Whether scripted seats skip the legality check (default false: applyChecked). */
  readonly trusted?: boolean;
  /** Seats played by a real strategy instead of a script. */
  readonly strategies?: Readonly<Record<number, Strategy<LoveLetterView>>>;
  readonly seed?: string;
}

/** A forfeit the table recorded: the seat and the forfeit reason code. */
export interface RecordedForfeit {
  readonly seat: number;
  readonly reason: number;
}

/**
 * A Love Letter table on stacked decks, driven one decision at a time through the runner's own
 * steps. Players are named by their wire number (1-based under the default classic handshake),
 * as in protocol text, so scripts read like the manager's log.
 */
export class ScriptedTable implements TableObserver {
  readonly table: Table<LoveLetterState, LoveLetterView>;
  readonly transcript: TranscriptRecorder<LoveLetterState, LoveLetterView>;
  readonly forfeits: RecordedForfeit[] = [];
  readonly wireBase: number;
  private readonly inboxes: string[][];
  /** Per seat: where each round's lines begin in its inbox. */
  private readonly roundStarts: number[][];
  private readonly scripts: (ScriptedStrategy | null)[];
  private readonly seed: string;

  constructor(options: ScriptedTableOptions) {
    const rules = loveLetter.parseRules(options.rules ?? {});
    this.scripts = Array.from({ length: options.players }, (_, seat) => (options.strategies?.[seat] ? null : new ScriptedStrategy(seat)));
    const seats = this.scripts.map((script, seat) => ({
      strategy: script ?? options.strategies![seat],
      trusted: script ? options.trusted === true : true,
    }));
    this.table = new Table(loveLetter, rules, seats);
    this.table.state.stackedDecks = options.decks.map(stackDeck);
    this.transcript = new TranscriptRecorder(loveLetter, rules);
    this.table.observer = this;
    this.inboxes = this.scripts.map(() => []);
    this.roundStarts = this.scripts.map(() => []);
    this.wireBase = loveLetter.seatNumber(0, rules);
    this.seed = options.seed ?? 'scripted';
  }

  get state(): LoveLetterState {
    return this.table.state;
  }

  /** Deals the first round (and plays on until the first decision). */
  start(gameIndex = 0): this {
    startGame(this.table, masterKey(this.seed), gameIndex);
    return this;
  }

  /** The wire number of the player to move, or -1 when the game is over. */
  get turn(): number {
    const seat = loveLetter.currentPlayer(this.state);
    return seat < 0 ? -1 : seat + this.wireBase;
  }

  /**
   * Player `player` (wire number) replies `reply` in protocol syntax. A reply that does not parse
   * is a forfeit, as for a bot; otherwise the seat's script plays it through the table, checked
   * unless the seat is trusted.
   */
  play(player: number, reply: string): this {
    assert.equal(this.turn, player, `expected player ${player} to move, but it is player ${this.turn}'s turn`);
    const seat = player - this.wireBase;
    const parsed = parseReply(reply, this.table.players, this.table.rules);
    if (parsed < 0) {
      forfeit(this.table, seat, -parsed, reply);
      return this;
    }
    const script = this.scripts[seat];
    assert.ok(script, `seat ${seat} is played by a strategy, not a script`);
    script.push(parsed);
    return this.step();
  }

  /** Plays a packed action as the current scripted seat would return it, without parsing. */
  playAction(player: number, action: number): this {
    assert.equal(this.turn, player, `expected player ${player} to move, but it is player ${this.turn}'s turn`);
    const script = this.scripts[player - this.wireBase];
    assert.ok(script, `player ${player} is played by a strategy, not a script`);
    script.push(action);
    return this.step();
  }

  /** One decision of the current seat, as the play loop takes it. */
  step(): this {
    const { game, state } = this.table;
    const seat = game.currentPlayer(state);
    assert.ok(seat >= 0, 'the game is over');
    const legal = this.table.legals[seat];
    const count = game.legalActions(state, legal);
    const action = this.table.strategies[seat].choose(this.table.views[seat], legal, count, this.table.rngs[seat]);
    playAction(this.table, seat, action);
    return this;
  }

  /** The protocol lines player `player` (wire number) has received so far, or in round `round` only. */
  received(player: number, round?: number): readonly string[] {
    const seat = player - this.wireBase;
    const inbox = this.inboxes[seat];
    if (round === undefined) return inbox;
    const starts = this.roundStarts[seat];
    assert.ok(round >= 1 && round <= starts.length, `player ${player} has received no round ${round}`);
    return inbox.slice(starts[round - 1], starts[round]);
  }

  /** Forgets what every player has received so far, so a test can look at one move's messages. */
  clearReceived(): this {
    for (const inbox of this.inboxes) inbox.length = 0;
    for (const starts of this.roundStarts) starts.fill(0);
    return this;
  }

  onEvent(event: GameEvent): void {
    this.transcript.onEvent(event);
    for (let seat = 0; seat < this.inboxes.length; seat++) {
      if (!event.isFor(seat)) continue;
      if (event.kind === loveLetter.roundStartEvent) this.roundStarts[seat].push(this.inboxes[seat].length);
      const text = managerLines(event, seat, this.table.rules);
      if (text !== '') this.inboxes[seat].push(...text.split('\n'));
    }
  }

  onAction(seat: number, action: number): void {
    this.transcript.onAction(seat, action);
  }

  onForfeit(seat: number, reason: number, detail: string): void {
    this.forfeits.push({ seat, reason });
    this.transcript.onForfeit(seat, reason, detail);
  }
}

/** Shorthand: a scripted table, already dealt. */
export function scriptedTable(options: ScriptedTableOptions): ScriptedTable {
  return new ScriptedTable(options).start();
}

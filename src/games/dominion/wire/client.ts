import { GameEvent } from '../../../core/events.ts';
import { Forfeit } from '../../../core/forfeits.ts';
import type { RuleValues } from '../../../core/game.ts';
import { Due, LineKind, type ClientSeat, type DueCode, type LineKindCode } from '../../../core/wire.ts';
import { Action, CARD_OF, FAMILY_OF, Family } from '../actions.ts';
import { CARD_COUNT, CARD_NAMES, Card, MAX_PLAYERS, MIN_PLAYERS, STARTING_COPPERS, STARTING_ESTATES, isTreasure } from '../cards.ts';
import { Ev, GainedBy, Phase } from '../codes.ts';
import { decodeRules } from '../rules.ts';
import { DominionView } from '../view.ts';
import { DecisionMirror, type Asked } from './mirror.ts';
import { cardList, cardOf, parseMessage, readSupply, seatOfPlayer, type Message } from './messages.ts';

const STARTING_CARDS = STARTING_COPPERS + STARTING_ESTATES;
/** Where the expected gains' codes start (see DominionClient.expected). */
const GAINED_CODES = Ev.GAINED * CARD_COUNT;

/** The reply being put together from the strategy's decisions, by what it started with. */
type Composing = 'action' | 'buy' | 'cleanup' | 'attack';

/**
 * The bot side of the JSON-lines protocol. Messages become the records a strategy is told
 * in-process (gains, shuffles, trashes, top discards, each turn's plays; draws from the hand each
 * request shows). A request loads what the bot knows into a mirror of the engine (mirror.ts), so
 * the strategy decides each of the engine's decisions on the engine's own legal lists, one at a
 * time, until they add up to one reply: an action card with its choices, treasures and buys, a
 * top discard, or a militia's discards.
 */
export class DominionClient implements ClientSeat {
  seat = -1;
  players: number;
  /** The server's game-end ends the game a bot is started for. */
  readonly endsWithMessage = true;
  private readonly rules: RuleValues;
  private readonly turnLimit: number;
  /**
   * The last buy ended the turn with nothing left to decide. The original server asks for the
   * cleanup all the same (a play-turn with no buys left), the spec's does not: the bot cannot
   * know which server it is under, so such a request is answered as that cleanup whatever the rules say.
   */
  private cleanupAside = false;
  private asideTop: string | null = null;
  /** What the bot knows for its requests: the last hand and counters shown, the supply announced. */
  private known: DominionView;
  private mirror: DecisionMirror | null = null;
  private readonly event = new GameEvent();
  private started = false;
  /** Records that came before the game's start was known (the original server deals first). */
  private held: Message[] = [];
  private gainsSeen: number[] = [];
  /** This seat's gains and trashes this turn (kind * CARD_COUNT + card), told as it chose them, whose announcements are still to come. */
  private expected: number[] = [];
  private turns = 0;
  private turnOver = true;
  private turnEnded = true;
  private buysOver = false;
  private composing: Composing | null = null;
  private parts: number[] = [];
  private treasures: number[] = [];
  private playedCard = -1;

  constructor(rules: RuleValues, players: number) {
    this.rules = rules;
    this.players = players;
    this.turnLimit = decodeRules(rules).turnLimit;
    this.known = new DominionView(players, 0);
  }

  private record(emit: (event: GameEvent) => void, kind: number, a: number, b = 0, c = 0, d = 0, recipients = 1 << this.seat): void {
    const e = this.event;
    e.recipients = recipients;
    e.kind = kind;
    e.a = a;
    e.b = b;
    e.c = c;
    e.d = d;
    this.known.observe(e);
    emit(e);
  }

  read(line: string, emit: (event: GameEvent) => void): LineKindCode {
    const message = parseMessage(line);
    if (message === null) return LineKind.UNKNOWN;
    switch (message.type) {
      case 'player-name-request': {
        const seat = seatOfPlayer(message.player_number, MAX_PLAYERS);
        if (seat < 0) return LineKind.UNKNOWN;
        this.seat = seat;
        return LineKind.NAME_ASKED;
      }
      case 'game-info':
        return this.start(message, emit);
      case 'supply-info':
        return this.supplyTold(message.cards, emit);
      case 'play-turn':
        if (this.cleanupAside && message.buys === 0) return this.askedAside(message);
        this.cleanupAside = false;
        return this.asked(message, emit, false);
      case 'attack-request':
        return this.asked(message, emit, true);
      case 'game-end':
        return this.end(message, emit);
      default:
        if (!this.started) {
          this.held.push(message);
          return LineKind.MESSAGE;
        }
        return this.notice(message, emit);
    }
  }

  private start(message: Message, emit: (event: GameEvent) => void): LineKindCode {
    const names = message.player_bot_names;
    const players = Array.isArray(names) ? names.length : 0;
    if (this.seat < 0 || players < MIN_PLAYERS || players > MAX_PLAYERS || this.seat >= players) return LineKind.UNKNOWN;
    if (players !== this.players || this.mirror === null) {
      this.players = players;
      this.mirror = new DecisionMirror(this.rules, players, this.seat);
    }
    this.known = new DominionView(players, this.seat);
    this.started = true;
    this.cleanupAside = false;
    this.gainsSeen = Array<number>(players).fill(0);
    this.expected = [];
    this.turns = 0;
    this.turnOver = true;
    this.turnEnded = true;
    this.record(emit, Ev.GAME_START, players, this.seat, this.turnLimit);
    const held = this.held;
    this.held = [];
    for (const notice of held) this.notice(notice, emit);
    return LineKind.MESSAGE;
  }

  /** The supply as told: a pile smaller than the bot counted lost cards to gains nobody announced (the original server's mine). */
  private supplyTold(cards: unknown, emit: (event: GameEvent) => void): LineKindCode {
    const supply = this.known.supply;
    const told = new Int16Array(supply);
    if (!readSupply(cards, told)) return LineKind.UNKNOWN;
    // The bot's own gains still to be announced are counted already, and not yet in the counts told.
    for (const code of this.expected) if (code >= GAINED_CODES && code < GAINED_CODES + CARD_COUNT) told[code - GAINED_CODES]--;
    if (this.started) {
      const others = this.everyone() & ~(1 << this.seat);
      for (let card = 0; card < CARD_COUNT; card++)
        for (let n = supply[card] - told[card]; n > 0; n--) this.record(emit, Ev.SUPPLY_TAKEN, card, 0, 0, 0, others);
    }
    supply.set(told);
    return LineKind.MESSAGE;
  }

  private everyone(): number {
    return (1 << this.players) - 1;
  }

  /** An announcement to every player. */
  private notice(message: Message, emit: (event: GameEvent) => void): LineKindCode {
    const seat = seatOfPlayer(message.player_number, this.players);
    if (seat < 0) return LineKind.UNKNOWN;
    const all = this.everyone();
    switch (message.type) {
      case 'player-gained':
        for (const card of cardList(message.gained) ?? []) if (card >= 0) this.gained(seat, card, emit);
        return LineKind.MESSAGE;
      case 'player-shuffled':
        this.record(emit, Ev.SHUFFLED, seat, 0, 0, 0, all);
        return LineKind.MESSAGE;
      case 'player-trashed':
        for (const card of cardList(message.trashed) ?? [])
          if (card >= 0 && !this.toldAlready(seat, Ev.TRASHED, card)) this.record(emit, Ev.TRASHED, seat, card, 0, 0, all);
        return LineKind.MESSAGE;
      case 'player-top-discard':
        this.record(emit, Ev.TOP_DISCARD, seat, cardOf(message.card), 0, 0, all);
        return LineKind.MESSAGE;
      case 'player-reveal':
        this.record(emit, Ev.REVEALED, seat, Card.MOAT, 0, 0, all);
        return LineKind.MESSAGE;
      case 'player-played': {
        const cards = (cardList(message.played) ?? []).filter((card) => card >= 0);
        cards.forEach((card, i) => this.record(emit, Ev.TURN_PLAYED, seat, card, i, cards.length, all));
        this.record(emit, Ev.TURN_END, seat, cards.length, 0, 0, all);
        if (seat === this.seat) {
          this.turnEnded = true;
          this.turnOver = true;
        }
        return LineKind.MESSAGE;
      }
      default:
        return LineKind.UNKNOWN;
    }
  }

  private gained(seat: number, card: number, emit: (event: GameEvent) => void): void {
    const starting = this.gainsSeen[seat]++ < STARTING_CARDS;
    if (!starting && this.toldAlready(seat, Ev.GAINED, card)) return;
    this.record(emit, Ev.GAINED, seat, card, starting ? GainedBy.STARTING_DECK : GainedBy.GAIN, 0, this.everyone());
  }

  /** The cleanup asked after a buy that left no choice: answered at once, the top discard being the engine's to place. */
  private askedAside(message: Message): LineKindCode {
    this.cleanupAside = false;
    const hand = cardList(message.hand);
    this.asideTop = hand !== null && hand.length > 0 && hand[0] >= 0 ? CARD_NAMES[hand[0]] : null;
    return LineKind.ANSWER_ASIDE;
  }

  asideAnswer(): string {
    return JSON.stringify({ type: 'play-reply', phase: 'cleanup', top_discard: this.asideTop });
  }

  /** A request: the bot's hand as shown, its draws told as records, and the mirror loaded. */
  private asked(message: Message, emit: (event: GameEvent) => void, attack: boolean): LineKindCode {
    const mirror = this.mirror;
    if (!this.started || mirror === null) return LineKind.UNKNOWN;
    const hand = cardList(attack ? message.options : message.hand);
    if (hand === null || hand.includes(-1)) return LineKind.UNKNOWN;
    if (!attack && this.turnOver) {
      if (!this.turnEnded) this.record(emit, Ev.TURN_END, this.seat, 0, 0, 0, this.everyone());
      this.turnOver = false;
      this.turnEnded = false;
      this.buysOver = false;
      this.expected = [];
      this.record(emit, Ev.TURN_START, this.seat, ++this.turns, 0, 0, this.everyone());
    }
    this.showHand(hand, emit);
    const known = this.known;
    if (attack) {
      const owed = Number(message.discard);
      if (!Number.isInteger(owed) || owed < 1) return LineKind.UNKNOWN;
      this.record(emit, Ev.ATTACKED, this.seat, owed);
    } else if (!this.buysOver) {
      // Actions the server shows fewer of than the bot counted went to bad replies of its own.
      for (let lost = known.actions - integer(message.actions, known.actions); lost > 0; lost--)
        this.record(emit, Ev.ACTION_LOST, this.seat, Forfeit.ILLEGAL);
      known.actions = integer(message.actions, known.actions);
      known.buys = integer(message.buys, known.buys);
      known.extraCoins = integer(message.extra_money, known.extraCoins);
      known.coins = known.extraCoins;
    }
    const asked: Asked = attack ? 'attack' : this.buysOver ? 'cleanup' : 'turn';
    mirror.load(known, asked);
    this.composing = null;
    return LineKind.PLAY_ASKED;
  }

  /** Cards in the hand shown that the bot did not know it held were drawn; ones it no longer holds went unannounced. */
  private showHand(hand: readonly number[], emit: (event: GameEvent) => void): void {
    const shown = new Int16Array(CARD_COUNT);
    for (const card of hand) shown[card]++;
    const known = this.known;
    for (let card = 0; card < CARD_COUNT; card++) {
      for (let n = shown[card] - known.hand[card]; n > 0; n--) this.record(emit, Ev.DREW, card);
      for (let n = known.hand[card] - shown[card]; n > 0; n--) this.record(emit, Ev.DISCARDED, this.seat, card);
    }
  }

  private end(message: Message, emit: (event: GameEvent) => void): LineKindCode {
    const scores = Array.isArray(message.scores) ? message.scores : [];
    const winners = new Set((Array.isArray(message.winners) ? message.winners : []).map((w) => seatOfPlayer(w, this.players)));
    for (let seat = 0; seat < this.players; seat++) {
      this.record(emit, Ev.GAME_END, seat, integer(scores[seat], 0), 0, winners.has(seat) ? 1 : 0, this.everyone());
    }
    this.started = false;
    return LineKind.END;
  }

  decisionDue(): DueCode {
    // The request messages ask, not a record.
    return Due.NONE;
  }

  legalActions(_view: unknown, out: Int32Array): number {
    return this.mirror?.legalActions(out) ?? 0;
  }

  reply(action: number, emit: (event: GameEvent) => void): string | null {
    const mirror = this.mirror!;
    this.composing ??= this.startsWith(action);
    this.note(action);
    mirror.apply(action);
    mirror.drain((event) => this.fromMirror(event, emit));
    return this.finished() ? this.compose() : null;
  }

  private startsWith(action: number): Composing {
    this.parts = [];
    this.treasures = [];
    this.playedCard = -1;
    const phase = this.mirror!.phase();
    if (phase === Phase.REACTION || phase === Phase.MILITIA_DISCARD) return 'attack';
    if (phase === Phase.CLEANUP) return 'cleanup';
    return FAMILY_OF[action] === Family.PLAY ? 'action' : 'buy';
  }

  /** What the reply will say of this decision. */
  private note(action: number): void {
    const card = CARD_OF[action];
    switch (FAMILY_OF[action]) {
      case Family.PLAY:
        this.playedCard = card;
        return;
      case Family.TREASURE:
        this.treasures.push(card);
        return;
      case -1:
        // Every treasure still in hand, in the order the engine plays them all.
        if (action === Action.PLAY_TREASURES)
          for (let treasure = 0; treasure < CARD_COUNT; treasure++)
            if (isTreasure(treasure)) for (let n = this.mirror!.held(treasure); n > 0; n--) this.treasures.push(treasure);
        return;
      default:
        this.parts.push(card);
    }
  }

  /**
   * What the bot learns from its own decision at once, as the engine tells it in-process before
   * its next one: the mirror's records of its plays, discards, trashes and gains. The rest of the
   * mirror's records (draws, the turn's end) are not known yet; the server's messages tell them.
   * Trashes and gains are announced to every player later: those announcements are passed over.
   */
  private fromMirror(event: GameEvent, emit: (event: GameEvent) => void): void {
    if ((event.recipients & (1 << this.seat)) === 0) return;
    switch (event.kind) {
      case Ev.TRASHED:
      case Ev.GAINED:
        if (event.a !== this.seat) return;
        // A gain the rules leave unannounced (d = 1) will not be told again.
        if (event.d !== 1) this.expected.push(event.kind * CARD_COUNT + event.b);
        break;
      case Ev.PLAYED:
      case Ev.DISCARDED:
        break;
      default:
        return;
    }
    this.known.observe(event);
    emit(event);
  }

  private toldAlready(seat: number, kind: number, card: number): boolean {
    if (seat !== this.seat) return false;
    const at = this.expected.indexOf(kind * CARD_COUNT + card);
    if (at >= 0) this.expected.splice(at, 1);
    return at >= 0;
  }

  private finished(): boolean {
    const mirror = this.mirror!;
    if (!mirror.deciding) return true;
    switch (this.composing) {
      case 'action':
        return !mirror.resolving;
      case 'buy':
        return mirror.phase() !== Phase.BUY;
      default:
        return this.composing === 'cleanup' || (mirror.phase() !== Phase.REACTION && mirror.phase() !== Phase.MILITIA_DISCARD);
    }
  }

  private compose(): string {
    const names = (cards: readonly number[]) => cards.map((card) => CARD_NAMES[card]);
    const parts = this.parts;
    const mirror = this.mirror!;
    const kind = this.composing;
    this.composing = null;
    // The reply ended the turn (a cellar or remodel that lost itself, under playedCardInHand).
    if (kind === 'action' && !mirror.deciding) this.turnOver = true;
    switch (kind) {
      case 'attack':
        if (mirror.state.victim === -1 && parts.length === 0) return JSON.stringify({ type: 'attack-reply-reaction', reaction: 'moat' });
        return JSON.stringify({ type: 'attack-reply', discard: names(parts) });
      case 'cleanup':
        this.turnOver = true;
        return JSON.stringify({ type: 'play-reply', phase: 'cleanup', top_discard: CARD_NAMES[parts[0]] });
      case 'buy':
        this.buysOver = true;
        // Without a choice of top discard the engine cleans up at once: the turn is over.
        if (!mirror.deciding || mirror.phase() !== Phase.CLEANUP) {
          this.turnOver = true;
          this.cleanupAside = true;
        }
        return JSON.stringify({ type: 'play-reply', phase: 'buy', played_treasures: names(this.treasures), cards_to_buy: names(parts) });
      default:
        return JSON.stringify({
          type: 'play-reply',
          phase: 'action',
          card: CARD_NAMES[this.playedCard],
          additional_parameters: this.parameters(),
        });
    }
  }

  /** The played card's choices, as the spec names them per card. */
  private parameters(): Record<string, unknown> {
    const parts = this.parts;
    const trashed = parts[0];
    switch (this.playedCard) {
      case Card.CELLAR:
        return { cards: parts.map((card) => CARD_NAMES[card]) };
      case Card.MINE:
      case Card.REMODEL:
        return parts.length === 0
          ? {}
          : { card_to_trash: CARD_NAMES[trashed], ...(parts.length > 1 ? { desired_card: CARD_NAMES[parts[1]] } : {}) };
      case Card.WORKSHOP:
        return parts.length === 0 ? {} : { desired_card: CARD_NAMES[parts[0]] };
      default:
        return {};
    }
  }

  nameReply(name: string): string {
    return JSON.stringify({ type: 'player-name-reply', player_number: `player${this.seat + 1}`, name, version: 1 });
  }

  resign(): string {
    return JSON.stringify({ type: 'play-reply', phase: 'forfeit' });
  }
}

function integer(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

import type { GameEvent } from '../../core/events.ts';
import type { PlayerView } from '../../core/game.ts';
import { CARD_COUNT, COINS, COST, PLUS_ACTIONS, PLUS_BUYS, PLUS_COINS, TYPES, Type, pileSize, totalCards, vpOfCounts } from './cards.ts';
import { Ev, GainedBy, Phase } from './codes.ts';
import { Slot } from './layout.ts';
import type { DominionState } from './state.ts';

/**
 * The part of a seat's knowledge that simple strategies decide on (priority lists read only
 * this), which both the event view and the state view show alike at every decision of the seat.
 */
export interface DominionSeatView extends PlayerView {
  /** This seat's hand as counts per card. */
  readonly hand: Int16Array;
  /** Cards this seat owns, per card. */
  readonly ownCards: Int16Array;
  readonly supply: Int16Array;
  /** Turns each seat has begun. */
  readonly turns: Int16Array;
  /**
   * This seat's turn counters, as the two views agree on them in its action and buy phases
   * (another's turn leaves them stale or 0, and a card still resolving may not have counted yet).
   */
  readonly actions: number;
  readonly buys: number;
  readonly coins: number;
  /** A seat's VP over the cards it has gained and not trashed. */
  vpOf(seat: number): number;
  /** Piles at zero. */
  emptyPiles(): number;
}

/**
 * A seat view that also says which decision the seat is asked and which cards are legal there:
 * what a strategy's decide reads in place of the listed actions (Strategy.decide).
 */
export interface DominionDecidingView extends DominionSeatView {
  /** The decision this seat is asked now, as a Phase; Phase.OVER when it decides nothing. */
  readonly decision: number;
  /**
   * The cards whose action of `family` this seat may choose now, as a mask (bit `card`); the
   * buy phase offers play-treasures exactly while its treasure family has a card.
   */
  legalCards(family: number): number;
}

/** Piles at zero in `supply`. */
function emptyPilesOf(supply: Int16Array): number {
  let empty = 0;
  for (let card = 0; card < CARD_COUNT; card++) if (supply[card] === 0) empty++;
  return empty;
}

/**
 * What one player knows, rebuilt only from the records it receives: its own hand, draws and
 * counters, the supply, every seat's gains and trashes (so every seat's cards and VP, which the
 * protocol's announcements let a bot count), shuffles and top discards. Fixed-shape typed arrays,
 * updated in place; this is also what the wire host's play-turn snapshot is built from.
 */
export class DominionView implements DominionSeatView {
  readonly seat: number;
  readonly players: number;
  turnLimit = 0;
  /** The seat whose turn it is. */
  active = -1;
  /** Turns each seat has begun. */
  readonly turns: Int16Array;
  readonly supply = new Int16Array(CARD_COUNT);
  /** [seat * CARD_COUNT + card]: cards each seat owns, as its announced gains and trashes add up. */
  readonly owned: Int16Array;
  /** This seat's own part of `owned`. */
  readonly ownCards: Int16Array;
  readonly topDiscard: Int8Array;
  /** This seat's hand as counts per card, and its size. */
  readonly hand = new Int16Array(CARD_COUNT);
  handCount = 0;
  deckCount = 0;
  discardCount = 0;
  /** This seat's turn counters, as the protocol's play-turn reports them. */
  actions = 0;
  buys = 0;
  /** Coins left to spend, and the part of them that came from actions (the spec's extra_money). */
  coins = 0;
  extraCoins = 0;
  /** Cards this seat played and gained this turn, in order. */
  readonly played: Int8Array;
  playedCount = 0;
  readonly gained: Int8Array;
  gainedCount = 0;
  /** Cards a militia told this seat to discard and not yet discarded. */
  discardsOwed = 0;

  constructor(players: number, seat: number) {
    this.players = players;
    this.seat = seat;
    this.turns = new Int16Array(players);
    this.owned = new Int16Array(players * CARD_COUNT);
    this.ownCards = this.owned.subarray(seat * CARD_COUNT, (seat + 1) * CARD_COUNT);
    this.topDiscard = new Int8Array(players);
    // A turn plays and gains at most every card there is; these lists start again each turn.
    this.played = new Int8Array(totalCards(players));
    this.gained = new Int8Array(totalCards(players));
  }

  reset(): void {
    this.active = -1;
    this.turns.fill(0);
    for (let card = 0; card < CARD_COUNT; card++) this.supply[card] = pileSize(card, this.players);
    this.owned.fill(0);
    this.topDiscard.fill(-1);
    this.hand.fill(0);
    this.handCount = 0;
    this.deckCount = 0;
    this.discardCount = 0;
    this.startTurn();
    this.discardsOwed = 0;
  }

  private startTurn(): void {
    this.actions = 1;
    this.buys = 1;
    this.coins = 0;
    this.extraCoins = 0;
    this.playedCount = 0;
    this.gainedCount = 0;
  }

  observe(e: GameEvent): void {
    switch (e.kind) {
      case Ev.GAME_START:
        this.reset();
        this.turnLimit = e.c;
        break;
      case Ev.TURN_START:
        this.active = e.a;
        this.turns[e.a] = e.b;
        if (e.a === this.seat) this.startTurn();
        break;
      case Ev.GAINED:
        this.onGained(e.a, e.b, e.c);
        break;
      case Ev.SUPPLY_TAKEN:
        this.supply[e.a]--;
        break;
      case Ev.DREW:
        this.hand[e.a]++;
        this.handCount++;
        this.deckCount--;
        break;
      case Ev.SHUFFLED:
        this.topDiscard[e.a] = -1;
        if (e.a === this.seat) {
          this.deckCount += this.discardCount;
          this.discardCount = 0;
        }
        break;
      case Ev.PLAYED:
        this.onPlayed(e.b);
        break;
      case Ev.DISCARDED:
        this.hand[e.b]--;
        this.handCount--;
        this.discardCount++;
        if (this.discardsOwed > 0) this.discardsOwed--;
        break;
      case Ev.TRASHED:
        this.owned[e.a * CARD_COUNT + e.b]--;
        if (e.a === this.seat) {
          this.hand[e.b]--;
          this.handCount--;
        }
        break;
      case Ev.REVEALED:
        if (e.a === this.seat) this.discardsOwed = 0;
        break;
      case Ev.ACTION_LOST:
        this.actions--;
        break;
      case Ev.ATTACKED:
        this.discardsOwed = e.b;
        break;
      case Ev.TOP_DISCARD:
        this.topDiscard[e.a] = e.b;
        break;
      case Ev.TURN_END:
        if (e.a === this.seat) {
          this.discardCount += this.handCount + this.playedCount;
          this.hand.fill(0);
          this.handCount = 0;
        }
        break;
      default:
        break;
    }
  }

  private onGained(seat: number, card: number, how: number): void {
    this.owned[seat * CARD_COUNT + card]++;
    if (how !== GainedBy.STARTING_DECK) this.supply[card]--;
    if (seat !== this.seat) return;
    if (how !== GainedBy.STARTING_DECK) this.gained[this.gainedCount++] = card;
    if (how === GainedBy.BUY) {
      this.buys--;
      this.coins -= COST[card];
    }
    if (how === GainedBy.GAIN_TO_HAND) {
      this.hand[card]++;
      this.handCount++;
    } else this.discardCount++;
  }

  private onPlayed(card: number): void {
    this.hand[card]--;
    this.handCount--;
    this.played[this.playedCount++] = card;
    if ((TYPES[card] & Type.ACTION) !== 0) this.actions += PLUS_ACTIONS[card] - 1;
    this.buys += PLUS_BUYS[card];
    this.coins += COINS[card] + PLUS_COINS[card];
    this.extraCoins += PLUS_COINS[card];
  }

  /** A seat's VP, from the cards it has been seen to gain and trash. */
  vpOf(seat: number): number {
    return vpOfCounts(this.owned, seat * CARD_COUNT);
  }

  emptyPiles(): number {
    return emptyPilesOf(this.supply);
  }
}

// The cells every decision reads, as numbers of this module: a property load fewer each, which
// keeps the decision and the legal cards small enough for the play loop to take them in with a
// compiled priority list (measured: the big-money mirror about 9% faster).
const CURRENT = Slot.CURRENT;
const PHASE = Slot.PHASE;
const OVER = Phase.OVER;

/**
 * A seat's knowledge read straight from the engine's state, for trusted built-ins: its own hand,
 * cards and turn counters, and what every seat is told (the supply, turns, each seat's VP). Only
 * this seat's rows of the state's arrays are exposed. Nothing to rebuild, so no events to decode.
 */
export class DominionStateView implements DominionDecidingView {
  readonly seat: number;
  readonly players: number;
  readonly hand: Int16Array;
  readonly ownCards: Int16Array;
  readonly supply: Int16Array;
  readonly turns: Int16Array;
  private readonly state: DominionState;
  /** The state's single numbers (DominionState.cells), read here without its accessors: a decision reads several. */
  private readonly cells: Int32Array;
  /** Per family, the cards the current player may choose now (DominionState.legalKinds). */
  private readonly legal: Int32Array;

  constructor(state: DominionState, seat: number) {
    this.state = state;
    this.cells = state.cells;
    this.legal = state.legalKinds;
    this.seat = seat;
    this.players = state.players;
    this.hand = state.hand.subarray(seat * CARD_COUNT, (seat + 1) * CARD_COUNT);
    this.ownCards = state.owned.subarray(seat * CARD_COUNT, (seat + 1) * CARD_COUNT);
    this.supply = state.supply;
    this.turns = state.turns;
  }

  get actions(): number {
    const cells = this.cells;
    return cells[Slot.ACTIVE] === this.seat ? cells[Slot.ACTIONS] : 0;
  }

  get buys(): number {
    const cells = this.cells;
    return cells[Slot.ACTIVE] === this.seat ? cells[Slot.BUYS] : 0;
  }

  get coins(): number {
    const cells = this.cells;
    return cells[Slot.ACTIVE] === this.seat ? cells[Slot.COINS] : 0;
  }

  get decision(): number {
    const cells = this.cells;
    return cells[CURRENT] === this.seat ? cells[PHASE] : OVER;
  }

  legalCards(family: number): number {
    return this.cells[CURRENT] === this.seat ? this.legal[family] : 0;
  }

  vpOf(seat: number): number {
    return this.state.vp[seat];
  }

  emptyPiles(): number {
    return emptyPilesOf(this.supply);
  }

  reset(): void {}

  observe(): void {}
}

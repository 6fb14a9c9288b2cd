import type { GameEvent } from '../../core/events.ts';
import type { PlayerView } from '../../core/game.ts';
import type { Rng } from '../../core/random.ts';
import { DECK_SIZE, POINTS_OF, QUEEN_OF_SPADES, RANK_OF, SUITS, SUIT_OF, Suit, handSize } from './cards.ts';
import { Ev } from './codes.ts';
import { drawLegalCard } from './engine.ts';
import type { HeartsState } from './state.ts';

/**
 * The part of a seat's view that both the event view and the state view show: the trick in
 * progress (its led suit, highest rank of that suit and points, read only while trickCount > 0),
 * the seat's own cards and whether the queen of spades has been played this hand.
 */
export interface HeartsSeatView extends PlayerView {
  readonly trickCount: number;
  readonly ledSuit: number;
  readonly trickHighRank: number;
  readonly trickPoints: number;
  /** The cards still held, as one 13-bit rank mask per suit. */
  readonly suitMask: Int32Array;
  readonly queenPlayed: boolean;
}

/**
 * The state view as a strategy deciding on its own turn reads it (Strategy.decide).
 */
export interface HeartsDecidingView extends HeartsSeatView {
  /**
   * The legal card a uniform pick from the listed cards, legal[rng.int(count)], would take: the
   * same single draw from `rng`, without the list.
   */
  drawLegalCard(rng: Rng): number;
}

/**
 * What one player knows, rebuilt only from the records it receives (its own deal, every card
 * played, trick and hand results), so a strategy reading it learns what a bot on the protocol
 * would. Fixed-shape typed arrays, updated in place.
 */
export class HeartsView implements HeartsSeatView {
  readonly seat: number;
  readonly players: number;
  hand = 0;
  /** The seat that led the hand's first trick (the holder of the two of clubs). */
  leader = 0;
  /** The cards still held, as one 13-bit rank mask per suit. */
  readonly suitMask = new Int32Array(SUITS);
  /** The hand as dealt, in order (-1 once played); the protocol names cards by this position. */
  readonly dealt: Int8Array;
  /** [card]: 1 once seen played this hand. */
  readonly played = new Uint8Array(DECK_SIZE);
  /** [seat * 4 + suit]: 1 once the seat failed to follow that suit this hand. */
  readonly voids: Uint8Array;
  /** Points in the tricks each seat won this hand. */
  readonly pointsTaken: Int16Array;
  /** Totals announced at the end of each hand. */
  readonly totals: Int32Array;
  heartsBroken = false;
  trick = 0;
  /** The current trick: its cards in the order played, the led suit and who is winning it. */
  readonly trickCards: Int8Array;
  trickCount = 0;
  ledSuit = -1;
  trickWinner = -1;
  trickHighRank = -1;
  trickPoints = 0;

  constructor(players: number, seat: number) {
    this.players = players;
    this.seat = seat;
    this.dealt = new Int8Array(handSize(players));
    this.voids = new Uint8Array(players * SUITS);
    this.pointsTaken = new Int16Array(players);
    this.totals = new Int32Array(players);
    this.trickCards = new Int8Array(players);
  }

  get queenPlayed(): boolean {
    return this.played[QUEEN_OF_SPADES] !== 0;
  }

  /** A new hand: forget the last one (totals stay until a new game's first hand). */
  reset(): void {
    this.suitMask.fill(0);
    this.dealt.fill(-1);
    this.played.fill(0);
    this.voids.fill(0);
    this.pointsTaken.fill(0);
    this.heartsBroken = false;
    this.trick = 0;
    this.trickCount = 0;
    this.ledSuit = -1;
    this.trickWinner = -1;
    this.trickHighRank = -1;
    this.trickPoints = 0;
  }

  observe(e: GameEvent): void {
    switch (e.kind) {
      case Ev.HAND_START:
        this.reset();
        this.hand = e.a;
        this.leader = e.b;
        if (e.a === 1) this.totals.fill(0);
        break;
      case Ev.DEALT:
        this.dealt[e.a] = e.b;
        this.suitMask[SUIT_OF[e.b]] |= 1 << RANK_OF[e.b];
        break;
      case Ev.PLAYED:
        this.onPlayed(e.a, e.b);
        break;
      case Ev.TRICK_WON:
        this.pointsTaken[e.a] += e.b;
        this.trick = e.c + 1;
        this.trickCount = 0;
        this.ledSuit = -1;
        this.trickWinner = -1;
        this.trickHighRank = -1;
        this.trickPoints = 0;
        break;
      case Ev.HAND_SCORED:
        this.totals[e.a] = e.c;
        break;
      default:
        break;
    }
  }

  private onPlayed(seat: number, card: number): void {
    const suit = SUIT_OF[card];
    const rank = RANK_OF[card];
    this.played[card] = 1;
    if (seat === this.seat) {
      this.suitMask[suit] &= ~(1 << rank);
      const at = this.dealt.indexOf(card);
      if (at >= 0) this.dealt[at] = -1;
    }
    if (this.trickCount === 0) {
      this.ledSuit = suit;
      this.trickWinner = seat;
      this.trickHighRank = rank;
    } else if (suit !== this.ledSuit) {
      this.voids[seat * SUITS + this.ledSuit] = 1;
    } else if (rank > this.trickHighRank) {
      this.trickWinner = seat;
      this.trickHighRank = rank;
    }
    if (POINTS_OF[card] !== 0) {
      this.trickPoints += POINTS_OF[card];
      this.heartsBroken = true;
    }
    this.trickCards[this.trickCount++] = card;
  }
}

const QUEEN_BIT = 1 << RANK_OF[QUEEN_OF_SPADES];

/**
 * A seat's HeartsSeatView read live from the engine's state (Game.createStateView): for trusted
 * strategies that set readsState, and for their play-outs in a search state.
 */
export class HeartsStateView implements HeartsDecidingView {
  readonly seat: number;
  readonly players: number;
  readonly suitMask: Int32Array;
  private readonly state: HeartsState;

  constructor(state: HeartsState, seat: number) {
    this.state = state;
    this.seat = seat;
    this.players = state.players;
    this.suitMask = state.suitMask.subarray(seat * SUITS, (seat + 1) * SUITS);
  }

  get trickCount(): number {
    return this.state.trickCount;
  }

  get ledSuit(): number {
    return this.state.ledSuit;
  }

  get trickHighRank(): number {
    return this.state.trickHighRank;
  }

  get trickPoints(): number {
    return this.state.trickPoints;
  }

  /** Every card of the hand is held or played, so the queen is played when nobody holds it. */
  get queenPlayed(): boolean {
    const masks = this.state.suitMask;
    for (let seat = 0; seat < this.players; seat++) if ((masks[seat * SUITS + Suit.SPADES] & QUEEN_BIT) !== 0) return false;
    return true;
  }

  drawLegalCard(rng: Rng): number {
    return drawLegalCard(this.state, rng);
  }

  reset(): void {}

  observe(): void {}
}

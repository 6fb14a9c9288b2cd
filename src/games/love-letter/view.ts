import type { GameEvent } from '../../core/events.ts';
import type { PlayerView } from '../../core/game.ts';
import type { Rng } from '../../core/random.ts';
import { CARD_COPIES, CARD_NAMES, Card, DECK_SIZE } from './cards.ts';
import { Ev } from './codes.ts';
import { drawByCard } from './engine.ts';
import type { LoveLetterState } from './state.ts';

/**
 * The part of a seat's view that both the event view and the state view show: the seat's own
 * cards, who is still in and protected, the cards left to draw and the copies seen face up.
 */
export interface LoveLetterSeatView extends PlayerView {
  /** hand[0] is the card kept between turns; hand[1] the card drawn this turn. */
  readonly hand: Int8Array;
  readonly handCount: number;
  readonly inRound: Uint8Array;
  readonly protectedSeat: Uint8Array;
  /** Cards left to draw (the set-aside card is never counted). */
  readonly deckCount: number;
  /** [card]: copies seen face up this round (played, discarded, or shown when a player went out). */
  readonly seen: Int8Array;
  /** How many copies of each card this player cannot account for (not seen, not in its hand). */
  unseen(out: Int8Array): Int8Array;
}

/**
 * The state view as a strategy deciding on its own turn reads it (Strategy.decide).
 */
export interface LoveLetterDecidingView extends LoveLetterSeatView {
  /**
   * The legal action that one of this seat's two cards picked alike, then one of that card's
   * legal actions picked alike, gives for one draw of `rng`, without the list: from the listed
   * actions, with u = rng.float() * 2, the lower card's run's action floor(u * run) when u < 1,
   * else the higher card's run's action floor((u - 1) * run); legal[rng.int(count)] when the two
   * cards are alike.
   */
  drawByCard(rng: Rng): number;
}

/** Copies of each card neither seen face up nor in `view`'s own hand, into out[1..8]. */
function unseenCards(view: LoveLetterSeatView, out: Int8Array): Int8Array {
  for (let card = 1; card < CARD_NAMES.length; card++) out[card] = CARD_COPIES[card] - view.seen[card];
  for (let i = 0; i < view.handCount; i++) out[view.hand[i]]--;
  return out;
}

/**
 * What one player knows, rebuilt only from the messages it receives, so a strategy reading it
 * learns exactly what a bot on the protocol would. Fixed-shape typed arrays, updated in place.
 */
export class LoveLetterView implements LoveLetterSeatView {
  readonly seat: number;
  readonly players: number;
  /** hand[0] is the card kept between turns; hand[1] the card drawn this turn. */
  readonly hand = new Int8Array(2);
  handCount = 0;
  readonly inRound: Uint8Array;
  readonly protectedSeat: Uint8Array;
  /** Cards left to draw (the set-aside card is never counted). */
  deckCount = 0;
  /** [card]: copies seen face up this round (played, discarded, or shown when a player went out). */
  readonly seen = new Int8Array(CARD_NAMES.length);
  /** [seat]: sum of the values that seat played this round (the discard-sum tie break). */
  readonly playedSum: Int16Array;
  /** [seat]: the card another seat is known to hold (a reveal, a duel, a swap), 0 when unknown. */
  readonly known: Int8Array;
  /** [seat]: bit c set when that seat cannot hold card c (a soldier guessed it and missed). */
  readonly excluded: Uint16Array;
  /** [card]: copies that left play face down while known (a princess player's other card). */
  readonly goneKnown = new Int8Array(CARD_NAMES.length);
  /** The last play's actor and target, which a general's swap refers to. */
  private lastActor = -1;
  private lastTarget = -1;
  firstPlayer = 0;
  /** The player whose turn it is, or -1 between turns. */
  turn = -1;

  constructor(players: number, seat: number) {
    this.players = players;
    this.seat = seat;
    this.inRound = new Uint8Array(players);
    this.protectedSeat = new Uint8Array(players);
    this.playedSum = new Int16Array(players);
    this.known = new Int8Array(players);
    this.excluded = new Uint16Array(players);
  }

  reset(): void {
    this.hand.fill(0);
    this.handCount = 0;
    this.inRound.fill(1);
    this.protectedSeat.fill(0);
    this.deckCount = DECK_SIZE - 1 - this.players;
    this.seen.fill(0);
    this.playedSum.fill(0);
    this.known.fill(0);
    this.excluded.fill(0);
    this.goneKnown.fill(0);
    this.turn = -1;
  }

  observe(e: GameEvent): void {
    switch (e.kind) {
      case Ev.START:
        this.reset();
        this.firstPlayer = e.a;
        break;
      case Ev.PLAYER:
        this.turn = e.a;
        this.protectedSeat[e.a] = 0;
        this.deckCount--;
        break;
      case Ev.DRAW:
        this.hand[this.handCount++] = e.a;
        break;
      case Ev.SWAP:
        // The other side of the swap now holds the card we gave.
        this.learn(this.lastActor === this.seat ? this.lastTarget : this.lastActor, this.hand[0]);
        this.hand[0] = e.a;
        break;
      case Ev.PLAYED:
        this.onPlayed(e.a, e.b, e.c, e.d);
        break;
      case Ev.REVEAL:
        if (e.a !== this.seat) this.learn(e.a, e.b);
        break;
      case Ev.DISCARD:
        this.learn(e.a, 0);
        this.seen[e.b]++;
        if (e.a === this.seat) this.handCount = 0;
        // A wizard's victim draws again unless it lost the princess or the deck is empty.
        if (e.b !== Card.PRINCESS && this.deckCount > 0) this.deckCount--;
        break;
      case Ev.OUT:
        if (e.b === 0 && e.c === 0 && this.known[e.a] !== 0) this.goneKnown[this.known[e.a]]++;
        this.learn(e.a, 0);
        this.inRound[e.a] = 0;
        if (e.b !== 0) this.seen[e.b]++;
        if (e.c !== 0) this.seen[e.c]++;
        if (e.a === this.seat) this.handCount = 0;
        break;
      default:
        break;
    }
  }

  private onPlayed(actor: number, card: number, target: number, guess: number): void {
    this.seen[card]++;
    this.playedSum[actor] += card;
    if (actor !== this.seat) {
      // Playing the known card leaves the drawn one, which nobody has seen; what was excluded
      // belonged to a hand that may be gone.
      if (this.known[actor] === card) this.known[actor] = 0;
      this.excluded[actor] = 0;
    }
    const shielded = target >= 0 && target !== actor && this.protectedSeat[target] === 1;
    // A hit puts the target out; a miss tells everyone what it does not hold.
    if (card === Card.SOLDIER && !shielded && target >= 0 && target !== this.seat) this.excluded[target] |= 1 << guess;
    if (card === Card.GENERAL && !shielded && actor !== this.seat && target !== this.seat && target >= 0) {
      const known = this.known[actor];
      this.known[actor] = this.known[target];
      this.known[target] = known;
      const excluded = this.excluded[actor];
      this.excluded[actor] = this.excluded[target];
      this.excluded[target] = excluded;
    }
    if (card === Card.PRIESTESS) this.protectedSeat[actor] = 1;
    if (actor === this.seat) this.removeFromHand(card);
    this.lastActor = actor;
    this.lastTarget = target;
  }

  /** `seat` is known to hold `card` now (0: nothing is known of its hand any more). */
  private learn(seat: number, card: number): void {
    this.known[seat] = card;
    this.excluded[seat] = 0;
  }

  private removeFromHand(card: number): void {
    if (this.hand[0] === card) this.hand[0] = this.hand[1];
    this.hand[1] = 0;
    this.handCount = 1;
  }

  unseen(out: Int8Array): Int8Array {
    return unseenCards(this, out);
  }
}

/**
 * A seat's LoveLetterSeatView read live from the engine's state (Game.createStateView): for
 * trusted strategies that set readsState, and for their play-outs in a search state. Only the
 * seat's own cards are read; everything else is what every player in the round is told.
 */
export class LoveLetterStateView implements LoveLetterDecidingView {
  readonly seat: number;
  readonly players: number;
  readonly inRound: Uint8Array;
  readonly protectedSeat: Uint8Array;
  readonly seen: Int8Array;
  private readonly state: LoveLetterState;
  private readonly cards = new Int8Array(2);

  constructor(state: LoveLetterState, seat: number) {
    this.state = state;
    this.seat = seat;
    this.players = state.players;
    this.inRound = state.inRound;
    this.protectedSeat = state.protectedSeat;
    this.seen = state.seen;
  }

  /** The held card, then the drawn one while it is this seat's turn. */
  get hand(): Int8Array {
    const state = this.state;
    this.cards[0] = state.hand[this.seat];
    this.cards[1] = state.current === this.seat ? state.drawn : 0;
    return this.cards;
  }

  get handCount(): number {
    const state = this.state;
    if (state.inRound[this.seat] === 0) return 0;
    return state.current === this.seat && state.drawn !== 0 ? 2 : 1;
  }

  get deckCount(): number {
    return DECK_SIZE - this.state.deckTop;
  }

  unseen(out: Int8Array): Int8Array {
    return unseenCards(this, out);
  }

  drawByCard(rng: Rng): number {
    return drawByCard(this.state, rng);
  }

  reset(): void {}

  observe(): void {}
}

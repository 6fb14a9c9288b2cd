import { Errors } from '../../core/errors.ts';
import type { RuleValues } from '../../core/game.ts';
import type { Rng } from '../../core/random.ts';
import { DECK_SIZE, RANK_OF, SUITS, SUIT_OF, TWO_OF_CLUBS, bitCount, deckFor, handSize } from './cards.ts';
import { HeartsState } from './state.ts';
import type { HeartsView } from './view.ts';

/** Every suit allowed: the bits of a seat that has shown no void. */
const ALL_SUITS = (1 << SUITS) - 1;

/**
 * A private state for playing out imagined hands with the real engine. The game ends with the
 * hand being searched (hands = 1), so afterwards `totals` holds each seat's score for that hand:
 * the points it took, or the moon's 0 and 26. The scoring quirks that depend on what came before
 * the position (the last trick's points, carry-over, an unscored first trick) are switched off,
 * since a view does not hold what they need; the number of tricks and the moon rule stay the
 * table's. Nobody reads its events, so the log is switched off.
 */
export function createSearchState(players: number, rules: RuleValues): HeartsState {
  const state = new HeartsState(players, {
    ...rules,
    handScore: 'sum',
    scoreFirstTrick: true,
    carryOver: false,
    endScore: 0,
    hands: 1,
  });
  state.events.enabled = false;
  return state;
}

/**
 * Puts a search state at the view's seat's decision, with every seat holding the cards of
 * `hands` ([seat * 4 + suit]: one rank mask per suit, the seat's own hand included, as
 * HandSampler.sample returns them). Everything else comes from the view: the trick in progress,
 * the points taken, whether hearts are broken. Afterwards the usual game calls (legalActions,
 * apply, isTerminal) play the hand out. Writes only into existing arrays.
 */
export function loadPosition(state: HeartsState, view: HeartsView, hands: Int32Array): void {
  const players = state.players;
  let pointTakers = 0;
  for (let i = 0; i < players * SUITS; i++) state.suitMask[i] = hands[i];
  for (let seat = 0; seat < players; seat++) {
    const points = view.pointsTaken[seat];
    state.pointsTaken[seat] = points;
    state.handScore[seat] = points;
    // Read only by carry-over, which a search state does not use.
    state.tricksWon[seat] = 0;
    state.totals[seat] = 0;
    state.carried[seat] = 0;
    state.shares[seat] = 0;
    if (points !== 0) pointTakers |= 1 << seat;
  }
  // Each trick with points keeps only its winner's bit: no point trick yet leaves every seat,
  // one taker leaves that seat, two or more leave none.
  state.moonMask = pointTakers === 0 ? (1 << players) - 1 : bitCount(pointTakers) === 1 ? pointTakers : 0;
  state.heartsBroken = view.heartsBroken;
  state.hand = 1;
  state.trick = view.trick;
  state.trickCount = view.trickCount;
  state.ledSuit = view.ledSuit;
  state.trickWinner = view.trickWinner;
  state.trickHighRank = view.trickHighRank;
  state.trickPoints = view.trickPoints;
  state.current = view.seat;
  state.forfeited = -1;
  state.over = false;
  state.events.clear();
}

/**
 * Deals the cards a seat cannot see to the other seats, consistently with everything its view
 * knows: its own hand and the cards played stay out; each other seat gets exactly as many cards
 * as it still holds, none of a suit it has shown void in; the two of clubs, until played, goes to
 * the seat that led the first trick. Cards are dealt one at a time in a random order, each to a
 * seat chosen in proportion to the room left in its hand among the seats that may hold it and
 * still leave the rest dealable (the transport form of Hall's condition over the suits), so no
 * deal is ever refused or retried. Without voids that is a uniform deal; with them it is close
 * to one. Allocation-free once prepared.
 */
export class HandSampler {
  readonly players: number;
  readonly seat: number;
  /** The last sample: [seat * 4 + suit], a rank mask per suit, the sampling seat's own included. */
  readonly hands: Int32Array;
  private readonly deckCards: Int8Array;
  private readonly handSize: number;
  /** Cards each seat is known to hold: its own hand for the sampling seat, the two of clubs. */
  private readonly known: Int32Array;
  /** The cards to deal, in the order of the last sample. */
  private readonly unknown = new Int8Array(DECK_SIZE);
  private unknownCount = 0;
  /** [seat]: cards still to be dealt to the seat (0 for the sampling seat). */
  private readonly room: Int8Array;
  private readonly roomLeft: Int8Array;
  /** [seat]: bit per suit the seat may still hold. */
  private readonly allowed: Uint8Array;
  /**
   * The sets of suits (bit masks) that some other seat may hold none of: only for those can the
   * cards left outnumber the room that may take them, since every seat has room for any other set
   * and the totals are equal. None when no seat has shown a void.
   */
  private readonly tightSuits = new Uint8Array(ALL_SUITS);
  private tightCount = 0;
  private readonly suitCount = new Int8Array(SUITS);
  private readonly suitLeft = new Int8Array(SUITS);
  /** [seat]: the chance, out of the total, that the card being dealt goes to the seat. */
  private readonly weight: Int8Array;

  constructor(players: number, seat: number) {
    this.players = players;
    this.seat = seat;
    this.hands = new Int32Array(players * SUITS);
    this.known = new Int32Array(players * SUITS);
    this.deckCards = deckFor(players);
    this.handSize = handSize(players);
    this.room = new Int8Array(players);
    this.roomLeft = new Int8Array(players);
    this.allowed = new Uint8Array(players);
    this.weight = new Int8Array(players);
  }

  /**
   * Reads what the view knows, at the seat's own decision (the seats after the current trick's
   * leader up to this one have played to it). `sample` then only deals.
   */
  prepare(view: HeartsView): void {
    const { players, seat } = this;
    const known = this.known;
    known.fill(0);
    for (let suit = 0; suit < SUITS; suit++) known[seat * SUITS + suit] = view.suitMask[suit];
    const trickLeader = (seat - view.trickCount + players) % players;
    let voidSets = 0;
    for (let other = 0; other < players; other++) {
      const playedToTrick = (other - trickLeader + players) % players < view.trickCount ? 1 : 0;
      this.room[other] = other === seat ? 0 : this.handSize - view.trick - playedToTrick;
      let allowed = ALL_SUITS;
      for (let suit = 0; suit < SUITS; suit++) if (view.voids[other * SUITS + suit] === 1) allowed &= ~(1 << suit);
      this.allowed[other] = allowed;
      // Bit v of voidSets: some other seat is void in (at least) the suits of v.
      if (other !== seat) for (let suits = 1; suits <= ALL_SUITS; suits++) if ((suits & allowed) === 0) voidSets |= 1 << suits;
    }
    this.tightCount = 0;
    for (let suits = 1; suits <= ALL_SUITS; suits++) if ((voidSets & (1 << suits)) !== 0) this.tightSuits[this.tightCount++] = suits;
    const ownHand = view.suitMask;
    if (view.played[TWO_OF_CLUBS] === 0 && (ownHand[SUIT_OF[TWO_OF_CLUBS]] & (1 << RANK_OF[TWO_OF_CLUBS])) === 0) {
      known[view.leader * SUITS + SUIT_OF[TWO_OF_CLUBS]] |= 1 << RANK_OF[TWO_OF_CLUBS];
      this.room[view.leader]--;
    }
    this.suitCount.fill(0);
    let count = 0;
    for (let i = 0; i < this.deckCards.length; i++) {
      const card = this.deckCards[i];
      const suit = SUIT_OF[card];
      if (view.played[card] === 1 || (ownHand[suit] & (1 << RANK_OF[card])) !== 0 || card === TWO_OF_CLUBS) continue;
      this.unknown[count++] = card;
      this.suitCount[suit]++;
    }
    this.unknownCount = count;
    let room = 0;
    for (let other = 0; other < players; other++) room += this.room[other];
    this.roomLeft.set(this.room);
    this.suitLeft.set(this.suitCount);
    if (
      room !== count ||
      bitCount(view.suitMask[0]) + bitCount(view.suitMask[1]) + bitCount(view.suitMask[2]) + bitCount(view.suitMask[3]) !==
        this.handSize - view.trick
    ) {
      throw Errors.internal(`seat ${seat}'s view of hearts is inconsistent: ${count} unseen cards for ${room} places in the other hands`);
    }
    if (!this.dealable()) throw Errors.internal(`seat ${seat}'s view of hearts leaves no deal that respects the voids shown`);
  }

  /** Deals one guess of the hidden cards; returns `hands`, overwritten by the next call. */
  sample(rng: Rng): Int32Array {
    const { players, seat, hands, unknown, roomLeft, suitLeft, allowed, weight } = this;
    hands.set(this.known);
    roomLeft.set(this.room);
    suitLeft.set(this.suitCount);
    const count = this.unknownCount;
    for (let i = 0; i < count; i++) {
      // The dealing order is a fresh shuffle, so no card is always dealt first.
      const j = i + rng.int(count - i);
      const card = unknown[j];
      unknown[j] = unknown[i];
      unknown[i] = card;
      const suit = SUIT_OF[card];
      const bit = 1 << suit;
      suitLeft[suit]--;
      let total = 0;
      for (let other = 0; other < players; other++) {
        const takes = other !== seat && (allowed[other] & bit) !== 0 && roomLeft[other] > 0 && this.canTake(other);
        weight[other] = takes ? roomLeft[other] : 0;
        total += weight[other];
      }
      let pick = rng.int(total);
      let to = 0;
      while (pick >= weight[to]) pick -= weight[to++];
      roomLeft[to]--;
      hands[to * SUITS + suit] |= 1 << RANK_OF[card];
    }
    return hands;
  }

  /** Whether the rest can still be dealt after `other` takes the card just removed from suitLeft. */
  private canTake(other: number): boolean {
    if (this.tightCount === 0) return true;
    this.roomLeft[other]--;
    const dealable = this.dealable();
    this.roomLeft[other]++;
    return dealable;
  }

  /**
   * Hall's condition for dealing suitLeft into roomLeft: every set of suits has no more cards
   * left than the room of the seats that may hold one of them. The totals are equal, so that
   * is enough for a deal that fills every hand; only the tight sets need checking.
   */
  private dealable(): boolean {
    const { players, seat, roomLeft, suitLeft, allowed } = this;
    for (let t = 0; t < this.tightCount; t++) {
      const suits = this.tightSuits[t];
      let cards = 0;
      for (let suit = 0; suit < SUITS; suit++) if ((suits & (1 << suit)) !== 0) cards += suitLeft[suit];
      if (cards === 0) continue;
      let room = 0;
      for (let other = 0; other < players; other++) if (other !== seat && (allowed[other] & suits) !== 0) room += roomLeft[other];
      if (cards > room) return false;
    }
    return true;
  }
}

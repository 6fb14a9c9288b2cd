import { CARD_KINDS, Card, Ev, type GameEvent, type LoveLetterView } from '../../src/strategy-api.ts';

const NOBODY = -1;

/**
 * What one player has learned this round about where the cards are, beyond the face-up counts its
 * view keeps: which card each opponent holds when a reveal or a swap told it, which cards an
 * opponent cannot hold (a missed soldier guess, a lost knight duel), and which opponents know its
 * own card. Everything comes from the events the player receives; nothing is guessed.
 */
export class RoundKnowledge {
  readonly seat: number;
  readonly players: number;
  /** [seat]: the card that player is known to hold, 0 when unknown. */
  readonly known: Int8Array;
  /** [seat]: bit c is set when that player cannot hold card c. */
  readonly excluded: Uint16Array;
  /** [seat]: sum of the card values that player played this round. */
  readonly playedSum: Int16Array;
  /**
   * [card]: copies that left play face down but are known to us: the card a princess player still
   * held, when we knew it. They are neither seen nor anywhere a sample should put them.
   */
  readonly deadKnown = new Int8Array(CARD_KINDS + 1);
  /** Bit mask of the opponents who know the card we hold. */
  exposedTo = 0;
  /** The card we hold between turns, what a general swap gives away. */
  myCard = 0;
  private protectedMask = 0;
  private lastActor = NOBODY;
  private lastTarget = NOBODY;
  /** A knight duel whose outcome (an `out`, or nothing on a tie) is still to come. */
  private duelPending = false;

  constructor(players: number, seat: number) {
    this.seat = seat;
    this.players = players;
    this.known = new Int8Array(players);
    this.excluded = new Uint16Array(players);
    this.playedSum = new Int16Array(players);
  }

  reset(): void {
    this.known.fill(0);
    this.excluded.fill(0);
    this.playedSum.fill(0);
    this.deadKnown.fill(0);
    this.exposedTo = 0;
    this.myCard = 0;
    this.protectedMask = 0;
    this.lastActor = NOBODY;
    this.lastTarget = NOBODY;
    this.duelPending = false;
  }

  observe(e: GameEvent): void {
    switch (e.kind) {
      case Ev.START:
        this.reset();
        break;
      case Ev.PLAYER:
        this.settleDuel();
        this.protectedMask &= ~(1 << e.a);
        break;
      case Ev.DRAW:
        // Only the deal and a wizard's redraw arrive while we hold nothing; a turn's draw is the
        // second card, which the view keeps and `keep` settles.
        if (this.myCard === 0) this.myCard = e.a;
        break;
      case Ev.PLAYED:
        this.settleDuel();
        this.onPlayed(e.a, e.b, e.c, e.d);
        break;
      case Ev.REVEAL:
        this.forget(e.a);
        if (e.a !== this.seat) this.known[e.a] = e.b;
        break;
      case Ev.SWAP:
        this.onSwap(e.a);
        break;
      case Ev.DISCARD:
        this.forget(e.a);
        if (e.a === this.seat) {
          this.myCard = 0;
          this.exposedTo = 0;
        }
        break;
      case Ev.OUT:
        this.onOut(e.a, e.b, e.c);
        break;
      default:
        break;
    }
  }

  /** Our own decision: we keep `kept`. Whoever knew our card still knows it only if we kept it. */
  keep(kept: number): void {
    if (kept !== this.myCard) this.exposedTo = 0;
    this.myCard = kept;
  }

  /**
   * Copies of each card whose place we cannot tell: not seen, not in our hand, not known to be in
   * an opponent's hand. They are in the unknown opponents' hands, the deck, the set-aside card, or
   * gone face down with a princess player. Returns their total.
   */
  unknownPool(view: LoveLetterView, out: Int8Array): number {
    view.unseen(out);
    for (let seat = 0; seat < this.players; seat++) {
      if (seat !== this.seat && view.inRound[seat] === 1 && this.known[seat] !== 0) out[this.known[seat]]--;
    }
    let total = 0;
    for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) {
      out[card] -= this.deadKnown[card];
      total += out[card];
    }
    return total;
  }

  /**
   * The chances of each card in `seat`'s hand, as far as we can tell: certain when known, else in
   * proportion to the unknown pool among the cards not excluded. Writes out[1..8]; returns false
   * when nothing is possible (the pool is empty), leaving out all zero.
   */
  cardChances(seat: number, pool: Int8Array, out: Float64Array): boolean {
    out.fill(0);
    const known = this.known[seat];
    if (known !== 0) {
      out[known] = 1;
      return true;
    }
    const excluded = this.excluded[seat];
    let total = 0;
    for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) if ((excluded & (1 << card)) === 0) total += pool[card];
    const ignoreExclusions = total === 0;
    if (ignoreExclusions) for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) total += pool[card];
    if (total <= 0) return false;
    for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) {
      if (ignoreExclusions || (excluded & (1 << card)) === 0) out[card] = pool[card] / total;
    }
    return true;
  }

  isProtected(seat: number): boolean {
    return (this.protectedMask & (1 << seat)) !== 0;
  }

  private onPlayed(actor: number, card: number, target: number, guess: number): void {
    this.playedSum[actor] += card;
    if (actor !== this.seat) {
      // Playing the known card leaves the drawn one, which we have not seen; playing the other
      // card leaves the known one in hand. What was excluded belonged to a hand that may be gone.
      if (this.known[actor] === card) this.known[actor] = 0;
      this.excluded[actor] = 0;
    }
    if (card === Card.PRIESTESS) this.protectedMask |= 1 << actor;
    this.lastActor = actor;
    this.lastTarget = target;
    const shielded = target >= 0 && target !== actor && this.isProtected(target);
    if (shielded) return;
    switch (card) {
      case Card.SOLDIER:
        // A hit puts the target out (and `out` forgets it); a miss tells everyone what it is not.
        if (target !== this.seat) this.excluded[target] |= 1 << guess;
        break;
      case Card.CLOWN:
        if (target === this.seat) this.exposedTo |= 1 << actor;
        break;
      case Card.KNIGHT:
        this.duelPending = true;
        break;
      case Card.GENERAL:
        if (actor !== this.seat && target !== this.seat) this.swapKnowledge(actor, target);
        break;
      default:
        break;
    }
  }

  /** We took part in a general swap and received `card`; the other player now holds ours. */
  private onSwap(card: number): void {
    const other = this.lastActor === this.seat ? this.lastTarget : this.lastActor;
    this.forget(other);
    this.known[other] = this.myCard;
    this.myCard = card;
    // The other player gave us this card, so it knows what we hold now.
    this.exposedTo = 1 << other;
  }

  private onOut(seat: number, first: number, second: number): void {
    if (this.duelPending) {
      this.duelPending = false;
      const winner = seat === this.lastActor ? this.lastTarget : this.lastActor;
      // The winner's card beats the loser's: it is none of the cards up to the loser's value.
      if (winner !== this.seat && winner >= 0) this.excluded[winner] |= (1 << (first + 1)) - 2;
    }
    // A princess player leaves without showing its other card; if we knew it, it is out of play.
    if (first === 0 && second === 0 && this.known[seat] !== 0) this.deadKnown[this.known[seat]]++;
    this.forget(seat);
    this.exposedTo &= ~(1 << seat);
    this.protectedMask &= ~(1 << seat);
  }

  /** A duel with no `out` after it was a tie: both players hold the same card. */
  private settleDuel(): void {
    if (!this.duelPending) return;
    this.duelPending = false;
    const actor = this.lastActor;
    const target = this.lastTarget;
    if (actor === this.seat) this.exposedTo |= 1 << target;
    else if (target === this.seat) this.exposedTo |= 1 << actor;
    else if (this.known[actor] !== 0 && this.known[target] === 0) this.known[target] = this.known[actor];
    else if (this.known[target] !== 0 && this.known[actor] === 0) this.known[actor] = this.known[target];
  }

  private swapKnowledge(a: number, b: number): void {
    const known = this.known[a];
    this.known[a] = this.known[b];
    this.known[b] = known;
    const excluded = this.excluded[a];
    this.excluded[a] = this.excluded[b];
    this.excluded[b] = excluded;
  }

  private forget(seat: number): void {
    this.known[seat] = 0;
    this.excluded[seat] = 0;
  }
}

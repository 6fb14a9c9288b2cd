import { Errors } from '../../core/errors.ts';
import type { Rng } from '../../core/random.ts';
import { CARD_KINDS, Card, DECK_SIZE, MAX_PLAYERS } from './cards.ts';
import { RoundPosition, loadPosition } from './search.ts';
import type { LoveLetterState } from './state.ts';
import type { LoveLetterView } from './view.ts';

/**
 * What a player knows about the cards beyond its view's face-up counts: `RoundKnowledge` (a
 * strategy's record of reveals, swaps and missed guesses) provides it, and so does the view alone
 * (ViewInformation), which knows no opponent's card.
 */
export interface RoundInformation {
  /** [seat]: the card that player is known to hold, 0 when unknown. */
  readonly known: Int8Array;
  /** [seat]: bit c is set when that player cannot hold card c. */
  readonly excluded: Uint16Array;
  /** [seat]: sum of the card values that player played this round. */
  readonly playedSum: Int16Array;
  /** Writes into out[1..8] the copies of each card whose place is unknown; returns their total. */
  unknownPool(view: LoveLetterView, out: Int8Array): number;
}

/**
 * Fills in the cards a player cannot see, consistently with what it knows: opponents whose card
 * it knows hold that card; the others get cards from the unknown pool, never one their exclusions
 * rule out (unless nothing else is left); what remains is shuffled into the deck, the set-aside
 * card and any card that left face down. Opponents are filled in a random order each time, so no
 * seat is favoured by the sequential draw. Without exclusions that is exactly the uniform deal of
 * the unknown cards; with them, close to it.
 */
export class Determinizer {
  readonly position: RoundPosition;
  private readonly seat: number;
  private readonly pool = new Int8Array(CARD_KINDS + 1);
  private readonly remaining = new Int8Array(CARD_KINDS + 1);
  private readonly cards = new Int8Array(DECK_SIZE);
  private readonly unknownSeats: Int8Array;
  private unknownCount = 0;
  private readonly excluded: Uint16Array;

  constructor(players: number, seat: number) {
    this.seat = seat;
    this.position = new RoundPosition(players);
    this.unknownSeats = new Int8Array(players);
    this.excluded = new Uint16Array(players);
  }

  /** Reads the decision's fixed parts once; `sample` then only deals the hidden cards. */
  prepare(view: LoveLetterView, information: RoundInformation): void {
    const position = this.position;
    const seat = this.seat;
    const poolTotal = information.unknownPool(view, this.pool);
    this.unknownCount = 0;
    for (let other = 0; other < view.players; other++) {
      const isIn = view.inRound[other];
      position.inRound[other] = isIn;
      position.protectedSeat[other] = view.protectedSeat[other];
      position.playedSum[other] = information.playedSum[other];
      position.hand[other] = 0;
      if (isIn === 0 || other === seat) continue;
      if (information.known[other] !== 0) position.hand[other] = information.known[other];
      else {
        this.excluded[this.unknownCount] = information.excluded[other];
        this.unknownSeats[this.unknownCount++] = other;
      }
    }
    position.hand[seat] = view.hand[0];
    position.drawn = view.hand[1];
    position.current = seat;
    position.firstPlayer = view.firstPlayer;
    position.deckCount = view.deckCount;
    position.seen.set(view.seen);
    // The unknown cards fill the unknown hands, the deck and the set-aside card, at least.
    if (poolTotal < this.unknownCount + view.deckCount + 1) {
      throw Errors.internal(
        `card knowledge of seat ${seat} is inconsistent: ${poolTotal} unknown cards for ${this.unknownCount} hands and ${view.deckCount + 1} deck cards`,
      );
    }
  }

  /** Deals one consistent guess of the hidden cards into `position`. */
  sample(rng: Rng): RoundPosition {
    const position = this.position;
    const remaining = this.remaining;
    remaining.set(this.pool);
    const seats = this.unknownSeats;
    const excluded = this.excluded;
    for (let i = this.unknownCount - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const seat = seats[i];
      seats[i] = seats[j];
      seats[j] = seat;
      const mask = excluded[i];
      excluded[i] = excluded[j];
      excluded[j] = mask;
    }
    for (let i = 0; i < this.unknownCount; i++) {
      const card = drawAllowed(remaining, excluded[i], rng);
      position.hand[seats[i]] = card;
      remaining[card]--;
    }
    let count = 0;
    for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) {
      for (let copy = 0; copy < remaining[card]; copy++) this.cards[count++] = card;
    }
    // Only the first deckCount places of a uniform shuffle are needed.
    const deck = position.deck;
    for (let i = 0; i < position.deckCount; i++) {
      const j = i + rng.int(count - i);
      const card = this.cards[j];
      this.cards[j] = this.cards[i];
      this.cards[i] = card;
      deck[i] = card;
    }
    return position;
  }
}

/** One card from `remaining`, each copy equally likely among the cards `excluded` allows. */
function drawAllowed(remaining: Int8Array, excluded: number, rng: Rng): number {
  let allowed = 0;
  for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) if ((excluded & (1 << card)) === 0) allowed += remaining[card];
  // The cards dealt to the opponents filled in before may leave none this one can hold: then any will do.
  const mask = allowed === 0 ? 0 : excluded;
  let total = 0;
  for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) if ((mask & (1 << card)) === 0) total += remaining[card];
  let pick = rng.int(total);
  for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) {
    if ((mask & (1 << card)) !== 0) continue;
    pick -= remaining[card];
    if (pick < 0) return card;
  }
  return Card.NONE;
}

/**
 * The view's own information: the cards it knows other seats hold (a reveal, a duel, a swap) stay
 * there, the cards a missed soldier guess ruled out stay out of that hand, and every other card
 * it has not seen is dealt at random. Without exclusions that is the uniform deal over what the
 * view allows; with them, close to it (see Determinizer). A lost duel's bound on the winner's card
 * is not in the view; search players that want it pass their own RoundKnowledge to a Determinizer.
 */
class ViewInformation implements RoundInformation {
  known: Int8Array;
  excluded: Uint16Array;
  playedSum: Int16Array;

  constructor(players: number) {
    this.known = new Int8Array(players);
    this.excluded = new Uint16Array(players);
    this.playedSum = new Int16Array(players);
  }

  read(view: LoveLetterView): void {
    this.known = view.known;
    this.excluded = view.excluded;
    this.playedSum = view.playedSum;
  }

  unknownPool(view: LoveLetterView, out: Int8Array): number {
    view.unseen(out);
    for (let seat = 0; seat < view.players; seat++)
      if (seat !== view.seat && view.inRound[seat] === 1 && view.known[seat] !== 0) out[view.known[seat]]--;
    let total = 0;
    for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) {
      out[card] -= view.goneKnown[card];
      total += out[card];
    }
    return total;
  }
}

/** [players * MAX_PLAYERS + seat]: the determinizer for that seat, made on first use. */
const determinizers: (Determinizer | undefined)[] = [];
const informations: (ViewInformation | undefined)[] = [];

/** The game's resample: the round from `view`'s seat's decision, its unseen cards dealt uniformly. */
export function resampleRound(state: LoveLetterState, view: LoveLetterView, rng: Rng): boolean {
  if (view.handCount !== 2 || view.turn !== view.seat) return false;
  const slot = view.players * MAX_PLAYERS + view.seat;
  const determinizer = (determinizers[slot] ??= new Determinizer(view.players, view.seat));
  const information = (informations[slot] ??= new ViewInformation(view.players));
  information.read(view);
  determinizer.prepare(view, information);
  loadPosition(state, determinizer.sample(rng));
  return true;
}

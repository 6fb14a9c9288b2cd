import {
  CARD_COPIES,
  CARD_KINDS,
  CARD_TARGETING,
  Card,
  Targeting,
  actionCard,
  actionTarget,
  encodeAction,
  loveLetter,
  type LoveLetterView,
  type Rng,
} from '../../src/strategy-api.ts';
import type { LoveLetterState } from '../../src/games/love-letter/state.ts';
import { commonestGuess, randomOpenOpponent } from './choices.ts';
import type { RoundKnowledge } from './knowledge.ts';

/** Chance that a playout player plays its higher card when no rule says otherwise. */
const HIGH_CARD_CHANCE = 0.15;
/** A knight is worth playing blind only when the card kept is at least this. */
const BLIND_KNIGHT_MIN = Card.WIZARD;

/**
 * Plays imagined rounds to their end for a search: a quick rule player for every seat that acts
 * only on what that seat could know. Besides the cards played face up, it follows who has seen
 * whose card (a clown, a knight tie, a general swap) until that card leaves the hand; a player
 * uses a card it has seen exactly as a careful player would: a soldier names it, a knight fights
 * it when holding more, a wizard hits it when it is the princess. Otherwise it keeps its higher
 * card (now and then the lower one), never plays the princess while holding another card, plays a
 * knight only with a strong card kept, aims at a random unprotected opponent and names with a
 * soldier the card with most copies it has not seen.
 */
export class Playout {
  private readonly players: number;
  /** [card]: copies played face up so far in the round being played out. */
  private readonly played = new Int8Array(CARD_KINDS + 1);
  private readonly unseen = new Int8Array(CARD_KINDS + 1);
  /** [seat]: bit q set when that seat knows the card q holds. */
  private readonly knows: Uint8Array;

  constructor(players: number) {
    this.players = players;
    this.knows = new Uint8Array(players);
  }

  /** Starts a playout from the searcher's decision: what is public, and who knows what of ours. */
  start(view: LoveLetterView, knowledge: RoundKnowledge): void {
    this.played.set(view.seen);
    const me = view.seat;
    this.knows.fill(0);
    for (let seat = 0; seat < this.players; seat++) {
      if (seat === me) continue;
      if (knowledge.known[seat] !== 0) this.knows[me] |= 1 << seat;
      if ((knowledge.exposedTo & (1 << seat)) !== 0) this.knows[seat] |= 1 << me;
    }
  }

  /** Applies `action` for the current player, keeping track of what each seat then knows. */
  apply(s: LoveLetterState, action: number): void {
    const mover = s.current;
    const card = actionCard(action);
    const target = actionTarget(action);
    // Playing the card held before the draw leaves the drawn one, which nobody has seen.
    if (card === s.hand[mover] && card !== s.drawn) this.forget(mover);
    const open = target >= 0 && target !== mover && s.protectedSeat[target] === 0;
    this.played[card]++;
    loveLetter.apply(s, action);
    if (!open && card !== Card.WIZARD) return;
    switch (card) {
      case Card.CLOWN:
        this.knows[mover] |= 1 << target;
        break;
      case Card.KNIGHT:
        this.knows[mover] |= 1 << target;
        this.knows[target] |= 1 << mover;
        break;
      case Card.WIZARD:
        if (target === mover || open) this.forget(target);
        break;
      case Card.GENERAL:
        for (let seat = 0; seat < this.players; seat++) this.knows[seat] = swapBits(this.knows[seat], mover, target);
        this.knows[mover] |= 1 << target;
        this.knows[target] |= 1 << mover;
        break;
      default:
        break;
    }
  }

  /** The current player's play, by the rules in the class comment. */
  choose(s: LoveLetterState, rng: Rng): number {
    const mover = s.current;
    const held = s.hand[mover];
    const drawn = s.drawn;
    const low = held < drawn ? held : drawn;
    const high = held < drawn ? drawn : held;
    const informed = this.informedPlay(s, mover, low, high);
    if (informed >= 0) return informed;
    let card = high === Card.PRINCESS || rng.float() >= HIGH_CARD_CHANCE ? low : high;
    const kept = card === low ? high : low;
    if (card === Card.KNIGHT && kept < BLIND_KNIGHT_MIN && kept !== Card.PRINCESS) card = kept;
    if (CARD_TARGETING[card] === Targeting.NONE) return encodeAction(card, -1, 0);
    const target = randomOpenOpponent(this.players, mover, s.inRound, s.protectedSeat, rng);
    return encodeAction(card, target, card === Card.SOLDIER ? this.likeliestGuess(held, drawn, rng) : 0);
  }

  /** A play that uses a card the mover has seen in an unprotected opponent's hand, or -1. */
  private informedPlay(s: LoveLetterState, mover: number, low: number, high: number): number {
    const seen = this.knows[mover];
    if (seen === 0) return -1;
    for (let seat = 0; seat < this.players; seat++) {
      if ((seen & (1 << seat)) === 0 || s.inRound[seat] === 0 || s.protectedSeat[seat] === 1) continue;
      const theirs = s.hand[seat];
      if (low === Card.SOLDIER && theirs !== Card.SOLDIER) return encodeAction(Card.SOLDIER, seat, theirs);
      if (low === Card.KNIGHT && high > theirs) return encodeAction(Card.KNIGHT, seat, 0);
      if (high === Card.KNIGHT && low > theirs) return encodeAction(Card.KNIGHT, seat, 0);
      if (theirs === Card.PRINCESS && (low === Card.WIZARD || high === Card.WIZARD)) return encodeAction(Card.WIZARD, seat, 0);
    }
    return -1;
  }

  /** The card with most copies neither played nor in the mover's hand. */
  private likeliestGuess(held: number, drawn: number, rng: Rng): number {
    const unseen = this.unseen;
    for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) unseen[card] = CARD_COPIES[card] - this.played[card];
    unseen[held]--;
    unseen[drawn]--;
    return commonestGuess(unseen, rng);
  }

  private forget(seat: number): void {
    const mask = ~(1 << seat);
    for (let other = 0; other < this.players; other++) this.knows[other] &= mask;
  }
}

function swapBits(mask: number, a: number, b: number): number {
  const bitA = (mask >> a) & 1;
  const bitB = (mask >> b) & 1;
  if (bitA === bitB) return mask;
  return mask ^ ((1 << a) | (1 << b));
}

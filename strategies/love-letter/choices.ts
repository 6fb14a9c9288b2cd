import { Card, decodeRules, type LoveLetterSeatView, type Rng, type RuleValues } from '../../src/strategy-api.ts';

// Helpers the rule-based strategies share for reading a decision.

/** The card a hand keeps when it plays `played`. */
export function keptCard(view: LoveLetterSeatView, played: number): number {
  return view.hand[0] === played ? view.hand[1] : view.hand[0];
}

/** The hand total at which the minister check puts its holder out, under these rules. */
export function ministerBustAt(rules: RuleValues): number {
  return decodeRules(rules).ministerBustAt;
}

/** Whether `first` and `second` held together fail the minister check. */
export function busts(first: number, second: number, bustAt: number): boolean {
  return (first === Card.MINISTER || second === Card.MINISTER) && first + second >= bustAt;
}

/**
 * Copies among `pool` that would fail the minister check beside `kept` on the next draw: the
 * minister's partners when keeping the minister, the minister when keeping a partner.
 */
export function bustingDraws(kept: number, pool: Int8Array, bustAt: number): number {
  let count = 0;
  for (let card = Card.SOLDIER; card <= Card.PRINCESS; card++) if (busts(kept, card, bustAt)) count += pool[card];
  return count;
}

/** Players still in other than the viewer. */
export function opponentsIn(view: LoveLetterSeatView): number {
  let count = 0;
  for (let seat = 0; seat < view.players; seat++) if (seat !== view.seat && view.inRound[seat] === 1) count++;
  return count;
}

/**
 * Whether the player will probably draw again this round: every other player still in draws
 * once before its next turn, so the deck must hold more cards than they take.
 */
export function drawsAgain(view: LoveLetterSeatView): boolean {
  return view.deckCount > opponentsIn(view);
}

/**
 * An opponent a targeted card can affect (still in, unprotected), uniformly at random. When every
 * opponent is protected, the first one still in: the play is then wasted but harmless, where a
 * wizard on oneself would throw away one's own card. Reads a view's or a state's arrays alike.
 */
export function randomOpenOpponent(players: number, me: number, inRound: Uint8Array, protectedSeat: Uint8Array, rng: Rng): number {
  let open = 0;
  let shielded = -1;
  for (let seat = 0; seat < players; seat++) {
    if (seat === me || inRound[seat] === 0) continue;
    if (protectedSeat[seat] === 0) open++;
    else if (shielded < 0) shielded = seat;
  }
  if (open === 0) return shielded;
  let pick = rng.int(open);
  for (let seat = 0; seat < players; seat++) {
    if (seat === me || inRound[seat] === 0 || protectedSeat[seat] === 1) continue;
    if (pick-- === 0) return seat;
  }
  return shielded;
}

/** The card other than the soldier with the most copies in `counts`; ties broken at random. */
export function commonestGuess(counts: Int8Array, rng: Rng): number {
  let guess: number = Card.CLOWN;
  let ties = 0;
  for (let card = Card.CLOWN; card <= Card.PRINCESS; card++) {
    if (card === Card.CLOWN || counts[card] > counts[guess]) {
      guess = card;
      ties = 1;
    } else if (counts[card] === counts[guess] && rng.int(++ties) === 0) {
      guess = card;
    }
  }
  return guess;
}

import { lowestBit } from '../../core/bits.ts';
import { Forfeit } from '../../core/forfeits.ts';
import type { MasterKey } from '../../core/random.ts';
import { Streams, type Rng } from '../../core/random.ts';
import { HAND_POINTS, POINTS_OF, QUEEN_OF_SPADES, RANKS, RANK_OF, SUITS, SUIT_OF, Suit, TWO_OF_CLUBS, bitCount } from './cards.ts';
import { Ev, Illegal } from './codes.ts';
import { HEARTS_DEALT_BUCKETS, HEARTS_METRIC_COUNT, Metric } from './metrics.ts';
import type { HeartsState } from './state.ts';

const QUEEN_RANK = RANK_OF[QUEEN_OF_SPADES];
const QUEEN_POINTS = POINTS_OF[QUEEN_OF_SPADES];

// reset/apply/forfeit run everything that needs no decision (trick ends, scoring, the next deal),
// so after each call the state either awaits `current` or is over.

export function resetGame(s: HeartsState, key: MasterKey, game: number): void {
  s.key = key;
  s.gameIndex = game;
  s.tally.clear();
  s.events.clear();
  // Plain stores rather than TypedArray.fill, which costs a runtime call per array.
  for (let seat = 0; seat < s.players; seat++) {
    s.totals[seat] = 0;
    s.carried[seat] = 0;
    s.shares[seat] = 0;
  }
  s.hand = 0;
  s.forfeited = -1;
  s.over = false;
  startHand(s);
}

function startHand(s: HeartsState): void {
  const players = s.players;
  s.hand++;
  s.tally.startRound();
  shuffleDeck(s);
  const size = s.handSize;
  const masks = s.suitMask;
  const deck = s.deck;
  const dealt = s.dealt;
  let leader = 0;
  for (let seat = 0, at = 0; seat < players; seat++) {
    let hearts = 0;
    let diamonds = 0;
    for (let i = 0; i < size; i++, at++) {
      const card = deck[at];
      dealt[at] = card;
      hearts |= HEARTS_WORD_BIT[card];
      diamonds |= DIAMONDS_WORD_BIT[card];
    }
    const base = seat * SUITS;
    masks[base + Suit.HEARTS] = hearts & SUIT_BITS;
    masks[base + Suit.CLUBS] = hearts >>> RANKS;
    masks[base + Suit.DIAMONDS] = diamonds & SUIT_BITS;
    masks[base + Suit.SPADES] = diamonds >>> RANKS;
    if ((hearts & HEARTS_WORD_BIT[TWO_OF_CLUBS]) !== 0) leader = seat;
    s.pointsTaken[seat] = 0;
    s.tricksWon[seat] = 0;
    s.handScore[seat] = 0;
    placeDealtLabels(s, seat);
  }
  s.queenTaker = -1;
  s.trick = 0;
  s.trickCount = 0;
  s.heartsBroken = false;
  s.moonMask = (1 << players) - 1;
  s.current = leader;
  const events = s.events;
  // Skipped as a whole when nobody reads the log: a deal would otherwise make a call per card.
  if (!events.enabled) return;
  for (let seat = 0; seat < players; seat++) {
    events.push(1 << seat, Ev.HAND_START, s.hand, leader, players, 0);
    for (let i = 0; i < size; i++) events.push(1 << seat, Ev.DEALT, i, s.dealt[seat * size + i], 0, 0);
  }
}

/**
 * A dealt hand is gathered in two words, one for hearts and clubs and one for diamonds and spades
 * (card = suit * 13 + rank: a card's bit is its number, less 26 in the second word), then split
 * into the four suit masks. Two ORs per card in registers, where OR-ing each card into its suit's
 * mask in memory would make every card wait for the store of the last one of its suit.
 */
const HEARTS_WORD_BIT = Int32Array.from(SUIT_OF, (suit, card) => (suit <= Suit.CLUBS ? 1 << card : 0));
const DIAMONDS_WORD_BIT = Int32Array.from(SUIT_OF, (suit, card) => (suit >= Suit.DIAMONDS ? 1 << (card - 2 * RANKS) : 0));
const SUIT_BITS = (1 << RANKS) - 1;

/**
 * Where the seat's values go in the tally this hand: under the labels of the metrics split by what
 * it was dealt. The metrics without labels keep the cells the state found for them once.
 */
function placeDealtLabels(s: HeartsState, seat: number): void {
  const tally = s.tally;
  const cells = s.handCells;
  const at = seat * HEARTS_METRIC_COUNT;
  const base = seat * SUITS;
  const spades = s.suitMask[base + Suit.SPADES];
  const hearts = bitCount(s.suitMask[base + Suit.HEARTS]);
  cells[at + Metric.POINTS_BY_QUEEN] = tally.momentsCell(Metric.POINTS_BY_QUEEN, seat, (spades >> QUEEN_RANK) & 1);
  cells[at + Metric.POINTS_BY_HEARTS] = tally.momentsCell(
    Metric.POINTS_BY_HEARTS,
    seat,
    hearts < HEARTS_DEALT_BUCKETS ? hearts : HEARTS_DEALT_BUCKETS,
  );
  cells[at + Metric.POINTS_BY_HIGH_SPADES] = tally.momentsCell(Metric.POINTS_BY_HIGH_SPADES, seat, bitCount(spades >> QUEEN_RANK));
}

function shuffleDeck(s: HeartsState): void {
  const deck = s.deck;
  const cards = deck.length;
  const stacked = s.stackedDecks?.[s.hand - 1];
  if (stacked) {
    for (let i = 0; i < cards; i++) deck[i] = stacked[i];
    return;
  }
  // Plain stores rather than TypedArray.set, which costs a runtime call.
  const unshuffled = s.deckCards;
  for (let i = 0; i < cards; i++) deck[i] = unshuffled[i];
  s.dealRng.seed(s.key, s.gameIndex, Streams.DEAL, s.hand).shuffleByThrees(deck, cards);
}

/** Plays a legal card for the current player (trusted: no validation). */
export function applyAction(s: HeartsState, card: number): void {
  const seat = s.current;
  const suit = SUIT_OF[card];
  const rank = RANK_OF[card];
  s.suitMask[seat * SUITS + suit] &= ~(1 << rank);
  if (s.events.enabled) tellEveryone(s, Ev.PLAYED, seat, card, 0);
  if (s.trickCount === 0) {
    s.ledSuit = suit;
    s.trickWinner = seat;
    s.trickHighRank = rank;
    s.trickPoints = 0;
  } else {
    // Whether the card takes the trick's lead is a coin toss to the processor: chosen by
    // arithmetic (takes: all bits or none) rather than by a branch it would often guess wrong.
    const takes = -(+(suit === s.ledSuit) & +(rank > s.trickHighRank));
    s.trickWinner = (seat & takes) | (s.trickWinner & ~takes);
    s.trickHighRank = (rank & takes) | (s.trickHighRank & ~takes);
  }
  const points = POINTS_OF[card];
  // The point cards are exactly the hearts and the queen of spades, the cards that break hearts.
  if (points !== 0) {
    s.trickPoints += points;
    s.heartsBroken = true;
  }
  if (++s.trickCount < s.players) {
    // A wrap by comparison: the table size is not a constant, so % would be a real division.
    s.current = seat + 1 === s.players ? 0 : seat + 1;
    return;
  }
  endTrick(s);
}

function endTrick(s: HeartsState): void {
  const winner = s.trickWinner;
  const points = s.trickPoints;
  if (s.events.enabled) tellEveryone(s, Ev.TRICK_WON, winner, points, s.trick);
  s.tricksWon[winner]++;
  s.pointsTaken[winner] += points;
  if (points !== 0) s.moonMask &= 1 << winner;
  // Hearts in one trick are at most one per player, so 13 or more points means the queen is in it.
  if (points >= QUEEN_POINTS) s.queenTaker = winner;
  const scored = s.trick > 0 || s.rules.scoreFirstTrick ? points : 0;
  if (s.rules.lastTrickScores) s.handScore[winner] = scored;
  else s.handScore[winner] += scored;
  s.trickCount = 0;
  if (++s.trick === s.tricksPerHand) endHand(s);
  else s.current = winner;
}

/**
 * Logs a record for every seat. The play and the trick's end call it only while someone reads the
 * log: a push written out in them would grow them past what the compiler takes into the play loop
 * whole.
 */
function tellEveryone(s: HeartsState, kind: number, a: number, b: number, c: number): void {
  s.events.push((1 << s.players) - 1, kind, a, b, c, 0);
}

/** The seat that shot the moon this hand, or -1. */
function moonShooter(s: HeartsState): number {
  if (s.rules.moonOverPlayedTricks) {
    // As the original server: when several seats still qualify (no points played at all), the
    // highest-numbered one is the shooter.
    return s.moonMask === 0 ? -1 : 31 - Math.clz32(s.moonMask);
  }
  for (let seat = 0; seat < s.players; seat++) if (s.pointsTaken[seat] === HAND_POINTS) return seat;
  return -1;
}

function endHand(s: HeartsState): void {
  const players = s.players;
  const all = (1 << players) - 1;
  const shooter = moonShooter(s);
  if (shooter >= 0) s.events.push(all, Ev.MOON, shooter, 0, 0, 0);
  const carryOver = s.rules.carryOver;
  let highest = 0;
  let lowest = 0x7fffffff;
  for (let seat = 0; seat < players; seat++) {
    const wonNone = s.tricksWon[seat] === 0;
    let value: number;
    if (shooter >= 0) value = seat === shooter ? 0 : HAND_POINTS;
    else value = carryOver && wonNone ? s.carried[seat] : s.handScore[seat];
    // The carried value is what the original server's never-reset per-hand variable holds: it
    // changes only when the seat wins a trick, whatever the moon did to the totals.
    if (!wonNone) s.carried[seat] = s.handScore[seat];
    const total = (s.totals[seat] += value);
    if (total > highest) highest = total;
    if (value < lowest) lowest = value;
    s.handValue[seat] = value;
    s.events.push(all, Ev.HAND_SCORED, seat, value, total, 0);
  }
  tallyHand(s, shooter, lowest);
  const { endScore, hands } = s.rules;
  if ((endScore > 0 && highest >= endScore) || (hands > 0 && s.hand >= hands)) finishGame(s);
  else startHand(s);
}

/** The hand's metrics, and its winners: the seats that scored least, sharing the hand. */
function tallyHand(s: HeartsState, shooter: number, lowest: number): void {
  const tally = s.tally;
  const cells = s.handCells;
  let winners = 0;
  for (let seat = 0; seat < s.players; seat++) {
    const value = s.handValue[seat];
    if (value === lowest) winners++;
    const at = seat * HEARTS_METRIC_COUNT;
    tally.recordAt(cells[at + Metric.POINTS], value);
    tally.recordAt(cells[at + Metric.POINTS_BY_QUEEN], value);
    tally.recordAt(cells[at + Metric.POINTS_BY_HEARTS], value);
    tally.recordAt(cells[at + Metric.POINTS_BY_HIGH_SPADES], value);
    tally.recordAt(cells[at + Metric.QUEEN_TAKEN], seat === s.queenTaker ? 1 : 0);
    tally.recordAt(cells[at + Metric.MOON_SHOT], seat === shooter ? 1 : 0);
  }
  const share = tally.shareUnits / winners;
  for (let seat = 0; seat < s.players; seat++) if (s.handValue[seat] === lowest) tally.roundWon(seat, share);
}

/** Lowest total wins; ties share the win. A forfeited seat wins nothing. */
function finishGame(s: HeartsState): void {
  let best = 0x7fffffff;
  let count = 0;
  for (let seat = 0; seat < s.players; seat++) {
    if (seat === s.forfeited) continue;
    const total = s.totals[seat];
    if (total < best) {
      best = total;
      count = 1;
    } else if (total === best) {
      count++;
    }
  }
  for (let seat = 0; seat < s.players; seat++) {
    s.shares[seat] = seat !== s.forfeited && s.totals[seat] === best ? 1 / count : 0;
  }
  s.over = true;
  s.current = -1;
}

/**
 * A bad move ends the game (the original server stopped the whole group): the current player
 * forfeits, is placed last with no share of the win, and the others are ranked by their totals
 * so far, the hand in progress not counted. The forfeiting seat's points per hand count that hand
 * as every point it could have cost, 26: counted as nothing, a bad move made just before taking
 * the queen would lower a seat's points, the measure compare and tune read in Hearts.
 */
export function forfeitTurn(s: HeartsState, reason: number): void {
  const seat = s.current;
  s.tally.forfeit(seat, reason);
  s.forfeited = seat;
  const cells = s.handCells;
  const at = seat * HEARTS_METRIC_COUNT;
  for (const metric of POINT_METRICS) s.tally.recordAt(cells[at + metric], HAND_POINTS);
  finishGame(s);
}

/** The metrics of a seat's points in a hand, which a forfeited hand charges in full. */
const POINT_METRICS = [Metric.POINTS, Metric.POINTS_BY_QUEEN, Metric.POINTS_BY_HEARTS, Metric.POINTS_BY_HIGH_SPADES];

/**
 * Writes the current player's legal cards in card order (suit, then rank); returns the count.
 * One loop over the playable suits lists their cards, one step per card held in them, lowest
 * first: no test of the suits or ranks that are not there.
 */
export function listLegalActions(s: HeartsState, out: Int32Array): number {
  let suits = playableSuits(s);
  if (suits === 0) {
    out[0] = TWO_OF_CLUBS;
    return 1;
  }
  const base = s.current * SUITS;
  let count = 0;
  for (; suits !== 0; suits &= suits - 1) {
    const suit = lowestBit(suits);
    const firstOfSuit = suit * RANKS;
    for (let mask = s.suitMask[base + suit]; mask !== 0; mask &= mask - 1) out[count++] = firstOfSuit + lowestBit(mask);
  }
  return count;
}

/**
 * The card a uniform choice from listLegalActions' list would take, legal[rng.int(count)], found
 * without writing the list: the same one draw, then the suit it falls in, in list order, and the
 * card at its place in that suit.
 */
export function drawLegalCard(s: HeartsState, rng: Rng): number {
  let suits = playableSuits(s);
  const base = s.current * SUITS;
  const masks = s.suitMask;
  // The hand's first lead is a list of one, the two of clubs, and takes its draw too. The lowest
  // suit is found inline here, not by lowestBit: with the calls, random play loses about 4% of its
  // hands a second, this draw no longer fitting the play loop's inlining budget whole (measured).
  let count = suits === 0 ? 1 : 0;
  for (let left = suits; left !== 0; left &= left - 1) count += CARDS_IN_MASK[masks[base + 31 - Math.clz32(left & -left)]];
  let index = rng.int(count);
  if (suits === 0) return TWO_OF_CLUBS;
  for (; ; suits &= suits - 1) {
    const suit = 31 - Math.clz32(suits & -suits);
    const mask = masks[base + suit];
    const held = CARDS_IN_MASK[mask];
    if (index < held) return suit * RANKS + NTH_RANK[(mask << 4) | index];
    index -= held;
  }
}

/**
 * The suits the current player may play from, one bit per suit; 0 on the hand's first lead, where
 * the two of clubs is the only legal card. Small enough for the play loop to take in whole with
 * the listing or the draw that calls it.
 */
function playableSuits(s: HeartsState): number {
  const base = s.current * SUITS;
  const masks = s.suitMask;
  if (s.trickCount > 0) return masks[base + s.ledSuit] !== 0 ? 1 << s.ledSuit : ALL_SUITS;
  if (s.trick === 0) return 0;
  // Hearts (suit 0) may not be led before they are broken, unless the leader holds no other suit.
  return s.heartsBroken || (masks[base + 1] | masks[base + 2] | masks[base + 3]) === 0 ? ALL_SUITS : ALL_SUITS_BUT_HEARTS;
}

const ALL_SUITS = (1 << SUITS) - 1;
const ALL_SUITS_BUT_HEARTS = ALL_SUITS & ~(1 << Suit.HEARTS);
/** The cards in a suit's rank mask: one load where counting the bits takes a dozen operations. */
const CARDS_IN_MASK = Uint8Array.from({ length: 1 << RANKS }, (_, mask) => bitCount(mask));
/**
 * [(mask << 4) | k]: the rank of the k-th lowest card in a suit's rank mask (128 KiB). One load
 * where a walk over the mask's bits stops after a random number of steps, which the processor
 * guesses wrong on most draws (measured: a fifth of a random hand's time).
 */
const NTH_RANK = nthRanks();

function nthRanks(): Int8Array {
  const ranks = new Int8Array((1 << RANKS) << 4);
  // A mask's ranks are its lowest one, then the ranks of the mask without it, a row already made:
  // one copy per mask rather than a step per card, as each strategy file's seat, with a confined
  // copy of the game, builds this table again.
  for (let mask = 1; mask < 1 << RANKS; mask++) {
    const rest = (mask & (mask - 1)) << 4;
    ranks[mask << 4] = lowestBit(mask);
    ranks.copyWithin((mask << 4) + 1, rest, rest + RANKS - 1);
  }
  return ranks;
}

/** 0 when `card` is legal for the current player, otherwise the reason it is not. */
export function illegalReason(s: HeartsState, card: number): number {
  // Untrusted code may return anything: a fraction would otherwise pass as its truncation.
  if (!Number.isInteger(card)) return Forfeit.MALFORMED;
  if (card < 0 || card >= SUIT_OF.length) return Illegal.UNKNOWN_CARD;
  if (s.over) return Forfeit.ILLEGAL;
  const base = s.current * SUITS;
  const masks = s.suitMask;
  const suit = SUIT_OF[card];
  if ((masks[base + suit] & (1 << RANK_OF[card])) === 0) return Illegal.NOT_HELD;
  if (s.trickCount > 0) {
    return suit !== s.ledSuit && masks[base + s.ledSuit] !== 0 ? Illegal.MUST_FOLLOW_SUIT : 0;
  }
  if (s.trick === 0) return card === TWO_OF_CLUBS ? 0 : Illegal.MUST_LEAD_TWO_OF_CLUBS;
  const holdsOtherSuit = (masks[base + Suit.CLUBS] | masks[base + Suit.DIAMONDS] | masks[base + Suit.SPADES]) !== 0;
  if (suit === Suit.HEARTS && !s.heartsBroken && holdsOtherSuit) return Illegal.HEARTS_NOT_BROKEN;
  return 0;
}

/** Each seat's total points so far (lower is better). */
export function scores(s: HeartsState, out: Float64Array): void {
  for (let seat = 0; seat < s.players; seat++) out[seat] = s.totals[seat];
}

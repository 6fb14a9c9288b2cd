import type { MasterKey, Rng } from '../../core/random.ts';
import { Streams, scaleBits } from '../../core/random.ts';
import { actionCard, actionGuess, actionTarget, encodeAction } from './actions.ts';
import { CARD_TARGETING, Card, DECK_SIZE, FULL_DECK, MAX_PLAYERS, MIN_PLAYERS, Targeting } from './cards.ts';
import { legalRowBase } from './legal-rows.ts';
import { bitCount, lowestBit } from '../../core/bits.ts';
import { Forfeit } from '../../core/forfeits.ts';
import { Ev, Illegal, OutCause } from './codes.ts';
import { LOVE_LETTER_METRICS, Metric } from './metrics.ts';
import { NextStarter, RoundTie } from './rules.ts';
import type { LoveLetterState } from './state.ts';

// The engine runs everything that needs no decision (draws, minister busts, round ends, the next
// deal) inside reset/apply/forfeit, so after each call the state either awaits `current` or is over.

// Typed copies of the card tables for the engine alone: the exported arrays are frozen against
// strategies, and loads from frozen arrays cost random play several percent (measured).
// The unshuffled deck is kept four cards to a word, as LoveLetterState.deckWords holds the deck.
const UNSHUFFLED_DECK = new Int32Array(Int8Array.from(FULL_DECK).buffer);
const TARGETING = Int8Array.from(CARD_TARGETING);

const FIRST_CARD_LABELS = LOVE_LETTER_METRICS[Metric.FIRST_CARD].labels.length;

const NO_CARD = 0;
const NO_TARGET = -1;
const NO_GUESS = 0;

export function resetGame(s: LoveLetterState, key: MasterKey, game: number): void {
  s.key = key;
  s.gameIndex = game;
  s.tally.clear();
  s.events.clear();
  // Plain stores rather than TypedArray.fill, which costs a runtime call per array.
  for (let seat = 0; seat < s.players; seat++) {
    s.roundWins[seat] = 0;
    s.shares[seat] = 0;
  }
  s.round = 0;
  s.firstPlayer = 0;
  s.over = false;
  startRound(s);
}

function startRound(s: LoveLetterState): void {
  const players = s.players;
  s.round++;
  const rng = s.dealRng.seed(s.key, s.gameIndex, Streams.DEAL, s.round);
  if (s.round > 1 && s.rules.nextStarter === NextStarter.RANDOM) s.firstPlayer = rng.int(players);
  shuffleDeck(s);
  for (let i = 0; i < s.seenWords.length; i++) s.seenWords[i] = 0;
  s.deckTop = 1;
  s.drawn = NO_CARD;
  s.inMask = (1 << players) - 1;
  s.inCount = players;
  const tally = s.tally;
  tally.startRound();
  // Dealt in turn order from the first player; the seat wraps by comparison, not %, a division.
  for (let i = 0, seat = s.firstPlayer; i < players; i++, seat = seat + 1 === players ? 0 : seat + 1) {
    // Plain stores rather than TypedArray.fill: on four-element arrays the builtin call costs more.
    s.inRound[seat] = 1;
    s.protectedSeat[seat] = 0;
    s.playedSum[seat] = 0;
    const card = s.deck[s.deckTop++];
    s.hand[seat] = card;
    // The tally's cells for the card, found once per deal rather than at each of the round's wins.
    const cell = s.firstCardCells[seat] + card;
    s.heldCardCells[seat] = cell;
    tally.holdAt(cell, card, FIRST_CARD_LABELS);
    s.events.ifEnabled()?.push(1 << seat, Ev.START, s.firstPlayer, players, 0, 0);
    s.events.ifEnabled()?.push(1 << seat, Ev.DRAW, card, 0, 0, 0);
  }
  s.current = s.firstPlayer;
  beginTurn(s);
}

function shuffleDeck(s: LoveLetterState): void {
  const deck = s.deck;
  const stacked = s.stackedDecks?.[s.round - 1];
  if (stacked) {
    for (let i = 0; i < DECK_SIZE; i++) deck[i] = stacked[i];
    return;
  }
  const words = s.deckWords;
  for (let i = 0; i < UNSHUFFLED_DECK.length; i++) words[i] = UNSHUFFLED_DECK[i];
  s.dealRng.shuffleByThrees(deck, DECK_SIZE);
}

/** Runs turns until one needs a decision, or the round ends. */
function beginTurn(s: LoveLetterState): void {
  for (;;) {
    const seat = s.current;
    s.protectedSeat[seat] = 0;
    if (s.deckTop >= DECK_SIZE) {
      endRound(s);
      return;
    }
    s.events.ifEnabled()?.push(s.inMask, Ev.PLAYER, seat, 0, 0, 0);
    const drawn = s.deck[s.deckTop++];
    s.drawn = drawn;
    s.events.ifEnabled()?.push(1 << seat, Ev.DRAW, drawn, 0, 0, 0);
    const held = s.hand[seat];
    if ((held === Card.MINISTER || drawn === Card.MINISTER) && held + drawn >= s.rules.ministerBustAt) {
      s.events.ifEnabled()?.push(s.inMask, Ev.OUT, seat, held, drawn, 0);
      s.seen[held]++;
      s.seen[drawn]++;
      knockOut(s, seat, OutCause.MINISTER);
      s.drawn = NO_CARD;
      if (s.inCount <= 1) {
        endRound(s);
        return;
      }
      s.current = nextInRound(s, seat);
      continue;
    }
    return;
  }
}

function knockOut(s: LoveLetterState, seat: number, cause: number): void {
  s.inRound[seat] = 0;
  s.inMask &= ~(1 << seat);
  s.inCount--;
  s.hand[seat] = NO_CARD;
  s.tally.count(Metric.OUT, seat, cause);
}

function nextInRound(s: LoveLetterState, seat: number): number {
  return NEXT_IN_ROUND[s.legalRowBase + (seat << s.players) + s.inMask];
}

/**
 * [row of the legal-action lists: table size, seat, in-round mask]: the next seat in the mask
 * after that seat, in turn order. One load where walking the seats took as many steps as seats
 * were out, a count the processor could not foresee.
 */
const NEXT_IN_ROUND = buildNextInRound();

function buildNextInRound(): Int8Array {
  const next = new Int8Array(legalRowBase(MAX_PLAYERS + 1));
  for (let players = MIN_PLAYERS; players <= MAX_PLAYERS; players++) {
    for (let seat = 0; seat < players; seat++) {
      for (let mask = 1; mask < 1 << players; mask++) {
        let after = seat;
        do after = after + 1 === players ? 0 : after + 1;
        while ((mask & (1 << after)) === 0);
        next[legalRowBase(players) + (seat << players) + mask] = after;
      }
    }
  }
  return next;
}

/** Ends the current player's turn: the round ends with one player left, else the next one plays. */
function passTurn(s: LoveLetterState, actor: number): void {
  if (s.inCount <= 1) {
    endRound(s);
    return;
  }
  s.current = nextInRound(s, actor);
  beginTurn(s);
}

/** Plays a legal action for the current player (trusted: no validation). */
export function applyAction(s: LoveLetterState, action: number): void {
  const actor = s.current;
  const card = actionCard(action);
  const target = actionTarget(action);
  const guess = actionGuess(action);
  // The card not played stays in hand: of the two held, the one that is not `card`. Arithmetic
  // rather than a test of which one was played, which the processor would guess wrong half the time.
  s.hand[actor] = s.hand[actor] + s.drawn - card;
  s.drawn = NO_CARD;
  s.playedSum[actor] += card;
  s.seen[card]++;
  const events = s.events.ifEnabled();
  events?.push(s.inMask, Ev.PLAYED, actor, card, target, guess);
  // A priestess shields her player from the cards aimed at another; each case asks only when its
  // card has a target, and only the wizard may aim at its own player.
  const protectedSeat = s.protectedSeat;
  switch (card) {
    case Card.SOLDIER:
      if (protectedSeat[target] !== 1 && s.hand[target] === guess) {
        events?.push(s.inMask, Ev.OUT, target, guess, NO_CARD, 0);
        s.seen[guess]++;
        knockOut(s, target, OutCause.SOLDIER);
      }
      break;
    case Card.CLOWN:
      if (protectedSeat[target] !== 1) events?.push(1 << actor, Ev.REVEAL, target, s.hand[target], 0, 0);
      break;
    case Card.KNIGHT:
      if (protectedSeat[target] !== 1) duel(s, actor, target);
      break;
    case Card.PRIESTESS:
      protectedSeat[actor] = 1;
      break;
    case Card.WIZARD:
      if (target === actor || protectedSeat[target] !== 1) forceDiscard(s, target);
      break;
    case Card.GENERAL:
      if (protectedSeat[target] !== 1) {
        const mine = s.hand[actor];
        s.hand[actor] = s.hand[target];
        s.hand[target] = mine;
        events?.push(1 << actor, Ev.SWAP, s.hand[actor], 0, 0, 0);
        events?.push(1 << target, Ev.SWAP, mine, 0, 0, 0);
      }
      break;
    case Card.PRINCESS: {
      const shown = s.rules.revealHandOnPrincessPlay ? s.hand[actor] : NO_CARD;
      events?.push(s.inMask, Ev.OUT, actor, shown, NO_CARD, 0);
      s.seen[shown]++;
      knockOut(s, actor, OutCause.PRINCESS);
      break;
    }
    default:
      // The minister does nothing when played; its danger is the check after a draw.
      break;
  }
  passTurn(s, actor);
}

function duel(s: LoveLetterState, actor: number, target: number): void {
  const mine = s.hand[actor];
  const theirs = s.hand[target];
  // The target's reveal goes first, as in the competition spec's example.
  s.events.ifEnabled()?.push(1 << target, Ev.REVEAL, actor, mine, 0, 0);
  s.events.ifEnabled()?.push(1 << actor, Ev.REVEAL, target, theirs, 0, 0);
  if (mine === theirs) return;
  const loser = mine < theirs ? actor : target;
  s.events.ifEnabled()?.push(s.inMask, Ev.OUT, loser, s.hand[loser], NO_CARD, 0);
  s.seen[s.hand[loser]]++;
  knockOut(s, loser, OutCause.KNIGHT);
}

function forceDiscard(s: LoveLetterState, target: number): void {
  const discarded = s.hand[target];
  s.events.ifEnabled()?.push(s.inMask, Ev.DISCARD, target, discarded, 0, 0);
  s.seen[discarded]++;
  s.hand[target] = NO_CARD;
  if (discarded === Card.PRINCESS) {
    s.events.ifEnabled()?.push(s.inMask, Ev.OUT, target, NO_CARD, NO_CARD, 0);
    knockOut(s, target, OutCause.WIZARD_PRINCESS);
  } else if (s.deckTop >= DECK_SIZE) {
    s.events.ifEnabled()?.push(s.inMask, Ev.OUT, target, NO_CARD, NO_CARD, 0);
    knockOut(s, target, OutCause.WIZARD_EMPTY_DECK);
  } else {
    const card = s.deck[s.deckTop++];
    s.hand[target] = card;
    s.events.ifEnabled()?.push(1 << target, Ev.DRAW, card, 0, 0, 0);
  }
}

/** The current player forfeits: out with both cards it holds. */
export function forfeitTurn(s: LoveLetterState, reason: number): void {
  const seat = s.current;
  s.events.ifEnabled()?.push(s.inMask, Ev.OUT, seat, s.hand[seat], s.drawn, 0);
  s.seen[s.hand[seat]]++;
  s.seen[s.drawn]++;
  s.tally.forfeit(seat, reason);
  knockOut(s, seat, OutCause.FORFEIT);
  s.drawn = NO_CARD;
  passTurn(s, seat);
}

function endRound(s: LoveLetterState): void {
  const winners = roundWinners(s);
  const tally = s.tally;
  // In share units: a whole number, so round-win sums stay exact (see shareUnitsFor). A round
  // mostly has one winner, and then the division, slow, is skipped.
  const winnerCount = bitCount(winners);
  const share = winnerCount === 1 ? tally.shareUnits : tally.shareUnits / winnerCount;
  let gameWinners = 0;
  // Over the winners' bits, lowest seat first: a test of every seat's bit would be guessed wrong
  // wherever the winner sits.
  for (let left = winners; left !== 0; left &= left - 1) {
    const seat = lowestBit(left);
    s.roundWins[seat]++;
    tally.seatWon(seat, share);
    tally.rateByWonAt(s.heldCardCells[seat], FIRST_CARD_LABELS, share);
    if (s.roundWins[seat] >= s.rules.winsNeeded) gameWinners |= 1 << seat;
  }
  // Addressed to nobody: bots are simply stopped at a round's end and never learn who won, so
  // in-process strategies must not either; transcripts still see it through the observer.
  s.events.ifEnabled()?.push(0, Ev.ROUND_END, winners, 0, 0, 0);
  s.drawn = NO_CARD;
  if (gameWinners !== 0) {
    finishGame(s, gameWinners);
    return;
  }
  if (s.rules.nextStarter === NextStarter.WINNER) s.firstPlayer = firstInTurnOrder(s, winners);
  else if (s.rules.nextStarter === NextStarter.ROTATE) s.firstPlayer = (s.firstPlayer + 1) % s.players;
  startRound(s);
}

function finishGame(s: LoveLetterState, gameWinners: number): void {
  let count = 0;
  for (let seat = 0; seat < s.players; seat++) if (gameWinners & (1 << seat)) count++;
  for (let seat = 0; seat < s.players; seat++) s.shares[seat] = gameWinners & (1 << seat) ? 1 / count : 0;
  s.over = true;
  s.current = -1;
}

/** The first seat of `mask` in turn order from the first player. */
function firstInTurnOrder(s: LoveLetterState, mask: number): number {
  if (mask === 0) return s.firstPlayer;
  // The seats from the first player on, else those before it.
  const fromFirst = mask & -(1 << s.firstPlayer);
  return lowestBit(fromFirst !== 0 ? fromFirst : mask);
}

/**
 * Bit mask of the round's winners among the players still in. Each seat in sets its bit in the
 * nibble of its card (four seats, eight cards: 32 bits), so the highest nibble set holds the best
 * card's holders: no comparison of cards the processor would have to guess.
 */
function roundWinners(s: LoveLetterState): number {
  let holders = 0;
  for (let seat = 0; seat < s.players; seat++) holders |= ((s.inMask >> seat) & 1) << (seat + 4 * (s.hand[seat] - 1));
  const mask = holders === 0 ? 0 : (holders >>> ((31 - Math.clz32(holders)) & ~3)) & 15;
  if ((mask & (mask - 1)) === 0) return mask;
  if (s.rules.roundTie === RoundTie.LOWEST_SEAT) return mask & -mask;
  if (s.rules.roundTie === RoundTie.DISCARD_SUM) return highestPlayedSum(s, mask);
  return mask;
}

function highestPlayedSum(s: LoveLetterState, tied: number): number {
  let best = -1;
  let mask = 0;
  for (let seat = 0; seat < s.players; seat++) {
    if ((tied & (1 << seat)) === 0) continue;
    const sum = s.playedSum[seat];
    if (sum > best) {
      best = sum;
      mask = 1 << seat;
    } else if (sum === best) {
      mask |= 1 << seat;
    }
  }
  return mask;
}

/** Writes the current player's legal actions, ordered by card, then target, then guess. */
export function listLegalActions(s: LoveLetterState, out: Int32Array): number {
  const list = LEGAL_LISTS[currentList(s)];
  let from = list >>> START_SHIFT;
  const count = (list >> COUNT_SHIFT) & RUN_MASK;
  for (let i = 0; i < count; i++) out[i] = LEGAL_ACTIONS[from++];
  return count;
}

/**
 * The current player's legal action that one of its two cards picked alike, then one of that
 * card's actions picked alike, gives for one draw of `rng`: with u = rng.float() * 2, the lower
 * card's action floor(u * run) when u < 1, else the higher card's action floor((u - 1) * run),
 * each counted in its own card's run of the list listLegalActions writes; and the action
 * rng.int(count) picks from the whole list when the two cards are alike. The same draw, taken
 * whole as 32 bits, gives the same action in integer steps: its top bit is u >= 1, and the 31
 * below it, doubled, the fraction that picks in the run.
 */
export function drawByCard(s: LoveLetterState, rng: Rng): number {
  const list = LEGAL_LISTS[currentList(s)];
  const start = list >>> START_SHIFT;
  const count = (list >> COUNT_SHIFT) & RUN_MASK;
  const lowerRun = list & RUN_MASK;
  const t = rng.nextI32();
  if (lowerRun === 0) return LEGAL_ACTIONS[start + scaleBits(t, count)];
  // Arithmetic rather than a branch on the card: the processor would guess it wrong half the time.
  const higher = t >>> 31;
  return LEGAL_ACTIONS[start + higher * lowerRun + scaleBits(t << 1, lowerRun + higher * (count - 2 * lowerRun))];
}

/** The number of the current player's list in LEGAL_LISTS. */
function currentList(s: LoveLetterState): number {
  const seat = s.current;
  return ((s.legalRowBase + (seat << s.players) + s.inMask) * CARD_SLOTS + s.hand[seat]) * CARD_SLOTS + s.drawn;
}

// Cards 0..8: a hand of two cards picks one of CARD_SLOTS * CARD_SLOTS lists in a row.
const CARD_SLOTS = Card.PRINCESS + 1;
/** A list's fields in its LEGAL_LISTS word: where it starts, how many actions, the lower card's run. */
const START_SHIFT = 10;
const COUNT_SHIFT = 5;
const RUN_MASK = 31;

/**
 * Every hand's legal actions in every situation, computed once: a turn's list depends only on the
 * table size, the seat, who is still in and the two cards held, so listing it is one copy. The
 * rows of all table sizes follow one another, row = legalRowBase(players) + (seat << players) +
 * in-round mask, and within a row the list of the cards held and drawn is number
 * (row * CARD_SLOTS + held) * CARD_SLOTS + drawn, the same list for either order of the two. Its
 * word in LEGAL_LISTS says where its actions start in LEGAL_ACTIONS (the lower card's first, then
 * the higher's unless they are the same card), how many there are, and how many of them play the
 * lower card where both cards have some (0 where the two are alike: one run, so drawByCard picks
 * from the whole list). Both arrays are module constants, private to this module: no caller can
 * write into them, and the compiler can fold their addresses and lengths into the copy loop
 * instead of loading and checking them again for every element.
 */
const LEGAL_LISTS = new Int32Array(legalRowBase(MAX_PLAYERS + 1) * CARD_SLOTS * CARD_SLOTS);
const LEGAL_ACTIONS = buildLegalActions();

function buildLegalActions(): Int32Array {
  const written: number[] = [];
  // Where each list written so far starts, by a hash of its actions: a list met again is pointed
  // at, not written again, which keeps the table small enough for the processor's nearest cache.
  // A number, not the list joined into text: each strategy file's seat builds this table again
  // (its confined copy of the game), and the text took most of that seat's start.
  const starts = new Map<number, number[]>();
  // A list is fixed by its two cards and whom each may target: most rows repeat a list already
  // made, found by that key without writing it out again.
  const made = new Map<number, number>();
  // So a row is fixed by who is in and whom the seat may target, whatever the table size: a row
  // met again is copied whole.
  const rows = new Map<number, number>();
  const cells = CARD_SLOTS * CARD_SLOTS;
  for (let players = MIN_PLAYERS; players <= MAX_PLAYERS; players++) {
    for (let seat = 0; seat < players; seat++) {
      for (let mask = 0; mask < 1 << players; mask++) {
        const row = legalRowBase(players) + (seat << players) + mask;
        const signature = (mask << MAX_PLAYERS) | (mask & ~(1 << seat));
        const same = rows.get(signature);
        if (same !== undefined) {
          LEGAL_LISTS.copyWithin(row * cells, same * cells, (same + 1) * cells);
          continue;
        }
        rows.set(signature, row);
        for (let low = Card.SOLDIER; low < CARD_SLOTS; low++) {
          for (let high = low; high < CARD_SLOTS; high++) {
            const key = ((low * CARD_SLOTS + high) << 10) | (targetsOf(low, mask, seat) << 5) | targetsOf(high, mask, seat);
            let list = made.get(key);
            if (list === undefined) {
              list = writeList(players, mask, seat, low, high, written, starts);
              made.set(key, list);
            }
            LEGAL_LISTS[(row * CARD_SLOTS + low) * CARD_SLOTS + high] = list;
            LEGAL_LISTS[(row * CARD_SLOTS + high) * CARD_SLOTS + low] = list;
          }
        }
      }
    }
  }
  return Int32Array.from(written);
}

/**
 * Writes the list of a hand of `low` and `high` at the end of `written`, or points at the same
 * list written before; returns its LEGAL_LISTS word.
 */
function writeList(
  players: number,
  mask: number,
  seat: number,
  low: number,
  high: number,
  written: number[],
  starts: Map<number, number[]>,
): number {
  const start = written.length;
  writeCardActions(players, mask, seat, low, written);
  const lowerRun = written.length - start;
  if (high !== low) writeCardActions(players, mask, seat, high, written);
  const count = written.length - start;
  const split = high !== low && lowerRun !== 0 && lowerRun !== count ? lowerRun : 0;
  const hash = listHash(written, start);
  const alike = starts.get(hash);
  const first = alike?.find((earlier) => sameList(written, earlier, start)) ?? start;
  if (first !== start) written.length = start;
  else if (alike) alike.push(start);
  else starts.set(hash, [start]);
  return (first << START_SHIFT) | (count << COUNT_SHIFT) | split;
}

/** Whom `card` may target with `mask` still in the round, as a mask; NONE, a value no mask takes. */
function targetsOf(card: number, mask: number, seat: number): number {
  const targeting = TARGETING[card];
  if (targeting === Targeting.NONE) return 1 << MAX_PLAYERS;
  return targeting === Targeting.OTHER ? mask & ~(1 << seat) : mask;
}

/** FNV-1a over the list written from `start` to the end, its length included. */
function listHash(written: readonly number[], start: number): number {
  let hash = Math.imul(0x811c9dc5 ^ (written.length - start), 0x01000193);
  for (let i = start; i < written.length; i++) hash = Math.imul(hash ^ written[i], 0x01000193);
  return hash;
}

/** Whether the list at `earlier` holds the same actions as the one written from `start` to the end. */
function sameList(written: readonly number[], earlier: number, start: number): boolean {
  for (let i = start; i < written.length; i++) if (written[earlier + i - start] !== written[i]) return false;
  return true;
}

function writeCardActions(players: number, inMask: number, seat: number, card: number, out: number[]): void {
  const targeting = TARGETING[card];
  if (targeting === Targeting.NONE) {
    out.push(encodeAction(card, NO_TARGET, NO_GUESS));
    return;
  }
  for (let target = 0; target < players; target++) {
    if ((inMask & (1 << target)) === 0 || (target === seat && targeting === Targeting.OTHER)) continue;
    if (card === Card.SOLDIER) {
      for (let guess = Card.CLOWN; guess <= Card.PRINCESS; guess++) out.push(encodeAction(card, target, guess));
    } else {
      out.push(encodeAction(card, target, NO_GUESS));
    }
  }
}

/** 0 when `action` is legal for the current player, otherwise the reason it is not. */
export function illegalReason(s: LoveLetterState, action: number): number {
  // Untrusted code may return anything: a fraction would otherwise pass as its truncation.
  if (!Number.isInteger(action) || action < 0 || action >= 1 << 12) return Forfeit.MALFORMED;
  const seat = s.current;
  const card = actionCard(action);
  const target = actionTarget(action);
  const guess = actionGuess(action);
  if (card < Card.SOLDIER || card > Card.PRINCESS) return Illegal.UNKNOWN_CARD;
  if (s.hand[seat] !== card && s.drawn !== card) return Illegal.NOT_HELD;
  const targeting = TARGETING[card];
  if (targeting === Targeting.NONE) return target === NO_TARGET && guess === NO_GUESS ? 0 : Illegal.WRONG_ARITY;
  if (target === NO_TARGET) return Illegal.WRONG_ARITY;
  if (target >= s.players) return Illegal.TARGET_OUT_OF_RANGE;
  if (s.inRound[target] === 0) return Illegal.TARGET_OUT_OF_ROUND;
  if (target === seat && targeting === Targeting.OTHER) return Illegal.SELF_TARGET;
  if (card !== Card.SOLDIER) return guess === NO_GUESS ? 0 : Illegal.WRONG_ARITY;
  if (guess === NO_GUESS) return Illegal.WRONG_ARITY;
  if (guess === Card.SOLDIER) return Illegal.SOLDIER_GUESS;
  return guess > Card.PRINCESS ? Illegal.UNKNOWN_CARD : 0;
}

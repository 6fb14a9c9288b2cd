// Dominion's rules of play, in AssemblyScript: compiled to WebAssembly, a game's draws, shuffles and
// turns take about half the time they took as TypeScript (the Dominion lines of
// test/bench/native.ts measure both against C). The whole state lives in this module's memory, at the places layout.ts fixes; DominionState reads and
// writes the same cells through typed arrays, and engine.ts calls the exports below. Everything
// that needs no decision happens here (draws, shuffles, cleanup, the next turn), and after each call
// the cards the decision now awaited allows (legalNow). The legal list, the reasons an action is
// not legal and the tally of a finished game stay on the TypeScript side.
//
// @inline (AssemblyScript's: the body is written in at every call) marks the steps a turn passes
// through whatever is played: the gain, the draw, the phases from one to the next, the legal cards
// written after each call. Binaryen leaves a function that calls others a call of its own, and the
// phases call each other in a chain: a big-money turn made about ten calls, and inlined they give
// the big-money mirror about 11% more games a second (measured).
//
// The names imported from ./constants are the TypeScript modules' own numbers (codes, cards,
// layout), written into that module when the engine is compiled (engine-binary.ts): it is not in
// the source tree, so the two sides cannot disagree.
import {
  ACTION_KINDS,
  ALL_KINDS,
  Action,
  CARD_COUNT,
  COLUMN_CELLS,
  CURVE_TURNS,
  Card,
  Column,
  DEAREST,
  Effect,
  EndCause,
  Ev,
  FAMILIES,
  Family,
  GainedBy,
  HAND_SIZE,
  Illegal,
  MILITIA_KEEPS,
  MINE_EXTRA_COST,
  Phase,
  Place,
  REMODEL_EXTRA_COST,
  RuleBit,
  STARTING_COPPERS,
  STARTING_ESTATES,
  Slot,
  TREASURE_KINDS,
  WORKSHOP_MAX_COST,
} from './constants';

const NO_CARD: i32 = -1;

/** Reports an event to the state's log; called only while the log records (Slot.LOGGING). */
declare function event(recipients: i32, kind: i32, a: i32, b: i32, c: i32, d: i32): void;

// The state's cells (layout.ts): a single number by its Slot, a card's column, and the i16 and
// i32 cells of a region. Binaryen inlines each of these at -O3.
function get(slot: i32): i32 {
  return load<i32>(Place.SCALARS + (slot << 2));
}
function set(slot: i32, value: i32): void {
  store<i32>(Place.SCALARS + (slot << 2), value);
}
function table(column: i32, card: i32): i32 {
  return load<i32>(Place.COLUMNS + column * COLUMN_CELLS * 4 + (card << 2));
}
function cell(base: i32, at: i32): i32 {
  return load<i16>(base + (at << 1));
}
function setCell(base: i32, at: i32, value: i32): void {
  store<i16>(base + (at << 1), value);
}
function addCell(base: i32, at: i32, n: i32): void {
  setCell(base, at, cell(base, at) + n);
}
function word(base: i32, at: i32): i32 {
  return load<i32>(base + (at << 2));
}
function setWord(base: i32, at: i32, value: i32): void {
  store<i32>(base + (at << 2), value);
}
function lowestBit(mask: i32): i32 {
  return ctz(mask);
}
function reporting(): bool {
  return get(Slot.LOGGING) != 0;
}
function rule(bit: i32): bool {
  return (get(Slot.RULES) & bit) != 0;
}
function everyone(): i32 {
  return (1 << get(Slot.PLAYERS)) - 1;
}

// The seats' streams are Rng's (core/random.ts): sfc32 over four state words at `at`, seeded on the
// TypeScript side, drawn from here exactly as Rng.int and Rng.shuffle draw.

/** floor(t * n / 2^32) for the 32 bits `t` read unsigned: scaleBits in random.ts, as one 64-bit product. */
function scaleBits(t: i32, n: i32): i32 {
  return <i32>((<u64>(<u32>t) * <u64>(<u32>n)) >>> 32);
}

/** Rng.int(n) of the stream at `at`. */
function rngInt(at: i32, n: i32): i32 {
  const a = load<i32>(at);
  const b = load<i32>(at, 4);
  const c = load<i32>(at, 8);
  const d = load<i32>(at, 12);
  const t = a + b + d;
  store<i32>(at, b ^ (<i32>((<u32>b) >>> 9)), 0);
  store<i32>(at, c + (c << 3), 4);
  store<i32>(at, rotl<i32>(c, 21) + t, 8);
  store<i32>(at, d + 1, 12);
  return scaleBits(t, n);
}

/** Rng.shuffle of the stream at `at` over the `count` bytes from `start`. */
function shuffleDeck(at: i32, start: i32, count: i32): void {
  let a = load<i32>(at);
  let b = load<i32>(at, 4);
  let c = load<i32>(at, 8);
  let d = load<i32>(at, 12);
  for (let i = count - 1; i > 0; i--) {
    const t = a + b + d;
    d = d + 1;
    a = b ^ (<i32>((<u32>b) >>> 9));
    b = c + (c << 3);
    c = rotl<i32>(c, 21) + t;
    const j = start + scaleBits(t, i + 1);
    const item = load<i8>(start + i);
    store<i8>(start + i, load<i8>(j));
    store<i8>(j, item);
  }
  store<i32>(at, a, 0);
  store<i32>(at, b, 4);
  store<i32>(at, c, 8);
  store<i32>(at, d, 12);
}

/** Deals a new game: the supply, the starting decks and hands, the first turn. Its streams are seeded already. */
export function resetGame(logging: i32): void {
  set(Slot.LOGGING, logging);
  const players = get(Slot.PLAYERS);
  for (let card = 0; card < CARD_COUNT; card++) setCell(Place.SUPPLY, card, cell(Place.STARTING_SUPPLY, card));
  // Every pile starts with cards (pileSize is never 0), so no count needs looking at.
  set(Slot.STOCKED_KINDS, ALL_KINDS);
  set(Slot.EMPTY_PILES, 0);
  for (let at = 0; at < players * CARD_COUNT; at++) {
    setCell(Place.HAND, at, 0);
    setCell(Place.DISCARD, at, 0);
    setCell(Place.OWNED, at, 0);
  }
  const turnLimit = get(Slot.TURN_LIMIT);
  for (let seat = 0; seat < players; seat++) {
    setWord(Place.HAND_KINDS, seat, 0);
    setWord(Place.DISCARD_KINDS, seat, 0);
    setCell(Place.HAND_COUNT, seat, 0);
    setCell(Place.DISCARD_COUNT, seat, 0);
    setCell(Place.DECK_COUNT, seat, 0);
    store<i8>(Place.TOP_DISCARD + seat, NO_CARD);
    setCell(Place.TURNS, seat, 0);
    setCell(Place.VP, seat, 0);
    if (reporting()) event(1 << seat, Ev.GAME_START, players, seat, turnLimit, 0);
  }
  set(Slot.TOTAL_TURNS, 0);
  set(Slot.PLAY_COUNT, 0);
  set(Slot.PLAY_RUNS, 0);
  set(Slot.PENDING_CARD, NO_CARD);
  set(Slot.VICTIM, NO_CARD);
  set(Slot.OVER, 0);
  set(Slot.END_CAUSE, 0);
  // The starting decks are gains from outside the supply's counts (pileSize already leaves them out).
  for (let seat = 0; seat < players; seat++) {
    receiveStarting(seat, Card.COPPER, STARTING_COPPERS);
    receiveStarting(seat, Card.ESTATE, STARTING_ESTATES);
    draw(seat, HAND_SIZE);
  }
  set(Slot.ACTIVE, players - 1);
  startTurn();
  legalNow();
}

/** The seat owns `n` more copies of `card` (fewer, for a negative `n`), and their VP. */
function own(seat: i32, card: i32, n: i32): void {
  addCell(Place.OWNED, seat * CARD_COUNT + card, n);
  addCell(Place.VP, seat, n * table(Column.VP, card));
}

/** `n` copies of `card` onto the seat's discard pile, the last of them on top. */
function toDiscard(seat: i32, card: i32, n: i32): void {
  addCell(Place.DISCARD, seat * CARD_COUNT + card, n);
  setWord(Place.DISCARD_KINDS, seat, word(Place.DISCARD_KINDS, seat) | (1 << card));
  addCell(Place.DISCARD_COUNT, seat, n);
  store<i8>(Place.TOP_DISCARD + seat, card);
}

/**
 * Puts a card into the seat's discard pile (or hand) and announces it; supply counts are the
 * caller's. Mine's gain to the hand is apart: buys, which every turn makes, take the short way.
 */
function receive(seat: i32, card: i32, how: i32): void {
  own(seat, card, 1);
  if (how == GainedBy.GAIN_TO_HAND) {
    receiveInHand(seat, card);
    return;
  }
  toDiscard(seat, card, 1);
  if (reporting()) event(everyone(), Ev.GAINED, seat, card, how, 0);
}

function receiveInHand(seat: i32, card: i32): void {
  addCell(Place.HAND, seat * CARD_COUNT + card, 1);
  addCell(Place.HAND_COUNT, seat, 1);
  setWord(Place.HAND_KINDS, seat, word(Place.HAND_KINDS, seat) | (1 << card));
  if (!reporting()) return;
  // The original server puts mine's gain into the hand untold: the gainer sees the card in the
  // hand it is shown, the others only a smaller pile in their next supply-info.
  if (rule(RuleBit.MINE_GAIN_ANNOUNCED)) event(everyone(), Ev.GAINED, seat, card, GainedBy.GAIN_TO_HAND, 0);
  else {
    event(1 << seat, Ev.GAINED, seat, card, GainedBy.GAIN_TO_HAND, 1);
    event(everyone() & ~(1 << seat), Ev.SUPPLY_TAKEN, card, 0, 0, 0);
  }
}

/** `n` cards of the starting deck into the discard pile at once: receive's counts and records for each. */
function receiveStarting(seat: i32, card: i32, n: i32): void {
  own(seat, card, n);
  toDiscard(seat, card, n);
  if (reporting()) for (let i = 0; i < n; i++) event(everyone(), Ev.GAINED, seat, card, GainedBy.STARTING_DECK, 0);
}

/** Takes a card from the supply for the seat. */
@inline
function gain(seat: i32, card: i32, how: i32): void {
  const left = cell(Place.SUPPLY, card) - 1;
  setCell(Place.SUPPLY, card, left);
  if (left == 0) {
    set(Slot.EMPTY_PILES, get(Slot.EMPTY_PILES) + 1);
    set(Slot.STOCKED_KINDS, get(Slot.STOCKED_KINDS) & ~(1 << card));
  }
  receive(seat, card, how);
}

/** Draws `cards` into the seat's hand, shuffling the discard pile in when the draw pile runs out. */
@inline
function draw(seat: i32, cards: i32): void {
  const base = Place.DECK + seat * get(Slot.CAPACITY);
  const handBase = Place.HAND + ((seat * CARD_COUNT) << 1);
  const log = reporting();
  let left = cell(Place.DECK_COUNT, seat);
  let kinds = word(Place.HAND_KINDS, seat);
  let wanted = cards;
  // What the draw pile holds in one run with no test for its end, then a shuffle for the rest.
  for (;;) {
    const stop = wanted < left ? left - wanted : 0;
    wanted -= left - stop;
    while (left > stop) {
      const card = <i32>load<i8>(base + --left);
      const at = handBase + (card << 1);
      store<i16>(at, load<i16>(at) + 1);
      kinds |= 1 << card;
      if (log) event(1 << seat, Ev.DREW, card, 0, 0, 0);
    }
    if (wanted == 0 || cell(Place.DISCARD_COUNT, seat) == 0) break;
    shuffle(seat);
    left = cell(Place.DECK_COUNT, seat);
  }
  setCell(Place.DECK_COUNT, seat, left);
  setWord(Place.HAND_KINDS, seat, kinds);
  addCell(Place.HAND_COUNT, seat, cards - wanted);
}

/** The discard pile, laid out in card order, becomes the draw pile by a Fisher-Yates shuffle. */
function shuffle(seat: i32): void {
  const base = Place.DECK + seat * get(Slot.CAPACITY);
  const counts = Place.DISCARD + ((seat * CARD_COUNT) << 1);
  let at = base;
  for (let kinds = word(Place.DISCARD_KINDS, seat); kinds != 0; kinds &= kinds - 1) {
    const card = lowestBit(kinds);
    const n = <i32>load<i16>(counts + (card << 1));
    store<i16>(counts + (card << 1), 0);
    // Four cards a write: what runs past this kind's cards the next kind overwrites, or lies past the pile.
    const four = card * 0x01010101;
    for (let i = 0; i < n; i += 4) store<i32>(at + i, four);
    at += n;
  }
  const size = at - base;
  shuffleDeck(Place.SHUFFLE_STREAMS + (seat << 4), base, size);
  setCell(Place.DECK_COUNT, seat, size);
  setWord(Place.DISCARD_KINDS, seat, 0);
  setCell(Place.DISCARD_COUNT, seat, 0);
  store<i8>(Place.TOP_DISCARD + seat, NO_CARD);
  if (reporting()) event(everyone(), Ev.SHUFFLED, seat, 0, 0, 0);
}

/** The next seat's turn begins, or the game ends if it is over. */
@inline
function startTurn(): void {
  const players = get(Slot.PLAYERS);
  const provincesGone = cell(Place.SUPPLY, Card.PROVINCE) == 0;
  const empty = get(Slot.EMPTY_PILES);
  if (provincesGone || empty >= 3 || get(Slot.TOTAL_TURNS) >= get(Slot.TURN_LIMIT) * players) {
    finishGame(provincesGone ? EndCause.PROVINCES : empty >= 3 ? EndCause.PILES : EndCause.TURN_LIMIT);
    return;
  }
  const seat = get(Slot.ACTIVE) + 1 == players ? 0 : get(Slot.ACTIVE) + 1;
  set(Slot.ACTIVE, seat);
  set(Slot.CURRENT, seat);
  set(Slot.TOTAL_TURNS, get(Slot.TOTAL_TURNS) + 1);
  const turn = cell(Place.TURNS, seat) + 1;
  setCell(Place.TURNS, seat, turn);
  set(Slot.ACTIONS, 1);
  set(Slot.BUYS, 1);
  set(Slot.COINS, 0);
  set(Slot.MONEY_THIS_TURN, 0);
  set(Slot.BOUGHT, 0);
  set(Slot.PLAY_COUNT, 0);
  set(Slot.PLAY_RUNS, 0);
  if (reporting()) event(everyone(), Ev.TURN_START, seat, turn, 0, 0);
  enterActionPhase();
}

/** The action phase, where the hand holds an action card it may play and an action is left; else the buy phase. */
@inline
function enterActionPhase(): void {
  const seat = get(Slot.ACTIVE);
  set(Slot.CURRENT, seat);
  if (get(Slot.ACTIONS) > 0 && playableKinds(seat) != 0) set(Slot.PHASE, Phase.ACTION);
  else enterBuyPhase();
}

/**
 * The action cards in the seat's hand it may play. The original server refuses a mine with no
 * treasure to trash and a workshop with nothing to gain (playsForNothing=false), so they are not.
 */
@inline
function playableKinds(seat: i32): i32 {
  const held = word(Place.HAND_KINDS, seat);
  let kinds = held & ACTION_KINDS;
  if (kinds == 0 || rule(RuleBit.PLAYS_FOR_NOTHING)) return kinds;
  if ((held & TREASURE_KINDS) == 0) kinds &= ~(1 << Card.MINE);
  if (gainableKinds(WORKSHOP_MAX_COST, ALL_KINDS) == 0) kinds &= ~(1 << Card.WORKSHOP);
  return kinds;
}

/** The buy phase, where a buy is left; else the buys are over. */
@inline
function enterBuyPhase(): void {
  set(Slot.CURRENT, get(Slot.ACTIVE));
  if (get(Slot.BUYS) > 0) set(Slot.PHASE, Phase.BUY);
  else endBuys();
}

/**
 * Cleanup asks for the top discard when the hand leaves a choice (two kinds of card or more). The
 * original server asks it after every buy (cleanupAsked=after-buys), and where one kind is left and
 * cards were played its answer decides: the hand's card if named, else the last card played.
 */
@inline
function endBuys(): void {
  const kinds = word(Place.HAND_KINDS, get(Slot.ACTIVE));
  if ((kinds & (kinds - 1)) != 0 || (kinds != 0 && get(Slot.PLAY_RUNS) > 0 && rule(RuleBit.CLEANUP_AFTER_BUYS)))
    set(Slot.PHASE, Phase.CLEANUP);
  else cleanup(NO_CARD);
}

/** The top discard when none is chosen: the hand's card, else the last card played. */
function defaultTop(): i32 {
  const kinds = word(Place.HAND_KINDS, get(Slot.ACTIVE));
  if (kinds != 0) return lowestBit(kinds);
  const runs = get(Slot.PLAY_RUNS);
  return runs > 0 ? <i32>load<i8>(Place.PLAY + runs - 1) : NO_CARD;
}

/**
 * The top discard after a bad answer ended the turn: the original server then discards the hand
 * and after it the cards played, in order, keeping none back, so the last card played lies on top;
 * with none played, the hand's last card (parlor's hand order is card order).
 */
function unchosenTop(): i32 {
  const runs = get(Slot.PLAY_RUNS);
  if (runs > 0) return <i32>load<i8>(Place.PLAY + runs - 1);
  const kinds = word(Place.HAND_KINDS, get(Slot.ACTIVE));
  return kinds != 0 ? 31 - clz(kinds) : NO_CARD;
}

function cleanup(chosenTop: i32): void {
  const seat = get(Slot.ACTIVE);
  const base = seat * CARD_COUNT;
  const top = chosenTop >= 0 ? chosenTop : defaultTop();
  const played = get(Slot.PLAY_COUNT);
  const runs = get(Slot.PLAY_RUNS);
  const handKinds = word(Place.HAND_KINDS, seat);
  let discarded = word(Place.DISCARD_KINDS, seat) | handKinds;
  for (let run = 0; run < runs; run++) {
    const card = <i32>load<i8>(Place.PLAY + run);
    addCell(Place.DISCARD, base + card, cell(Place.PLAY_COPIES, run));
    discarded |= 1 << card;
  }
  if (reporting()) announcePlayArea(seat);
  for (let kinds = handKinds; kinds != 0; kinds &= kinds - 1) {
    const card = lowestBit(kinds);
    addCell(Place.DISCARD, base + card, cell(Place.HAND, base + card));
    setCell(Place.HAND, base + card, 0);
  }
  setWord(Place.HAND_KINDS, seat, 0);
  setWord(Place.DISCARD_KINDS, seat, discarded);
  addCell(Place.DISCARD_COUNT, seat, played + cell(Place.HAND_COUNT, seat));
  setCell(Place.HAND_COUNT, seat, 0);
  set(Slot.PLAY_COUNT, 0);
  set(Slot.PLAY_RUNS, 0);
  if (top >= 0) store<i8>(Place.TOP_DISCARD + seat, top);
  if (reporting()) event(everyone(), Ev.TOP_DISCARD, seat, load<i8>(Place.TOP_DISCARD + seat), 0, 0);
  draw(seat, HAND_SIZE);
  recordCurves(seat);
  startTurn();
}

/** Cleanup's records of the play area, card by card in the order played, and of the turn's end. */
function announcePlayArea(seat: i32): void {
  const all = everyone();
  const played = get(Slot.PLAY_COUNT);
  let i = 0;
  for (let run = 0; run < get(Slot.PLAY_RUNS); run++) {
    const card = <i32>load<i8>(Place.PLAY + run);
    for (let copy = 0; copy < cell(Place.PLAY_COPIES, run); copy++) event(all, Ev.TURN_PLAYED, seat, card, i++, played);
  }
  event(all, Ev.TURN_END, seat, played, 0, 0);
}

/**
 * The turn's points on the VP and money curves, for the turns the curves follow: kept in the state
 * and recorded when the game ends (every turn begun is cleaned up before it can end).
 */
function recordCurves(seat: i32): void {
  const turn = cell(Place.TURNS, seat);
  if (turn > CURVE_TURNS) return;
  const at = seat * CURVE_TURNS + turn - 1;
  setCell(Place.VP_BY_TURN, at, cell(Place.VP, seat));
  setCell(Place.MONEY_BY_TURN, at, get(Slot.MONEY_THIS_TURN));
}

/** One card leaves the seat's hand. */
function takeFromHand(seat: i32, card: i32): void {
  const at = seat * CARD_COUNT + card;
  const left = cell(Place.HAND, at) - 1;
  setCell(Place.HAND, at, left);
  if (left == 0) setWord(Place.HAND_KINDS, seat, word(Place.HAND_KINDS, seat) & ~(1 << card));
  addCell(Place.HAND_COUNT, seat, -1);
}

/** `copies` of `card` join the play area as one run (its hand and log are the caller's). */
function addToPlay(card: i32, copies: i32): void {
  const runs = get(Slot.PLAY_RUNS);
  store<i8>(Place.PLAY + runs, card);
  setCell(Place.PLAY_COPIES, runs, copies);
  set(Slot.PLAY_RUNS, runs + 1);
  set(Slot.PLAY_COUNT, get(Slot.PLAY_COUNT) + copies);
}

function moveToPlay(card: i32): void {
  const seat = get(Slot.ACTIVE);
  takeFromHand(seat, card);
  addToPlay(card, 1);
  if (reporting()) event(1 << seat, Ev.PLAYED, seat, card, 0, 0);
}

function addCoins(coins: i32): void {
  set(Slot.COINS, get(Slot.COINS) + coins);
  set(Slot.MONEY_THIS_TURN, get(Slot.MONEY_THIS_TURN) + coins);
}

function playTreasure(card: i32): void {
  moveToPlay(card);
  addCoins(table(Column.COINS, card));
}

/** Every treasure in hand, in card order: what playTreasure one card at a time does, a kind at a time. */
function playAllTreasures(): void {
  const seat = get(Slot.ACTIVE);
  const base = seat * CARD_COUNT;
  const log = reporting();
  let cards = 0;
  let coins = 0;
  const held = word(Place.HAND_KINDS, seat);
  for (let kinds = held & TREASURE_KINDS; kinds != 0; kinds &= kinds - 1) {
    const card = lowestBit(kinds);
    const n = cell(Place.HAND, base + card);
    if (log) for (let i = 0; i < n; i++) event(1 << seat, Ev.PLAYED, seat, card, 0, 0);
    addToPlay(card, n);
    setCell(Place.HAND, base + card, 0);
    cards += n;
    coins += n * table(Column.COINS, card);
  }
  addCell(Place.HAND_COUNT, seat, -cards);
  addCoins(coins);
  setWord(Place.HAND_KINDS, seat, held & ~TREASURE_KINDS);
}

function playAction(card: i32): void {
  const seat = get(Slot.ACTIVE);
  const effect = table(Column.EFFECT, card);
  if (rule(RuleBit.PLAYED_CARD_IN_HAND) && (effect == Effect.CELLAR || effect == Effect.REMODEL)) set(Slot.PENDING_CARD, card);
  else moveToPlay(card);
  set(Slot.ACTIONS, get(Slot.ACTIONS) + table(Column.PLUS_ACTIONS, card) - 1);
  set(Slot.BUYS, get(Slot.BUYS) + table(Column.PLUS_BUYS, card));
  addCoins(table(Column.PLUS_COINS, card));
  draw(seat, table(Column.PLUS_CARDS, card));
  switch (effect) {
    case Effect.CELLAR:
      set(Slot.RESOLVING, 0);
      if (cell(Place.HAND_COUNT, seat) > 0) set(Slot.PHASE, Phase.CELLAR);
      else finishResolution();
      return;
    case Effect.MILITIA:
      if (rule(RuleBit.MILITIA_ATTACKS)) {
        set(Slot.VICTIM, seat);
        nextVictim();
      } else finishResolution();
      return;
    case Effect.MINE:
      if ((word(Place.HAND_KINDS, seat) & TREASURE_KINDS) != 0) set(Slot.PHASE, Phase.MINE_TRASH);
      else finishResolution();
      return;
    case Effect.REMODEL:
      if (cell(Place.HAND_COUNT, seat) > 0) set(Slot.PHASE, Phase.REMODEL_TRASH);
      else finishResolution();
      return;
    case Effect.WORKSHOP:
      if (gainableKinds(WORKSHOP_MAX_COST, ALL_KINDS) != 0) set(Slot.PHASE, Phase.WORKSHOP_GAIN);
      else finishResolution();
      return;
    default:
      enterActionPhase();
  }
}

/** The cards among `kinds` in stock and costing at most `maxCost`, as a mask. */
function gainableKinds(maxCost: i32, kinds: i32): i32 {
  if (maxCost < 0) return 0;
  return table(Column.KINDS_UP_TO, maxCost < DEAREST ? maxCost : DEAREST) & get(Slot.STOCKED_KINDS) & kinds;
}

/**
 * The played card's effect is done. Under playedCardInHand the card moves to play only now, and
 * when it discarded or trashed itself the original server's move fails and the turn ends.
 */
function finishResolution(): void {
  const pending = get(Slot.PENDING_CARD);
  if (pending >= 0) {
    set(Slot.PENDING_CARD, NO_CARD);
    if (cell(Place.HAND, get(Slot.ACTIVE) * CARD_COUNT + pending) == 0) {
      cleanup(NO_CARD);
      return;
    }
    moveToPlay(pending);
  }
  enterActionPhase();
}

/** The next seat after the last victim that must answer the militia, or back to the attacker. */
function nextVictim(): void {
  const players = get(Slot.PLAYERS);
  const active = get(Slot.ACTIVE);
  const last = get(Slot.VICTIM);
  for (let seat = last + 1 == players ? 0 : last + 1; seat != active; seat = seat + 1 == players ? 0 : seat + 1) {
    const extra = cell(Place.HAND_COUNT, seat) - MILITIA_KEEPS;
    if (extra <= 0) continue;
    set(Slot.VICTIM, seat);
    set(Slot.CURRENT, seat);
    set(Slot.DISCARDS_OWED, extra);
    if (reporting()) event(1 << seat, Ev.ATTACKED, active, extra, 0, 0);
    set(Slot.PHASE, cell(Place.HAND, seat * CARD_COUNT + Card.MOAT) != 0 ? Phase.REACTION : Phase.MILITIA_DISCARD);
    return;
  }
  set(Slot.VICTIM, NO_CARD);
  finishResolution();
}

function discardFromHand(seat: i32, card: i32): void {
  takeFromHand(seat, card);
  toDiscard(seat, card, 1);
  if (reporting()) event(1 << seat, Ev.DISCARDED, seat, card, 0, 0);
}

function militiaDiscard(card: i32): void {
  const seat = get(Slot.VICTIM);
  discardFromHand(seat, card);
  const owed = get(Slot.DISCARDS_OWED) - 1;
  set(Slot.DISCARDS_OWED, owed);
  if (owed > 0) return;
  if (rule(RuleBit.ATTACK_TOP_DISCARD) && reporting()) event(everyone(), Ev.TOP_DISCARD, seat, card, 0, 0);
  nextVictim();
}

function trashFromHand(card: i32): void {
  const seat = get(Slot.ACTIVE);
  takeFromHand(seat, card);
  own(seat, card, -1);
  if (reporting()) event(everyone(), Ev.TRASHED, seat, card, 0, 0);
}

function endCellar(): void {
  const discarded = get(Slot.RESOLVING);
  const active = get(Slot.ACTIVE);
  if (discarded > 0 && reporting()) event(everyone(), Ev.TOP_DISCARD, active, load<i8>(Place.TOP_DISCARD + active), 0, 0);
  draw(active, discarded);
  finishResolution();
}

function buy(card: i32): void {
  set(Slot.COINS, get(Slot.COINS) - table(Column.COST, card));
  const buys = get(Slot.BUYS) - 1;
  set(Slot.BUYS, buys);
  set(Slot.BOUGHT, 1);
  gain(get(Slot.ACTIVE), card, GainedBy.BUY);
  if (buys == 0) endBuys();
}

function trashForGain(card: i32): void {
  const mine = get(Slot.PHASE) == Phase.MINE_TRASH;
  trashFromHand(card);
  const limit = table(Column.COST, card) + (mine ? MINE_EXTRA_COST : REMODEL_EXTRA_COST);
  set(Slot.RESOLVING, limit);
  if (gainableKinds(limit, mine ? TREASURE_KINDS : ALL_KINDS) != 0) set(Slot.PHASE, mine ? Phase.MINE_GAIN : Phase.REMODEL_GAIN);
  else finishResolution();
}

/** Applies a legal action for the current player (trusted: no validation). Returns 1 once the game is over. */
export function applyAction(action: i32, logging: i32): i32 {
  set(Slot.LOGGING, logging);
  const card = action < Action.END_ACTIONS ? action % CARD_COUNT : NO_CARD;
  switch (get(Slot.PHASE)) {
    case Phase.ACTION:
      if (action == Action.END_ACTIONS) enterBuyPhase();
      else playAction(card);
      break;
    case Phase.BUY:
      if (action == Action.END_BUYS) endBuys();
      else if (action == Action.PLAY_TREASURES) playAllTreasures();
      else if (action < Action.END_ACTIONS && action / CARD_COUNT == Family.TREASURE) playTreasure(card);
      else buy(card);
      break;
    case Phase.CELLAR:
      if (action == Action.DONE) {
        endCellar();
        break;
      }
      discardFromHand(get(Slot.ACTIVE), card);
      set(Slot.RESOLVING, get(Slot.RESOLVING) + 1);
      if (cell(Place.HAND_COUNT, get(Slot.ACTIVE)) == 0) endCellar();
      break;
    case Phase.REMODEL_TRASH:
    case Phase.MINE_TRASH:
      if (action == Action.DONE) finishResolution();
      else trashForGain(card);
      break;
    case Phase.REMODEL_GAIN:
      gain(get(Slot.ACTIVE), card, GainedBy.GAIN);
      finishResolution();
      break;
    case Phase.MINE_GAIN:
      gain(get(Slot.ACTIVE), card, GainedBy.GAIN_TO_HAND);
      finishResolution();
      break;
    case Phase.WORKSHOP_GAIN:
      if (action != Action.DONE) gain(get(Slot.ACTIVE), card, GainedBy.GAIN);
      finishResolution();
      break;
    case Phase.CLEANUP:
      cleanup(card);
      break;
    case Phase.REACTION:
      if (action == Action.REVEAL_MOAT) {
        if (reporting()) event(everyone(), Ev.REVEALED, get(Slot.VICTIM), Card.MOAT, 0, 0);
        nextVictim();
      } else set(Slot.PHASE, Phase.MILITIA_DISCARD);
      break;
    case Phase.MILITIA_DISCARD:
      militiaDiscard(card);
      break;
  }
  legalNow();
  return get(Slot.OVER);
}

/**
 * The rules' fallback for a bad answer (see forfeitTurn in engine.ts); `answered` is the phase the
 * answer was read as meant for, Phase.OVER where none is told. Returns 1 once the game is over.
 */
export function forfeitTurn(reason: i32, logging: i32, answered: i32): i32 {
  set(Slot.LOGGING, logging);
  let phase = get(Slot.PHASE);
  // With no action card in hand the action phase was skipped, yet an action is left (the spec's
  // play-turn says so): an answer meant for it is judged as in it, and the buys are still to come.
  if (phase == Phase.BUY && answered == Phase.ACTION && get(Slot.ACTIONS) > 0) phase = Phase.ACTION;
  switch (phase) {
    case Phase.ACTION:
      // The original server ends the turn only where its reading of the reply raises (no reply,
      // no JSON, no play-reply or phase): an action naming a card it cannot play (unknown, not
      // held, no action card) costs one action there too, and play-turn is asked again.
      if (rule(RuleBit.INVALID_ENDS_TURN) && reason < Illegal.UNKNOWN_CARD) cleanup(unchosenTop());
      else {
        set(Slot.ACTIONS, get(Slot.ACTIONS) - 1);
        if (reporting()) event(1 << get(Slot.ACTIVE), Ev.ACTION_LOST, get(Slot.ACTIVE), reason, 0, 0);
        enterActionPhase();
      }
      break;
    case Phase.BUY:
      // As in the action phase, the original server's reading of a reply that raises (no reply, no
      // JSON, no play-reply or phase) cleans up at once, asking no cleanup. A reply read as a buy
      // (answered) that went wrong ends the buys, and the cleanup is asked after them.
      if (rule(RuleBit.INVALID_ENDS_TURN) && reason < Illegal.UNKNOWN_CARD && answered != Phase.BUY) cleanup(unchosenTop());
      else {
        set(Slot.BUYS, 0);
        endBuys();
      }
      break;
    case Phase.CELLAR:
      endCellar();
      break;
    case Phase.CLEANUP:
      cleanup(unchosenTop());
      break;
    case Phase.REACTION:
    case Phase.MILITIA_DISCARD: {
      const victim = get(Slot.VICTIM);
      // Discarding the last card owed moves on to the next victim (or back to the attacker).
      while (get(Slot.VICTIM) == victim) militiaDiscard(fallbackDiscard());
      break;
    }
    default:
      finishResolution();
  }
  legalNow();
  return get(Slot.OVER);
}

/**
 * The cards whose action of each family the current player may choose now, as masks in
 * LEGAL_KINDS (0 for a family the decision does not take): legalKinds in engine.ts reads them, so
 * a strategy deciding from the state view pays one read per question. Written after every call.
 */
@inline
function legalNow(): void {
  const current = get(Slot.CURRENT);
  const held = current >= 0 ? word(Place.HAND_KINDS, current) : 0;
  for (let family = 0; family < FAMILIES; family++) setWord(Place.LEGAL_KINDS, family, 0);
  switch (get(Slot.PHASE)) {
    case Phase.ACTION:
      setWord(Place.LEGAL_KINDS, Family.PLAY, playableKinds(current));
      break;
    case Phase.BUY:
      setWord(Place.LEGAL_KINDS, Family.TREASURE, get(Slot.BOUGHT) != 0 ? 0 : held & TREASURE_KINDS);
      setWord(Place.LEGAL_KINDS, Family.BUY, gainableKinds(get(Slot.COINS), ALL_KINDS));
      break;
    case Phase.CLEANUP:
      setWord(Place.LEGAL_KINDS, Family.TOP, held);
      break;
    case Phase.CELLAR:
    case Phase.MILITIA_DISCARD:
      setWord(Place.LEGAL_KINDS, Family.DISCARD, held);
      break;
    case Phase.REMODEL_TRASH:
      setWord(Place.LEGAL_KINDS, Family.TRASH, held);
      break;
    case Phase.MINE_TRASH:
      setWord(Place.LEGAL_KINDS, Family.TRASH, held & TREASURE_KINDS);
      break;
    case Phase.REMODEL_GAIN:
      setWord(Place.LEGAL_KINDS, Family.GAIN, gainableKinds(get(Slot.RESOLVING), ALL_KINDS));
      break;
    case Phase.MINE_GAIN:
      setWord(Place.LEGAL_KINDS, Family.GAIN, gainableKinds(get(Slot.RESOLVING), TREASURE_KINDS));
      break;
    case Phase.WORKSHOP_GAIN:
      setWord(Place.LEGAL_KINDS, Family.GAIN, gainableKinds(WORKSHOP_MAX_COST, ALL_KINDS));
      break;
  }
}

/** The kinds of card whose i16 cells from `base` are not zero, as a mask. */
function kindsIn(base: i32): i32 {
  let kinds = 0;
  for (let card = 0; card < CARD_COUNT; card++) if (load<i16>(base + (card << 1)) != 0) kinds |= 1 << card;
  return kinds;
}

/**
 * Recomputes what the engine keeps beside the counts (the kinds in each hand and discard pile, the
 * piles stocked and how many are empty, the legal masks), for code that writes the state itself.
 */
export function resync(): void {
  for (let seat = 0; seat < get(Slot.PLAYERS); seat++) {
    setWord(Place.HAND_KINDS, seat, kindsIn(Place.HAND + ((seat * CARD_COUNT) << 1)));
    setWord(Place.DISCARD_KINDS, seat, kindsIn(Place.DISCARD + ((seat * CARD_COUNT) << 1)));
  }
  const stocked = kindsIn(Place.SUPPLY);
  set(Slot.STOCKED_KINDS, stocked);
  set(Slot.EMPTY_PILES, CARD_COUNT - popcnt(stocked));
  legalNow();
}

/** A militia victim's discard for a bad answer: at random from its own chance stream (seeded by the caller), or its first card. */
function fallbackDiscard(): i32 {
  const seat = get(Slot.VICTIM);
  const base = seat * CARD_COUNT;
  let skip = rule(RuleBit.RANDOM_ATTACK_FALLBACK) ? rngInt(Place.CHANCE_STREAMS + (seat << 4), cell(Place.HAND_COUNT, seat)) : 0;
  for (let card = 0; card < CARD_COUNT; card++) {
    skip -= cell(Place.HAND, base + card);
    if (skip < 0) return card;
  }
  return NO_CARD;
}

/** The game is over; the tally and the last records are engine.ts's. */
function finishGame(cause: i32): void {
  set(Slot.END_CAUSE, cause);
  set(Slot.OVER, 1);
  set(Slot.CURRENT, -1);
  set(Slot.PHASE, Phase.OVER);
}

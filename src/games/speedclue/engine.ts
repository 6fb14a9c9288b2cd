import { Forfeit } from '../../core/forfeits.ts';
import { Streams, type MasterKey } from '../../core/random.ts';
import { ACCUSE_BASE, NO_ACCUSATION, SHOW_BASE, ACTION_SPACE } from './actions.ts';
import {
  CARDS,
  DEALT_CARDS,
  FIRST_ROOM,
  FIRST_WEAPON,
  ROOMS,
  SUSPECTS,
  TRIPLES,
  TRIPLE_MASK,
  WEAPONS,
  lowestCard,
  tripleOf,
} from './cards.ts';
import { Ev, Illegal, Outcome } from './codes.ts';
import { Metric, SMALLEST_HAND } from './metrics.ts';
import { Phase, Standing, type SpeedClueState } from './state.ts';

// reset/apply/forfeit run everything that needs no decision (a single match shown for its holder,
// the next seat's turn), so after each call the state either awaits `current` or is over.

export function resetGame(s: SpeedClueState, key: MasterKey, game: number): void {
  s.key = key;
  s.gameIndex = game;
  s.tally.clear();
  s.events.clear();
  s.used.fill(0);
  const players = s.players;
  for (let seat = 0; seat < players; seat++) {
    s.suggestions[seat] = 0;
    s.turns[seat] = 0;
    s.mustAccuse[seat] = 0;
    s.certain[seat] = -1;
    s.standing[seat] = Standing.IN;
    s.shares[seat] = 0;
  }
  s.inMask = (1 << players) - 1;
  s.winner = -1;
  s.winnerOutcome = -1;
  s.over = false;
  deal(s);
  s.tally.startRound();
  const events = s.events;
  for (let seat = 0; seat < players; seat++) {
    let hand = 0;
    const start = s.handStart[seat];
    const size = s.handSize[seat];
    for (let i = 0; i < size; i++) hand |= 1 << s.deck[start + i];
    s.hand[seat] = hand;
    s.seen[seat] = hand;
    s.tally.hold(Metric.WINS_BY_HAND_SIZE, seat, size - SMALLEST_HAND);
    s.tally.hold(Metric.TURNS_TO_SOLVE, seat, 0);
    if (!events.enabled) continue;
    events.push(1 << seat, Ev.GAME_START, players, seat, size, 0);
    for (let i = 0; i < size; i++) events.push(1 << seat, Ev.DEALT, i, s.deck[start + i], 0, 0);
  }
  s.active = players - 1;
  nextTurn(s);
}

/** The solution uniformly from the 324 triples, then the other 18 cards shuffled into `deck`. */
function deal(s: SpeedClueState): void {
  const stacked = s.stackedDeal;
  if (stacked) {
    s.solution = stacked.solution;
    for (let i = 0; i < DEALT_CARDS; i++) s.deck[i] = stacked.deck[i];
    return;
  }
  const rng = s.dealRng.seed(s.key, s.gameIndex, Streams.DEAL, 0);
  const suspect = rng.int(SUSPECTS);
  const weapon = FIRST_WEAPON + rng.int(WEAPONS);
  const room = FIRST_ROOM + rng.int(ROOMS);
  s.solution = tripleOf(suspect, weapon, room);
  const deck = s.deck;
  for (let card = 0, at = 0; card < CARDS; card++) if (card !== suspect && card !== weapon && card !== room) deck[at++] = card;
  rng.shuffle(deck, 0, DEALT_CARDS);
}

/** The next seat still in takes its turn: it suggests, or accuses straight away when it has suggested every triple. */
function nextTurn(s: SpeedClueState): void {
  const players = s.players;
  let seat = s.active;
  do seat = seat + 1 === players ? 0 : seat + 1;
  while (s.standing[seat] !== Standing.IN);
  s.active = seat;
  s.current = seat;
  s.turns[seat]++;
  if (s.suggestions[seat] < TRIPLES) {
    s.phase = Phase.SUGGEST;
  } else {
    s.phase = Phase.ACCUSE;
    s.mustAccuse[seat] = 1;
  }
}

/** Who is told a suggestion or an accusation: every seat, or only those still in (python-port). */
function toldMask(s: SpeedClueState): number {
  return s.rules.tellEliminated ? (1 << s.players) - 1 : s.inMask;
}

/** Plays a legal action for the current player (trusted: no validation). */
export function applyAction(s: SpeedClueState, action: number): void {
  switch (s.phase) {
    case Phase.SUGGEST:
      suggest(s, action);
      return;
    case Phase.DISPROVE:
      resolveSuggestion(s, s.disprover, action - SHOW_BASE);
      return;
    default:
      if (action === NO_ACCUSATION) nextTurn(s);
      else accuse(s, action - ACCUSE_BASE);
  }
}

/**
 * Disproving goes clockwise from the next seat, players out of the game included. The first
 * holder of a suggested card shows one: it is asked which only when it holds several (or when the
 * rules always ask) and is not disqualified; otherwise its lowest match is shown for it.
 */
function suggest(s: SpeedClueState, triple: number): void {
  const active = s.active;
  const players = s.players;
  s.used[active * TRIPLES + triple] = 1;
  s.suggestions[active]++;
  s.pending = triple;
  const mask = TRIPLE_MASK[triple];
  let seat = active;
  for (let k = 1; k < players; k++) {
    seat = seat + 1 === players ? 0 : seat + 1;
    const matches = s.hand[seat] & mask;
    if (matches === 0) continue;
    const several = (matches & (matches - 1)) !== 0;
    if ((several || s.rules.askSingleMatch) && s.standing[seat] !== Standing.DISQUALIFIED) {
      s.phase = Phase.DISPROVE;
      s.disprover = seat;
      s.current = seat;
      s.events.push(1 << seat, Ev.DISPROVE, active, triple, 0, 0);
      return;
    }
    resolveSuggestion(s, seat, lowestCard(matches));
    return;
  }
  resolveSuggestion(s, -1, -1);
}

/** Tells the suggestion's outcome (the card only to the two seats concerned) and moves to the accusation. */
function resolveSuggestion(s: SpeedClueState, disprover: number, card: number): void {
  const active = s.active;
  const triple = s.pending;
  const told = toldMask(s);
  if (disprover >= 0) {
    s.seen[active] |= 1 << card;
    // The card goes in a record of its own to each of the two, so a log addressed to several
    // seats never carries it.
    const privy = (1 << active) | (1 << disprover);
    s.events.push(1 << active, Ev.SUGGESTION, active, triple, disprover, card);
    if ((told & (1 << disprover)) !== 0) s.events.push(1 << disprover, Ev.SUGGESTION, active, triple, disprover, card);
    const others = told & ~privy;
    if (others !== 0) s.events.push(others, Ev.SUGGESTION, active, triple, disprover, -1);
  } else {
    if ((TRIPLE_MASK[triple] & s.hand[active]) === 0) s.certain[active] = triple;
    if (s.rules.accusationRules && (TRIPLE_MASK[triple] & s.seen[active]) === 0) s.mustAccuse[active] = 1;
    s.events.push(told, Ev.SUGGESTION, active, triple, -1, -1);
  }
  s.disprover = -1;
  s.phase = Phase.ACCUSE;
  s.current = active;
}

/** A right accusation wins; a wrong one puts the accuser out, and the last seat still in wins. */
function accuse(s: SpeedClueState, triple: number): void {
  const active = s.active;
  const right = triple === s.solution;
  s.events.push(toldMask(s) | (1 << active), Ev.ACCUSATION, active, triple, right ? 1 : 0, 0);
  if (right) {
    finishGame(s, active, Outcome.SOLVED);
    return;
  }
  putOut(s, active, Standing.ELIMINATED);
  afterLeaving(s);
}

function putOut(s: SpeedClueState, seat: number, standing: number): void {
  s.inMask &= ~(1 << seat);
  s.standing[seat] = standing;
}

/** Once a seat leaves: the last one still in wins, otherwise the turn passes. */
function afterLeaving(s: SpeedClueState): void {
  const left = s.inMask;
  if ((left & (left - 1)) === 0) finishGame(s, lowestCard(left), Outcome.LAST_STANDING);
  else nextTurn(s);
}

function finishGame(s: SpeedClueState, winner: number, how: number): void {
  const tally = s.tally;
  s.winner = winner;
  s.winnerOutcome = how;
  s.shares[winner] = 1;
  s.over = true;
  s.phase = Phase.OVER;
  s.current = -1;
  s.events.push(0, Ev.GAME_OVER, winner, how, 0, 0);
  tally.roundWon(winner, tally.shareUnits);
  if (how === Outcome.SOLVED) tally.record(Metric.TURNS_TO_SOLVE, winner, s.turns[winner]);
  for (let seat = 0; seat < s.players; seat++) {
    const standing = s.standing[seat];
    const outcome =
      seat === winner
        ? how
        : standing === Standing.DISQUALIFIED
          ? Outcome.DISQUALIFIED
          : standing === Standing.ELIMINATED
            ? Outcome.WRONG_ACCUSATION
            : Outcome.LOST;
    tally.count(Metric.OUTCOMES, seat, outcome);
  }
}

/**
 * The current player broke a restriction (or crashed, or timed out) and is disqualified: it is out
 * and never asked again. A suggestion it was disproving is disproved for it with its lowest match,
 * so the suggester still learns what the rules promise; its later disproofs are made for it alike.
 */
export function forfeitTurn(s: SpeedClueState, reason: number): void {
  const seat = s.current;
  s.tally.forfeit(seat, reason);
  s.events.push(0, Ev.DISQUALIFIED, seat, reason, 0, 0);
  const wasIn = s.standing[seat] === Standing.IN;
  putOut(s, seat, Standing.DISQUALIFIED);
  if (s.phase === Phase.DISPROVE) {
    resolveSuggestion(s, seat, lowestCard(s.hand[seat] & TRIPLE_MASK[s.pending]));
    const left = s.inMask;
    if (wasIn && (left & (left - 1)) === 0) finishGame(s, lowestCard(left), Outcome.LAST_STANDING);
    return;
  }
  afterLeaving(s);
}

/** Writes the current player's legal actions in action order; returns the count. */
export function listLegalActions(s: SpeedClueState, out: Int32Array): number {
  let count = 0;
  if (s.phase === Phase.SUGGEST) {
    const used = s.used;
    const base = s.active * TRIPLES;
    for (let triple = 0; triple < TRIPLES; triple++) if (used[base + triple] === 0) out[count++] = triple;
    return count;
  }
  if (s.phase === Phase.DISPROVE) {
    for (let matches = s.hand[s.disprover] & TRIPLE_MASK[s.pending]; matches !== 0; matches &= matches - 1) {
      out[count++] = SHOW_BASE + lowestCard(matches);
    }
    return count;
  }
  if (s.mustAccuse[s.active] === 0) out[count++] = NO_ACCUSATION;
  // Category by category, so only triples without a seen card are visited (about 200 of 324 once
  // a player has seen its own hand): this list is built on every turn of every game.
  const seen = s.rules.accusationRules ? s.seen[s.active] : 0;
  for (let suspect = 0; suspect < SUSPECTS; suspect++) {
    if ((seen & (1 << suspect)) !== 0) continue;
    for (let weapon = FIRST_WEAPON; weapon < FIRST_ROOM; weapon++) {
      if ((seen & (1 << weapon)) !== 0) continue;
      const base = ACCUSE_BASE + tripleOf(suspect, weapon, FIRST_ROOM);
      for (let room = 0; room < ROOMS; room++) if ((seen & (1 << (FIRST_ROOM + room))) === 0) out[count++] = base + room;
    }
  }
  return count;
}

/** 0 when `action` is legal for the current player, otherwise the restriction it breaks. */
export function illegalReason(s: SpeedClueState, action: number): number {
  // Untrusted code may return anything: a fraction would otherwise pass as its truncation.
  if (!Number.isInteger(action) || action < 0 || action >= ACTION_SPACE) return Forfeit.MALFORMED;
  if (s.over) return Forfeit.ILLEGAL;
  switch (s.phase) {
    case Phase.SUGGEST:
      if (action >= ACCUSE_BASE) return Illegal.OUT_OF_ORDER;
      return s.used[s.active * TRIPLES + action] === 0 ? 0 : Illegal.REPEATED_SUGGESTION;
    case Phase.DISPROVE: {
      if (action < SHOW_BASE) return Illegal.OUT_OF_ORDER;
      const bit = 1 << (action - SHOW_BASE);
      return (s.hand[s.disprover] & TRIPLE_MASK[s.pending] & bit) !== 0 ? 0 : Illegal.INVALID_DISPROVE;
    }
    default:
      if (action < ACCUSE_BASE || action >= SHOW_BASE) return Illegal.OUT_OF_ORDER;
      if (action === NO_ACCUSATION) return s.mustAccuse[s.active] === 0 ? 0 : Illegal.MISSED_ACCUSATION;
      if (s.rules.accusationRules && (TRIPLE_MASK[action - ACCUSE_BASE] & s.seen[s.active]) !== 0) return Illegal.SUICIDAL_ACCUSATION;
      return 0;
  }
}

/** 1 for the winner, 0 for everyone else. */
export function scores(s: SpeedClueState, out: Float64Array): void {
  for (let seat = 0; seat < s.players; seat++) out[seat] = seat === s.winner ? 1 : 0;
}

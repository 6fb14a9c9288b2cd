import { lowestBit } from '../../core/bits.ts';
import { Forfeit } from '../../core/forfeits.ts';
import { Streams, type MasterKey } from '../../core/random.ts';
import { Action, CARD_OF, FAMILY_OF, Family } from './actions.ts';
import { CARD_COUNT, COST, Card, TREASURE_KINDS, TYPES, Type, WORKSHOP_MAX_COST } from './cards.ts';
import { Ev, Illegal, Phase } from './codes.ts';
import { CURVE_TURNS, Metric } from './metrics.ts';
import type { DominionState } from './state.ts';

/** The type mine trashes and gains. */
const TREASURE = Type.TREASURE;

// The rules of play run compiled (assembly/engine.ts, over the state's memory): reset, apply and
// forfeit call it, and it runs everything that needs no decision (draws, shuffles, cleanup, the next
// turn), so after each call the state either awaits `current` or is over, with the cards that
// decision allows written beside it (legalKinds). The legal list, the reasons an action is not
// legal and the tally of a finished game are worked out here from the same cells.

/**
 * Recomputes what the engine keeps beside the counts (the kinds in each hand and discard pile, the
 * piles stocked, the legal masks) for code that writes the state itself: call it once every cell is
 * written, the phase and the coins included.
 */
export function syncKinds(s: DominionState): void {
  s.engine.resync();
}

/**
 * syncKinds for a turn written from what a seat was told (a protocol mirror, a resampled search
 * state), then the engine's own skip of an action phase in which the seat may play no card, as
 * the engine skipped the seat's: playsForNothing=false can leave every action in hand unplayable.
 */
export function syncWrittenTurn(s: DominionState): void {
  syncKinds(s);
  if (s.phase === Phase.ACTION && legalKinds(s, Family.PLAY) === 0) {
    s.phase = Phase.BUY;
    syncKinds(s);
  }
}

export function resetGame(s: DominionState, key: MasterKey, game: number): void {
  s.key = key;
  s.gameIndex = game;
  s.tally.clear();
  s.events.clear();
  s.tally.startRound();
  for (let seat = 0; seat < s.players; seat++) {
    s.shares[seat] = 0;
    s.shuffleRngs[seat].seed(key, game, Streams.DEAL, seat);
  }
  // Only a militia victim's forfeit draws from these streams, so they are seeded when first drawn from.
  s.chanceSeeded = 0;
  s.engine.resetGame(s.events.enabled ? 1 : 0);
  for (let seat = 0; seat < s.players; seat++) {
    const coppers = s.hand[seat * CARD_COUNT + Card.COPPER];
    s.tally.hold(Metric.OPENING, seat, coppers === 2 || coppers === 5 ? 0 : 1);
  }
  if (s.over) finishGame(s);
}

/** Applies a legal action for the current player (trusted: no validation). */
export function applyAction(s: DominionState, action: number): void {
  if (s.engine.applyAction(action, s.events.enabled ? 1 : 0) !== 0) finishGame(s);
}

/**
 * A bad answer (or a timeout) plays the rules' fallback rather than ending the game, as both
 * servers do: in the action phase one action is spent (or the turn ends, under invalidAction);
 * a buy ends the buys (or, under invalidAction, one that could not be read ends the turn); a
 * cleanup ends the turn; a card being resolved does nothing more; a militia victim
 * discards what it owes, chosen at random or from the start of its hand. An answer meant for
 * the action phase (`answered`), given where the engine skipped it for want of an action card
 * while an action was left, is judged as in the action phase: the buys are still to come. A reply
 * read as a buy (`answered` the buy phase) was read, whatever its reason: it ends the buys only.
 */
export function forfeitTurn(s: DominionState, reason: number, answered?: number): void {
  s.tally.forfeit(s.current, reason);
  const victim = s.victim;
  if (
    (s.phase === Phase.REACTION || s.phase === Phase.MILITIA_DISCARD) &&
    s.rules.randomAttackFallback &&
    (s.chanceSeeded & (1 << victim)) === 0
  ) {
    s.chanceRngs[victim].seed(s.key, s.gameIndex, Streams.CHANCE, victim);
    s.chanceSeeded |= 1 << victim;
  }
  if (s.engine.forfeitTurn(reason, s.events.enabled ? 1 : 0, answered ?? Phase.OVER) !== 0) finishGame(s);
}

/** The tally and the last records of a game the engine has ended. */
function finishGame(s: DominionState): void {
  const players = s.players;
  const tally = s.tally;
  let bestVp = -0x8000;
  for (let seat = 0; seat < players; seat++) if (s.vp[seat] > bestVp) bestVp = s.vp[seat];
  // Ties on VP go to the fewest turns taken; what remains tied shares the win.
  let fewestTurns = 0x7fff;
  for (let seat = 0; seat < players; seat++) if (s.vp[seat] === bestVp && s.turns[seat] < fewestTurns) fewestTurns = s.turns[seat];
  let winners = 0;
  for (let seat = 0; seat < players; seat++) if (s.vp[seat] === bestVp && s.turns[seat] === fewestTurns) winners++;
  const share = tally.shareUnits / winners;
  for (let seat = 0; seat < players; seat++) {
    const won = s.vp[seat] === bestVp && s.turns[seat] === fewestTurns;
    s.shares[seat] = won ? 1 / winners : 0;
    if (won) tally.roundWon(seat, share);
    tally.record(Metric.VP, seat, s.vp[seat]);
    tally.record(Metric.TURNS, seat, s.turns[seat]);
    tally.record(Metric.TIES, seat, won && winners > 1 ? 1 : 0);
    tally.count(Metric.END_CAUSE, seat, s.endCause);
    tally.recordSeriesOnce(Metric.DECK, seat, s.owned, seat * CARD_COUNT, CARD_COUNT);
    const curved = Math.min(s.turns[seat], CURVE_TURNS);
    tally.recordSeriesOnce(Metric.VP_BY_TURN, seat, s.vpByTurn, seat * CURVE_TURNS, curved);
    tally.recordSeriesOnce(Metric.MONEY_BY_TURN, seat, s.moneyByTurn, seat * CURVE_TURNS, curved);
    s.events.ifEnabled()?.push((1 << players) - 1, Ev.GAME_END, seat, s.vp[seat], s.turns[seat], won ? 1 : 0);
  }
}

function holdsTreasure(s: DominionState, seat: number): boolean {
  return (s.handKinds[seat] & TREASURE_KINDS) !== 0;
}

/** Whether `card` can be gained: its pile is not empty, it costs at most `maxCost`, and it has one of `types` (0 for any). */
function gainable(s: DominionState, card: number, maxCost: number, types: number): boolean {
  return s.supply[card] !== 0 && COST[card] <= maxCost && (types === 0 || (TYPES[card] & types) !== 0);
}

/** Whether any pile offers a card `gainable` allows. */
export function canGain(s: DominionState, maxCost: number, types: number): boolean {
  for (let card = 0; card < CARD_COUNT; card++) if (gainable(s, card, maxCost, types)) return true;
  return false;
}

/**
 * The cards whose action of `family` the current player may choose now, as a mask: the cards
 * listLegalActions lists in that family, 0 for a family the decision does not take. The engine
 * writes them after every call (and syncKinds after code that writes the state), so a strategy
 * deciding from the state view reads this in place of the list for the price of one read.
 */
export function legalKinds(s: DominionState, family: number): number {
  return s.legalKinds[family];
}

/** An action of `family` for each card legalKinds allows, in card order. */
function listFamily(s: DominionState, family: number, out: Int32Array, count: number): number {
  const first = family * CARD_COUNT;
  for (let kinds = legalKinds(s, family); kinds !== 0; kinds &= kinds - 1) out[count++] = first + lowestBit(kinds);
  return count;
}

/** Writes the current player's legal actions; the order is fixed (card order, then the singles). */
export function listLegalActions(s: DominionState, out: Int32Array): number {
  let count = 0;
  switch (s.phase) {
    case Phase.ACTION:
      count = listFamily(s, Family.PLAY, out, 0);
      out[count++] = Action.END_ACTIONS;
      return count;
    case Phase.BUY:
      if (legalKinds(s, Family.TREASURE) !== 0) {
        out[count++] = Action.PLAY_TREASURES;
        count = listFamily(s, Family.TREASURE, out, count);
      }
      count = listFamily(s, Family.BUY, out, count);
      out[count++] = Action.END_BUYS;
      return count;
    case Phase.CELLAR:
      count = listFamily(s, Family.DISCARD, out, 0);
      out[count++] = Action.DONE;
      return count;
    case Phase.REMODEL_TRASH:
    case Phase.MINE_TRASH:
      count = listFamily(s, Family.TRASH, out, 0);
      if (s.rules.mayDecline) out[count++] = Action.DONE;
      return count;
    case Phase.REMODEL_GAIN:
    case Phase.MINE_GAIN:
      return listFamily(s, Family.GAIN, out, 0);
    case Phase.WORKSHOP_GAIN:
      count = listFamily(s, Family.GAIN, out, 0);
      if (s.rules.mayDecline) out[count++] = Action.DONE;
      return count;
    case Phase.CLEANUP:
      return listFamily(s, Family.TOP, out, 0);
    case Phase.REACTION:
      out[0] = Action.REVEAL_MOAT;
      out[1] = Action.NO_REACTION;
      return 2;
    case Phase.MILITIA_DISCARD:
      return listFamily(s, Family.DISCARD, out, 0);
    default:
      return 0;
  }
}

/** 0 when `action` is legal for the current player, otherwise the reason it is not. */
export function illegalReason(s: DominionState, action: number): number {
  if (!Number.isInteger(action)) return Forfeit.MALFORMED;
  if (action < 0 || action >= FAMILY_OF.length) return Illegal.UNKNOWN_ACTION;
  if (s.over) return Forfeit.ILLEGAL;
  const family = FAMILY_OF[action];
  const card = CARD_OF[action];
  const seat = s.current;
  const held = card >= 0 && s.hand[seat * CARD_COUNT + card] !== 0;
  const types = card >= 0 ? TYPES[card] : 0;
  switch (s.phase) {
    case Phase.ACTION:
      if (action === Action.END_ACTIONS) return 0;
      if (family !== Family.PLAY) return Illegal.WRONG_DECISION;
      if ((types & Type.ACTION) === 0) return Illegal.WRONG_TYPE;
      return held ? playForNothingReason(s, card) : Illegal.NOT_IN_HAND;
    case Phase.BUY:
      if (action === Action.END_BUYS) return 0;
      if (action === Action.PLAY_TREASURES || family === Family.TREASURE) {
        if (s.bought) return Illegal.WRONG_DECISION;
        if (action === Action.PLAY_TREASURES) return holdsTreasure(s, seat) ? 0 : Illegal.NOT_IN_HAND;
        if ((types & TREASURE) === 0) return Illegal.WRONG_TYPE;
        return held ? 0 : Illegal.NOT_IN_HAND;
      }
      if (family !== Family.BUY) return Illegal.WRONG_DECISION;
      return gainReason(s, card, s.coins, 0);
    case Phase.CELLAR:
    case Phase.MILITIA_DISCARD:
      if (action === Action.DONE && s.phase === Phase.CELLAR) return 0;
      if (family !== Family.DISCARD) return Illegal.WRONG_DECISION;
      return held ? 0 : Illegal.NOT_IN_HAND;
    case Phase.REMODEL_TRASH:
    case Phase.MINE_TRASH:
      if (action === Action.DONE) return s.rules.mayDecline ? 0 : Illegal.WRONG_DECISION;
      if (family !== Family.TRASH) return Illegal.WRONG_DECISION;
      if (s.phase === Phase.MINE_TRASH && (types & TREASURE) === 0) return Illegal.WRONG_TYPE;
      return held ? 0 : Illegal.NOT_IN_HAND;
    case Phase.REMODEL_GAIN:
    case Phase.MINE_GAIN:
    case Phase.WORKSHOP_GAIN: {
      if (action === Action.DONE && s.phase === Phase.WORKSHOP_GAIN && s.rules.mayDecline) return 0;
      if (family !== Family.GAIN) return Illegal.WRONG_DECISION;
      const limit = s.phase === Phase.WORKSHOP_GAIN ? WORKSHOP_MAX_COST : s.resolving;
      return gainReason(s, card, limit, s.phase === Phase.MINE_GAIN ? TREASURE : 0);
    }
    case Phase.CLEANUP:
      if (family !== Family.TOP) return Illegal.WRONG_DECISION;
      return held ? 0 : Illegal.NOT_IN_HAND;
    case Phase.REACTION:
      return action === Action.REVEAL_MOAT || action === Action.NO_REACTION ? 0 : Illegal.WRONG_DECISION;
    default:
      return Forfeit.ILLEGAL;
  }
}

/**
 * Why the held action `card` may not be played, where the rules refuse a play for nothing
 * (playsForNothing=false): a mine with no treasure in hand to trash, a workshop with no card
 * costing up to 4 left to gain. 0 where it may.
 */
export function playForNothingReason(s: DominionState, card: number): number {
  if (s.rules.playsForNothing) return 0;
  if (card === Card.MINE) return holdsTreasure(s, s.active) ? 0 : Illegal.NOT_IN_HAND;
  if (card === Card.WORKSHOP) return canGain(s, WORKSHOP_MAX_COST, 0) ? 0 : Illegal.PILE_EMPTY;
  return 0;
}

function gainReason(s: DominionState, card: number, maxCost: number, types: number): number {
  if (types !== 0 && (TYPES[card] & types) === 0) return Illegal.WRONG_TYPE;
  if (s.supply[card] === 0) return Illegal.PILE_EMPTY;
  return COST[card] <= maxCost ? 0 : Illegal.TOO_EXPENSIVE;
}

/** Each seat's VP over every card it owns, so mid-game too. */
export function scores(s: DominionState, out: Float64Array): void {
  for (let seat = 0; seat < s.players; seat++) out[seat] = s.vp[seat];
}

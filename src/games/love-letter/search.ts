import type { RuleValues } from '../../core/game.ts';
import { CARD_KINDS, DECK_SIZE } from './cards.ts';
import { LoveLetterState } from './state.ts';

/**
 * A round position with every hidden card filled in, as a search strategy imagines it after
 * sampling the cards its player cannot see. Fixed shape, so a search fills one in place per
 * iteration instead of allocating.
 */
export class RoundPosition {
  readonly players: number;
  /** [seat]: the card held between turns (0 for a seat that is out). */
  readonly hand: Int8Array;
  /** The card the current player drew this turn. */
  drawn = 0;
  /** The cards left to draw, deck[0] first; only deck[0 .. deckCount-1] is read. */
  readonly deck = new Int8Array(DECK_SIZE);
  deckCount = 0;
  readonly inRound: Uint8Array;
  readonly protectedSeat: Uint8Array;
  /** [seat]: sum of the values played this round (only the discard-sum tie rule reads it). */
  readonly playedSum: Int16Array;
  /** [card]: copies shown face up so far this round (what every seat's state view counts). */
  readonly seen = new Int8Array(CARD_KINDS + 1);
  /** The seat about to choose; it holds hand[current] and drawn. */
  current = 0;
  firstPlayer = 0;

  constructor(players: number) {
    this.players = players;
    this.hand = new Int8Array(players);
    this.inRound = new Uint8Array(players);
    this.protectedSeat = new Uint8Array(players);
    this.playedSum = new Int16Array(players);
  }
}

/**
 * A private state for playing out imagined rounds with the real engine. It is built with
 * winsNeeded = 1, so the engine ends the game at the end of the round being searched instead of
 * dealing another, and `shares` then holds each seat's share of that round win (1/k for k tied
 * winners). Nobody reads its events, so the log is switched off; its tally keeps counting but is
 * never read either.
 */
export function createSearchState(players: number, rules: RuleValues): LoveLetterState {
  const state = new LoveLetterState(players, { ...rules, winsNeeded: 1 });
  state.events.enabled = false;
  return state;
}

/**
 * Puts a search state at the decision described by `position`: the current player has drawn and
 * must play. Afterwards the usual game calls (legalActions, apply, isTerminal, returns) play the
 * round out. Writes only into existing arrays.
 */
export function loadPosition(state: LoveLetterState, position: RoundPosition): void {
  const players = state.players;
  let inMask = 0;
  let inCount = 0;
  for (let seat = 0; seat < players; seat++) {
    const isIn = position.inRound[seat];
    state.inRound[seat] = isIn;
    state.hand[seat] = isIn === 1 ? position.hand[seat] : 0;
    state.protectedSeat[seat] = position.protectedSeat[seat];
    state.playedSum[seat] = position.playedSum[seat];
    state.roundWins[seat] = 0;
    state.shares[seat] = 0;
    if (isIn === 1) {
      inMask |= 1 << seat;
      inCount++;
    }
  }
  state.seen.set(position.seen);
  state.inMask = inMask;
  state.inCount = inCount;
  // The draw pile sits at the top of the deck array, where the engine draws from deckTop upwards;
  // the slots below it (the set-aside card, cards already dealt) are never read again.
  const deckTop = DECK_SIZE - position.deckCount;
  for (let i = 0; i < position.deckCount; i++) state.deck[deckTop + i] = position.deck[i];
  state.deckTop = deckTop;
  state.drawn = position.drawn;
  state.current = position.current;
  state.firstPlayer = position.firstPlayer;
  state.round = 1;
  state.over = false;
  state.events.clear();
}

import { GameEvent, decodeRecord } from '../../../core/events.ts';
import type { RuleValues } from '../../../core/game.ts';
import { Due, LineKind, type ClientSeat, type DueCode, type LineKindCode } from '../../../core/wire.ts';
import { TWO_OF_CLUBS, cardOfWire, deckFor, handSize } from '../cards.ts';
import { applyAction, listLegalActions, resetGame } from '../engine.ts';
import { HeartsState } from '../state.ts';

const NUMBERS = /^-?\d+(,-?\d+)*$/;
const NO_KEY = new Uint32Array(4);

/**
 * The bot side of the original Hearts protocol. The server sends only the bot's deal and the
 * other players' cards; the bot works out the rest (its own plays, trick winners, hand scores)
 * by playing the same cards on a state of its own, dealt its hand as the `:` message gives it and
 * the unseen cards anywhere else. That state's log gives the strategy the very records it gets
 * in-process, and its legal list is the engine's.
 *
 * A hand's last card ends the hand and deals the next one at once, in the engine as in the log a
 * strategy reads; over the wire that deal comes later, as the next `:`. So the last card waits
 * until then: no decision falls in between.
 */
export class HeartsClient implements ClientSeat {
  seat = -1;
  players: number;
  /** The server's `;` ends the run. */
  readonly endsWithMessage = true;
  private readonly rules: RuleValues;
  private state: HeartsState | null = null;
  /** The hand's last card, played once the next deal is known (-1: none waiting). */
  private waitingCard = -1;
  private readonly event = new GameEvent();

  constructor(rules: RuleValues, players: number) {
    this.rules = rules;
    this.players = players;
  }

  read(message: string, emit: (event: GameEvent) => void): LineKindCode {
    const body = message.slice(1);
    switch (message[0]) {
      case '@':
        return body === '' ? LineKind.NAME_ASKED : LineKind.UNKNOWN;
      case '^':
        return body === '' ? LineKind.PING : LineKind.UNKNOWN;
      case '[':
        return body === '' && this.state?.current === this.seat ? LineKind.PLAY_ASKED : LineKind.UNKNOWN;
      case ';':
        return body === '' ? LineKind.END : LineKind.UNKNOWN;
      case ':':
        return NUMBERS.test(body) ? this.readDeal(body.split(',').map(Number), emit) : LineKind.UNKNOWN;
      case ']': {
        const fields = NUMBERS.test(body) ? body.split(',').map(Number) : [];
        const card = fields.length === 2 ? cardOfWire(fields[1]) : -1;
        if (card < 0 || this.state === null || this.waitingCard >= 0 || fields[0] !== this.state.current || fields[0] === this.seat) {
          return LineKind.UNKNOWN;
        }
        this.play(card, emit);
        return LineKind.MESSAGE;
      }
      default:
        return LineKind.UNKNOWN;
    }
  }

  /** `:players,seat,leader,card,...`: a new hand, and a new game unless the last hand's card is waiting. */
  private readDeal(fields: number[], emit: (event: GameEvent) => void): LineKindCode {
    const [players, seat, leader] = fields;
    const hand = fields.slice(3).map(cardOfWire);
    const deck = deckFor(players);
    const size = handSize(players);
    if (seat < 0 || seat >= players || leader < 0 || leader >= players || hand.length !== size || hand.includes(-1))
      return LineKind.UNKNOWN;
    if (hand.some((card, i) => hand.indexOf(card) !== i || !deck.includes(card))) return LineKind.UNKNOWN;
    const stacked = stackDeck(deck, hand, seat, leader, size);
    if (this.state === null || this.state.players !== players || this.seat !== seat) {
      try {
        this.state = new HeartsState(players, this.rules);
      } catch {
        return LineKind.UNKNOWN;
      }
      this.waitingCard = -1;
    }
    this.seat = seat;
    this.players = players;
    const state = this.state;
    const decks: number[][] = [];
    if (this.waitingCard >= 0) {
      // The engine deals the next hand as this card ends the last one: from this deck.
      decks[state.hand] = stacked;
      state.stackedDecks = decks;
      const card = this.waitingCard;
      this.waitingCard = -1;
      applyAction(state, card);
      this.deliver(emit);
      if (!state.over) return LineKind.MESSAGE;
    }
    // A new game: the last one ended, by its scores or by a forfeit (whose game ends unannounced).
    decks.length = 0;
    decks[0] = stacked;
    state.stackedDecks = decks;
    resetGame(state, NO_KEY, 0);
    this.deliver(emit);
    return LineKind.MESSAGE;
  }

  /** Plays a card for the seat that is on turn, or holds a hand's last card back (see above). */
  private play(card: number, emit: (event: GameEvent) => void): void {
    const state = this.state!;
    if (state.trickCount === state.players - 1 && state.trick === state.tricksPerHand - 1) {
      this.waitingCard = card;
      return;
    }
    applyAction(state, card);
    this.deliver(emit);
  }

  /** Hands on the records of the state's log addressed to this seat. */
  private deliver(emit: (event: GameEvent) => void): void {
    const log = this.state!.events;
    const self = 1 << this.seat;
    for (let i = 0; i < log.count; i++) {
      decodeRecord(this.event, log.data, i);
      if ((this.event.recipients & self) !== 0) emit(this.event);
    }
    log.clear();
  }

  decisionDue(): DueCode {
    // The `[` message asks, not a record.
    return Due.NONE;
  }

  legalActions(_view: unknown, out: Int32Array): number {
    return this.state === null ? 0 : listLegalActions(this.state, out);
  }

  reply(action: number, emit: (event: GameEvent) => void): string {
    const state = this.state!;
    const size = state.handSize;
    let index = -1;
    for (let i = 0; i < size; i++) if (state.dealt[this.seat * size + i] === action) index = i;
    if (index >= 0) this.play(action, emit);
    return String(index);
  }

  resign(): string {
    return 'forfeit';
  }

  /**
   * The name cut to the spec's 15 characters ("ASCII name of maximum length 15"): the original
   * server reads a reply into 20 bytes and stops the group at a longer one, and a strategy's name
   * (the bot's on stdio) may be a long path.
   */
  nameReply(name: string): string {
    return name.slice(0, MAX_NAME_LENGTH);
  }
}

const MAX_NAME_LENGTH = 15;

/**
 * A deck that deals `hand` to `seat` in its order and the two of clubs to `leader`; the other
 * cards go anywhere else (their places are unknown and play no part).
 */
function stackDeck(deck: Int8Array, hand: readonly number[], seat: number, leader: number, size: number): number[] {
  const stacked: number[] = Array(deck.length).fill(-1);
  hand.forEach((card, i) => (stacked[seat * size + i] = card));
  const rest = Array.from(deck).filter((card) => !hand.includes(card));
  if (leader !== seat) {
    stacked[leader * size] = TWO_OF_CLUBS;
    rest.splice(rest.indexOf(TWO_OF_CLUBS), 1);
  }
  for (let at = 0; at < stacked.length; at++) if (stacked[at] === -1) stacked[at] = rest.shift()!;
  return stacked;
}

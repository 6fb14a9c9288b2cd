import { GameEvent, setRecord } from '../../../core/events.ts';
import type { PlayerView, RuleValues } from '../../../core/game.ts';
import { Due, LineKind, type ClientSeat, type DueCode, type LineKindCode } from '../../../core/wire.ts';
import { formatAction } from '../actions.ts';
import { Card, MAX_PLAYERS, MIN_PLAYERS, cardByName } from '../cards.ts';
import { Ev } from '../codes.ts';
import { listLegalActions } from '../engine.ts';
import { decodeRules, type DecodedRules } from '../rules.ts';
import { LoveLetterState } from '../state.ts';
import type { LoveLetterView } from '../view.ts';

const NUMBER = /^\d+$/;

/**
 * The bot side of the HackSoc manager protocol: rebuilds the records the engine wrote for this
 * seat, field for field, recipients included (public messages go to every player still in, which
 * the bot can track because every `out` is public).
 *
 * The classic greeting says neither who starts nor how many play: the round's opening record waits
 * for the first `player` line, which names the first player, and the table size is the caller's
 * or, when the caller does not know it, the largest. The ident greeting says both.
 */
export class LoveLetterClient implements ClientSeat {
  seat = -1;
  players: number;
  /** Whether the table size is a guess (the largest), not something the server or the user said. */
  private readonly sizeGuessed: boolean;
  /** The highest seat a message has named (the bot's own included): every seat up to it is at the table. */
  private highestNamed = -1;
  private readonly rules: RuleValues;
  private readonly decoded: DecodedRules;
  private readonly ident: boolean;
  private readonly event = new GameEvent();
  private inMask = 0;
  /** Classic greeting seen, round not yet opened: the dealt card waits here. */
  private awaitingFirstPlayer = false;
  private dealt: number = Card.NONE;
  private scratch: LoveLetterState | null = null;

  constructor(rules: RuleValues, players?: number) {
    this.rules = rules;
    this.decoded = decodeRules(rules);
    this.ident = rules.handshake === 'ident';
    this.players = players ?? MAX_PLAYERS;
    this.sizeGuessed = players === undefined && !this.ident;
  }

  read(line: string, emit: (event: GameEvent) => void): LineKindCode {
    const named = this.highestNamed;
    const kind = this.readLine(line, emit);
    // Only a message read whole shows that the seats it names are at the table.
    if (kind === LineKind.UNKNOWN) this.highestNamed = named;
    return kind;
  }

  private readLine(line: string, emit: (event: GameEvent) => void): LineKindCode {
    const words = line.trim().split(/\s+/);
    const verb = words[0].toLowerCase();
    if (this.ident) {
      if (verb === 'ident' && words.length === 2 && NUMBER.test(words[1])) {
        this.seat = Number(words[1]);
        return LineKind.NAME_ASKED;
      }
      if (verb === 'players' && words.length === 2 && NUMBER.test(words[1])) {
        this.players = Number(words[1]);
        return this.seat >= 0 && this.seat < this.players ? LineKind.MESSAGE : LineKind.UNKNOWN;
      }
      if (verb === 'start' && words.length === 2) return this.openRound(this.player(words[1]), emit);
    } else if (words.length === 1 && NUMBER.test(verb)) {
      this.seat = this.player(verb);
      if (this.seat < 0) return LineKind.UNKNOWN;
      this.awaitingFirstPlayer = true;
      return LineKind.MESSAGE;
    }
    if (this.seat < 0) return LineKind.UNKNOWN;
    return this.readMessage(verb, words, emit);
  }

  private readMessage(verb: string, words: string[], emit: (event: GameEvent) => void): LineKindCode {
    const self = 1 << this.seat;
    switch (verb) {
      case 'player': {
        const player = words.length === 2 ? this.player(words[1]) : -1;
        if (player < 0) return LineKind.UNKNOWN;
        if (this.awaitingFirstPlayer) {
          this.awaitingFirstPlayer = false;
          this.openRound(player, emit);
          this.emit(emit, self, Ev.DRAW, this.dealt, 0, 0, 0);
        }
        return this.emit(emit, this.inMask, Ev.PLAYER, player, 0, 0, 0);
      }
      case 'draw':
      case 'swap': {
        const card = words.length === 2 ? cardByName(words[1]) : Card.NONE;
        if (card === Card.NONE) return LineKind.UNKNOWN;
        if (verb === 'swap') return this.emit(emit, self, Ev.SWAP, card, 0, 0, 0);
        if (!this.awaitingFirstPlayer) return this.emit(emit, self, Ev.DRAW, card, 0, 0, 0);
        this.dealt = card;
        return LineKind.MESSAGE;
      }
      case 'played':
        return this.readPlayed(words, emit);
      case 'reveal':
      case 'discard': {
        const player = words.length === 3 ? this.player(words[1]) : -1;
        const card = words.length === 3 ? cardByName(words[2]) : Card.NONE;
        if (player < 0 || card === Card.NONE) return LineKind.UNKNOWN;
        if (verb === 'reveal') return this.emit(emit, self, Ev.REVEAL, player, card, 0, 0);
        return this.emit(emit, this.inMask, Ev.DISCARD, player, card, 0, 0);
      }
      case 'out': {
        const player = words.length >= 2 && words.length <= 4 ? this.player(words[1]) : -1;
        const first = words.length > 2 ? cardByName(words[2]) : Card.NONE;
        const second = words.length > 3 ? cardByName(words[3]) : Card.NONE;
        if (player < 0 || (words.length > 2 && first === Card.NONE) || (words.length > 3 && second === Card.NONE)) return LineKind.UNKNOWN;
        // Everyone still in hears an `out`, the player leaving included.
        this.emit(emit, this.inMask, Ev.OUT, player, first, second, 0);
        this.inMask &= ~(1 << player);
        return LineKind.MESSAGE;
      }
      default:
        return LineKind.UNKNOWN;
    }
  }

  /** `played <a> <card> [<b>] [<guess>]` */
  private readPlayed(words: string[], emit: (event: GameEvent) => void): LineKindCode {
    if (words.length < 3 || words.length > 5) return LineKind.UNKNOWN;
    const actor = this.player(words[1]);
    const card = cardByName(words[2]);
    let target = -1;
    let guess: number = Card.NONE;
    let next = 3;
    if (next < words.length && NUMBER.test(words[next])) {
      target = this.player(words[next]);
      if (target < 0) return LineKind.UNKNOWN;
      next++;
    }
    if (next < words.length) {
      guess = cardByName(words[next]);
      if (guess === Card.NONE) return LineKind.UNKNOWN;
      next++;
    }
    if (actor < 0 || card === Card.NONE || next !== words.length) return LineKind.UNKNOWN;
    return this.emit(emit, this.inMask, Ev.PLAYED, actor, card, target, guess);
  }

  private openRound(first: number, emit: (event: GameEvent) => void): LineKindCode {
    if (first < 0) return LineKind.UNKNOWN;
    this.inMask = (1 << this.players) - 1;
    return this.emit(emit, 1 << this.seat, Ev.START, first, this.players, 0, 0);
  }

  /** A player number on the wire as a seat, or -1 when it names no seat at this table. */
  private player(word: string): number {
    if (!NUMBER.test(word)) return -1;
    const seat = Number(word) - this.decoded.wireBase;
    if (seat < 0 || seat >= this.players) return -1;
    if (seat > this.highestNamed) this.highestNamed = seat;
    return seat;
  }

  /**
   * The seats a play may aim at, of those in the round. With the table size guessed, only seats
   * known to be at the table (the smallest table's, and every seat up to the highest a message
   * named, since seats are numbered without gaps), so that the play is legal at whatever table
   * the messages came from.
   */
  private targetable(inMask: number): number {
    if (!this.sizeGuessed) return inMask;
    let known = Math.max(MIN_PLAYERS, this.highestNamed + 1);
    // The round goes on, so someone else is still in: with no known seat but the bot's own left,
    // the next seat is at the table and, never named in an `out`, still in.
    if ((inMask & ~(1 << this.seat) & ((1 << known) - 1)) === 0) known++;
    return inMask & ((1 << Math.min(known, this.players)) - 1);
  }

  private emit(
    emit: (event: GameEvent) => void,
    recipients: number,
    kind: number,
    a: number,
    b: number,
    c: number,
    d: number,
  ): LineKindCode {
    emit(setRecord(this.event, recipients, kind, a, b, c, d));
    return LineKind.MESSAGE;
  }

  decisionDue(event: GameEvent, view: PlayerView): DueCode {
    const v = view as LoveLetterView;
    if (event.kind !== Ev.DRAW || v.turn !== this.seat || v.handCount !== 2) return Due.NONE;
    // After a draw that busts the minister the manager should announce the `out` itself.
    const held = v.hand[0];
    const drawn = v.hand[1];
    const busted = (held === Card.MINISTER || drawn === Card.MINISTER) && held + drawn >= this.decoded.ministerBustAt;
    return busted ? Due.PLAY_WHILE_OUT : Due.PLAY;
  }

  legalActions(view: PlayerView, out: Int32Array): number {
    const v = view as LoveLetterView;
    // The engine's own lister, on a state holding just what the view knows, gives the same list in
    // the same order as in-process play: a seeded strategy then chooses the same action.
    if (this.scratch === null || this.scratch.players !== this.players) this.scratch = new LoveLetterState(this.players, this.rules);
    const state = this.scratch;
    state.current = v.seat;
    state.hand[v.seat] = v.hand[0];
    state.drawn = v.hand[1];
    state.inRound.set(v.inRound);
    let inMask = 0;
    for (let seat = 0; seat < this.players; seat++) if (v.inRound[seat] === 1) inMask |= 1 << seat;
    state.inMask = this.targetable(inMask);
    return listLegalActions(state, out);
  }

  reply(action: number): string {
    return formatAction(action, this.decoded.wireBase);
  }

  resign(): string {
    return 'forfeit';
  }
}

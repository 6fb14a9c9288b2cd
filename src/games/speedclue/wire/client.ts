import { GameEvent, setRecord } from '../../../core/events.ts';
import type { PlayerView, RuleValues } from '../../../core/game.ts';
import { Due, LineKind, type ClientSeat, type DueCode, type LineKindCode } from '../../../core/wire.ts';
import { ACCUSE_BASE, NO_ACCUSATION, SHOW_BASE, formatAction, parseTriple } from '../actions.ts';
import { MAX_PLAYERS, MIN_PLAYERS, TRIPLES, TRIPLE_MASK, cardOfCode, lowestCard } from '../cards.ts';
import { Ev } from '../codes.ts';
import { decodeRules } from '../rules.ts';
import type { SpeedClueView } from '../view.ts';

const Asked = { NOTHING: 0, SUGGEST: 1, DISPROVE: 2, ACCUSE: 3 } as const;
type AskedCode = (typeof Asked)[keyof typeof Asked];
const SEAT = /^\d$/;

/**
 * The bot side of the contest's protocol. Every message is read as the Java client reads it, in
 * any case, with NULs, line ends and runs of spaces tolerated, and turned back into the records
 * the engine gives a seat in-process (`reset` into the game's start and the hand, one card a
 * record, in the order sent), so a strategy behind the protocol learns exactly what it would
 * in-process. The legal list is worked out from the view as the engine lists it.
 */
export class SpeedClueClient implements ClientSeat {
  seat = -1;
  players: number;
  private readonly accusationRules: boolean;
  private readonly tellEliminated: boolean;
  /** Seats it was told accused wrongly: no longer told anything where the eliminated are not. */
  private eliminated = 0;
  private asked: AskedCode = Asked.NOTHING;
  private answer = 'ok';
  private readonly event = new GameEvent();

  constructor(rules: RuleValues, players: number) {
    this.players = players;
    const decoded = decodeRules(rules);
    this.accusationRules = decoded.accusationRules;
    this.tellEliminated = decoded.tellEliminated;
  }

  read(message: string, emit: (event: GameEvent) => void): LineKindCode {
    const words = message.replace(/\0/g, ' ').trim().split(/\s+/);
    switch (words[0].toLowerCase()) {
      case 'reset':
        return this.readReset(words, emit);
      case 'suggest':
        return this.ask(words.length === 1, Asked.SUGGEST);
      case 'accuse':
        return this.ask(words.length === 1, Asked.ACCUSE);
      case 'disprove': {
        const triple = words.length === 5 ? parseTriple(words[2], words[3], words[4]) : -1;
        if (triple < 0 || !SEAT.test(words[1])) return LineKind.UNKNOWN;
        this.emit(emit, 1 << this.seat, Ev.DISPROVE, Number(words[1]), triple, 0, 0);
        return this.ask(true, Asked.DISPROVE);
      }
      case 'suggestion': {
        const triple = words.length >= 6 ? parseTriple(words[2], words[3], words[4]) : -1;
        const disprover = words[5] === '-' ? -1 : SEAT.test(words[5] ?? '') ? Number(words[5]) : -2;
        const card = words.length === 7 ? cardOfCode(words[6]) : -1;
        const shape = words.length === (disprover >= 0 && card >= 0 ? 7 : 6);
        if (triple < 0 || !SEAT.test(words[1]) || disprover === -2 || !shape) return LineKind.UNKNOWN;
        const suggester = Number(words[1]);
        // As the engine addresses it: a record with the shown card to each of the two concerned
        // alone, one without it to the others.
        const privy = disprover < 0 ? 0 : (1 << suggester) | (1 << disprover);
        const recipients = card >= 0 ? 1 << this.seat : this.told() & ~privy;
        this.emit(emit, recipients, Ev.SUGGESTION, suggester, triple, disprover, card);
        return this.acknowledge('ok');
      }
      case 'accusation': {
        const triple = words.length === 6 ? parseTriple(words[2], words[3], words[4]) : -1;
        if (triple < 0 || !SEAT.test(words[1]) || (words[5] !== '+' && words[5] !== '-')) return LineKind.UNKNOWN;
        const accuser = Number(words[1]);
        this.emit(emit, this.told() | (1 << accuser), Ev.ACCUSATION, accuser, triple, words[5] === '+' ? 1 : 0, 0);
        if (words[5] === '-') this.eliminated |= 1 << accuser;
        return this.acknowledge('ok');
      }
      case 'done':
        this.answer = 'dead';
        return words.length === 1 ? LineKind.END : LineKind.UNKNOWN;
      default:
        return LineKind.UNKNOWN;
    }
  }

  /** `reset players seat cards...`: a new game (a server may start one in the middle of another). */
  private readReset(words: string[], emit: (event: GameEvent) => void): LineKindCode {
    const players = Number(words[1]);
    const seat = Number(words[2]);
    const cards = words.slice(3).map(cardOfCode);
    const valid =
      SEAT.test(words[1] ?? '') &&
      SEAT.test(words[2] ?? '') &&
      players >= MIN_PLAYERS &&
      players <= MAX_PLAYERS &&
      seat < players &&
      cards.length > 0 &&
      !cards.some((card, i) => card < 0 || cards.indexOf(card) !== i);
    if (!valid) return LineKind.UNKNOWN;
    this.players = players;
    this.seat = seat;
    this.asked = Asked.NOTHING;
    this.eliminated = 0;
    this.emit(emit, 1 << seat, Ev.GAME_START, players, seat, cards.length, 0);
    cards.forEach((card, position) => this.emit(emit, 1 << seat, Ev.DEALT, position, card, 0, 0));
    return this.acknowledge('ok');
  }

  private ask(wellFormed: boolean, asked: AskedCode): LineKindCode {
    if (!wellFormed || this.seat < 0) return LineKind.UNKNOWN;
    this.asked = asked;
    return LineKind.PLAY_ASKED;
  }

  private acknowledge(answer: string): LineKindCode {
    this.answer = answer;
    return LineKind.ACK;
  }

  /**
   * Who the engine tells a suggestion or an accusation: everyone, or (under the Python port's rules)
   * those still in, as far as this seat was told: a disqualification is never announced.
   */
  private told(): number {
    const all = (1 << this.players) - 1;
    return this.tellEliminated ? all : all & ~this.eliminated;
  }

  private emit(emit: (event: GameEvent) => void, recipients: number, kind: number, a: number, b: number, c: number, d: number): void {
    emit(setRecord(this.event, recipients, kind, a, b, c, d));
  }

  /** Every question comes as a message of its own. */
  decisionDue(): DueCode {
    return Due.NONE;
  }

  /** The engine's list for the question asked, from what the view knows, in the engine's order. */
  legalActions(view: PlayerView, out: Int32Array): number {
    const clue = view as SpeedClueView;
    let count = 0;
    if (this.asked === Asked.SUGGEST) {
      for (let triple = 0; triple < TRIPLES; triple++) if (clue.used[triple] === 0) out[count++] = triple;
    } else if (this.asked === Asked.DISPROVE) {
      for (let matches = clue.hand & TRIPLE_MASK[clue.disproveTriple]; matches !== 0; matches &= matches - 1) {
        out[count++] = SHOW_BASE + lowestCard(matches);
      }
    } else if (this.asked === Asked.ACCUSE) {
      if (!clue.mustAccuse && clue.suggestions < TRIPLES) out[count++] = NO_ACCUSATION;
      const seen = this.accusationRules ? clue.seen : 0;
      for (let triple = 0; triple < TRIPLES; triple++) if ((TRIPLE_MASK[triple] & seen) === 0) out[count++] = ACCUSE_BASE + triple;
    }
    return count;
  }

  reply(action: number): string {
    this.asked = Asked.NOTHING;
    return formatAction(action);
  }

  resign(): string {
    this.asked = Asked.NOTHING;
    return 'forfeit';
  }

  acknowledgement(): string {
    return this.answer;
  }
}

import type { GameEvent } from '../../core/events.ts';
import type { PlayerView, RuleValues } from '../../core/game.ts';
import { CARDS, TRIPLES, TRIPLE_MASK } from './cards.ts';
import { Ev } from './codes.ts';
import { decodeRules } from './rules.ts';
import type { SpeedClueState } from './state.ts';

/**
 * What both views of a seat show: its hand, the cards it has seen, its own suggestions, the
 * solution it knows from an undisproved suggestion of its own (-1 while none) and whether the
 * restrictions oblige it to accuse. Strategies that read nothing else may set `readsState`.
 */
export interface SpeedClueSeatView extends PlayerView {
  readonly hand: number;
  readonly seen: number;
  readonly used: Uint8Array;
  readonly suggestions: number;
  readonly certain: number;
  readonly mustAccuse: boolean;
}

/**
 * What one player knows, rebuilt only from the records it receives: its hand, the cards shown to
 * it and by whom, its own suggestions, and who is out as far as it was told. Strategies that reason
 * about the other hands keep their own records from the same events (see strategies/speedclue).
 */
export class SpeedClueView implements SpeedClueSeatView {
  readonly seat: number;
  readonly players: number;
  /** Whether an undisproved suggestion obliges its maker to accuse (the rules' accusation restrictions). */
  private readonly accusationRules: boolean;
  /** Its own cards, a mask. */
  hand = 0;
  /** Its own cards and every card shown to it. */
  seen = 0;
  /** [card]: the seat that showed it this card, or -1. */
  readonly shownBy = new Int8Array(CARDS);
  /** [triple]: 1 once it has suggested the triple this game. */
  readonly used = new Uint8Array(TRIPLES);
  suggestions = 0;
  /**
   * A triple it knows to be the solution because nobody disproved its suggestion and it holds none
   * of the cards; -1 while none is known this way.
   */
  certain = -1;
  /** Whether it is to accuse (or not) now, its own suggestion just answered. */
  accusing = false;
  /** Whether the restrictions now oblige it to accuse. */
  mustAccuse = false;
  /** Seats it was told accused wrongly, a mask. */
  eliminated = 0;
  /** The suggestion it is asked to disprove: its maker and triple (-1 when not asked). */
  disproveFor = -1;
  disproveTriple = -1;

  constructor(players: number, seat: number, rules: RuleValues) {
    this.players = players;
    this.seat = seat;
    this.accusationRules = decodeRules(rules).accusationRules;
    this.shownBy.fill(-1);
  }

  reset(): void {
    this.hand = 0;
    this.seen = 0;
    this.shownBy.fill(-1);
    this.used.fill(0);
    this.suggestions = 0;
    this.certain = -1;
    this.accusing = false;
    this.mustAccuse = false;
    this.eliminated = 0;
    this.disproveFor = -1;
    this.disproveTriple = -1;
  }

  observe(e: GameEvent): void {
    switch (e.kind) {
      case Ev.GAME_START:
        this.reset();
        break;
      case Ev.DEALT:
        this.hand |= 1 << e.b;
        this.seen |= 1 << e.b;
        break;
      case Ev.DISPROVE:
        this.accusing = false;
        this.disproveFor = e.a;
        this.disproveTriple = e.b;
        break;
      case Ev.SUGGESTION:
        this.disproveFor = -1;
        this.disproveTriple = -1;
        this.accusing = e.a === this.seat;
        if (e.a === this.seat) this.onOwnSuggestion(e.b, e.c, e.d);
        break;
      case Ev.ACCUSATION:
        this.accusing = false;
        if (e.c === 0) this.eliminated |= 1 << e.a;
        break;
      default:
        break;
    }
  }

  private onOwnSuggestion(triple: number, disprover: number, card: number): void {
    this.used[triple] = 1;
    this.suggestions++;
    if (disprover >= 0) {
      this.seen |= 1 << card;
      this.shownBy[card] = disprover;
      return;
    }
    const mask = TRIPLE_MASK[triple];
    if ((mask & this.hand) === 0) this.certain = triple;
    if (this.accusationRules && (mask & this.seen) === 0) this.mustAccuse = true;
  }
}

/**
 * A seat's SpeedClueSeatView read live from the engine's state (Game.createStateView): for trusted
 * strategies that set readsState, and for their play-outs in a search state.
 */
export class SpeedClueStateView implements SpeedClueSeatView {
  readonly seat: number;
  readonly players: number;
  readonly used: Uint8Array;
  private readonly state: SpeedClueState;

  constructor(state: SpeedClueState, seat: number) {
    this.state = state;
    this.seat = seat;
    this.players = state.players;
    this.used = state.used.subarray(seat * TRIPLES, (seat + 1) * TRIPLES);
  }

  get hand(): number {
    return this.state.hand[this.seat];
  }

  get seen(): number {
    return this.state.seen[this.seat];
  }

  get suggestions(): number {
    return this.state.suggestions[this.seat];
  }

  get certain(): number {
    return this.state.certain[this.seat];
  }

  get mustAccuse(): boolean {
    return this.state.mustAccuse[this.seat] === 1;
  }

  // It reads the state itself: there is nothing to reset and no record to take.
  reset(): void {}

  observe(): void {}
}

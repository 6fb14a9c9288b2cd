import { Errors } from '../../core/errors.ts';
import { EventLog } from '../../core/events.ts';
import type { GameState, RuleValues } from '../../core/game.ts';
import { Rng, type MasterKey } from '../../core/random.ts';
import { GameTally } from '../../core/tally.ts';
import { DEALT_CARDS, MAX_PLAYERS, MIN_PLAYERS, TRIPLES, handSizeOf } from './cards.ts';
import { FORFEIT_LABELS } from './codes.ts';
import { SPEEDCLUE_METRICS } from './metrics.ts';
import { decodeRules, type DecodedRules } from './rules.ts';

// A game's opening writes a start and six cards per seat (42 with six players); a move writes
// at most a disprove request, two suggestion records or an accusation, a disqualification and
// the game's end.
const EVENT_CAPACITY = 64;

/** What the engine waits for. */
export const Phase = { SUGGEST: 0, DISPROVE: 1, ACCUSE: 2, OVER: 3 } as const;

/** A seat's standing: still playing, out by a wrong accusation, or out by a broken restriction. */
export const Standing = { IN: 0, ELIMINATED: 1, DISQUALIFIED: 2 } as const;

/**
 * The whole state of a SpeedClue game in fixed typed arrays, created once and reset per game.
 * Hands and the cards each seat has seen are 21-bit masks (cards.ts); `used` marks the triples
 * each seat has suggested, [seat * 324 + triple].
 */
export class SpeedClueState implements GameState {
  readonly players: number;
  readonly rules: DecodedRules;
  readonly ruleValues: RuleValues;
  readonly events = new EventLog(EVENT_CAPACITY);
  readonly tally: GameTally;

  /** The 18 dealt cards after the shuffle: seat 0's block first, then seat 1's, and so on. */
  readonly deck = new Int8Array(DEALT_CARDS);
  readonly handSize: Int8Array;
  /** [seat]: where its block starts in `deck`. */
  readonly handStart: Int8Array;
  readonly hand: Int32Array;
  /** [seat]: its own cards and every card shown to it. */
  readonly seen: Int32Array;
  readonly used: Uint8Array;
  readonly suggestions: Int16Array;
  /** [seat]: its own turns so far, the current one included. */
  readonly turns: Int16Array;
  /**
   * [seat]: 1 once it must accuse: an undisproved suggestion of its own named no card it had seen
   * (under the accusation restrictions), or it has made every suggestion.
   */
  readonly mustAccuse: Uint8Array;
  /** [seat]: a triple of its own that nobody disproved and that names none of its cards (so the solution), or -1. */
  readonly certain: Int16Array;
  /** [seat]: a Standing. */
  readonly standing: Uint8Array;
  readonly shares: Float64Array;
  /** Bit mask of the seats still in. */
  inMask = 0;
  solution = 0;

  phase: number = Phase.OVER;
  /** The seat whose turn it is. */
  active = 0;
  /** The seat that must decide now (the disprover while a suggestion is disproved); -1 when over. */
  current = -1;
  /** The suggestion being disproved. */
  pending = 0;
  disprover = -1;
  winner = -1;
  /** How the winner won: Outcome.SOLVED or Outcome.LAST_STANDING. */
  winnerOutcome = -1;
  over = true;

  key: MasterKey = new Uint32Array(4);
  gameIndex = 0;
  readonly dealRng = new Rng();
  /**
   * Tests and replays of real deals can fix the deal: the solution's triple, then the 18 cards in
   * deal order (seat 0's block first).
   */
  stackedDeal: { readonly solution: number; readonly deck: readonly number[] } | null = null;

  constructor(players: number, rules: RuleValues) {
    if (players < MIN_PLAYERS || players > MAX_PLAYERS) throw Errors.playerCount('speedclue', players, MIN_PLAYERS, MAX_PLAYERS);
    this.players = players;
    this.ruleValues = rules;
    this.rules = decodeRules(rules);
    this.tally = new GameTally({ players, metrics: SPEEDCLUE_METRICS, forfeitReasons: FORFEIT_LABELS.length });
    this.handSize = Int8Array.from({ length: players }, (_, seat) => handSizeOf(players, seat));
    this.handStart = new Int8Array(players);
    for (let seat = 1; seat < players; seat++) this.handStart[seat] = this.handStart[seat - 1] + this.handSize[seat - 1];
    this.hand = new Int32Array(players);
    this.seen = new Int32Array(players);
    this.used = new Uint8Array(players * TRIPLES);
    this.suggestions = new Int16Array(players);
    this.turns = new Int16Array(players);
    this.mustAccuse = new Uint8Array(players);
    this.certain = new Int16Array(players);
    this.standing = new Uint8Array(players);
    this.shares = new Float64Array(players);
  }
}

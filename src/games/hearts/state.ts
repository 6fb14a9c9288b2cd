import { Errors } from '../../core/errors.ts';
import { EventLog } from '../../core/events.ts';
import type { GameState, RuleValues } from '../../core/game.ts';
import { Rng, type MasterKey } from '../../core/random.ts';
import { GameTally } from '../../core/tally.ts';
import { MAX_PLAYERS, MIN_PLAYERS, SUITS, deckFor, handSize } from './cards.ts';
import { FORFEIT_LABELS } from './codes.ts';
import { HEARTS_METRICS, HEARTS_METRIC_COUNT, Metric } from './metrics.ts';
import { decodeRules, type DecodedRules } from './rules.ts';

// One move writes at most a play, a trick, a moon, a score per seat and the next hand's deal
// (a start and a card per position for every seat): 3 + 6 + 6 * 10 for six players.
const EVENT_CAPACITY = 128;

/**
 * The whole state of a Hearts game in fixed typed arrays, created once and reset per game. A
 * seat's hand is four 13-bit masks, one per suit (suitMask[seat * 4 + suit]), so following suit
 * and listing legal cards are bit operations; `dealt` keeps the hand in the order it was dealt,
 * which the protocol's card indices refer to.
 */
export class HeartsState implements GameState {
  readonly players: number;
  readonly rules: DecodedRules;
  readonly ruleValues: RuleValues;
  readonly events = new EventLog(EVENT_CAPACITY);
  readonly tally: GameTally;

  /** The cards in play at this table size, in card order. */
  readonly deckCards: Int8Array;
  /** This hand's deck after the shuffle: seat s is dealt deck[s * handSize ..]. */
  readonly deck: Int8Array;
  readonly handSize: number;
  /** Tricks played per hand (one short of the hand size in the faithful profile). */
  readonly tricksPerHand: number;
  readonly suitMask: Int32Array;
  readonly dealt: Int8Array;

  hand = 0;
  trick = 0;
  /** Cards played to the current trick so far. */
  trickCount = 0;
  ledSuit = 0;
  trickWinner = 0;
  trickHighRank = 0;
  trickPoints = 0;
  heartsBroken = false;
  /** The seat that took the queen of spades this hand, or -1. */
  queenTaker = -1;
  /** Seats that can still shoot the moon: bit s is cleared once another seat takes a point trick. */
  moonMask = 0;

  /** Points in the tricks each seat won this hand, every trick counted (the all-points moon test). */
  readonly pointsTaken: Int16Array;
  readonly tricksWon: Int8Array;
  /** This hand's score under the scoring rules. */
  readonly handScore: Int16Array;
  /** The value a seat that wins no trick scores again under carryOver (the previous hand's). */
  readonly carried: Int16Array;
  /** What each seat scored in the hand just ended. */
  readonly handValue: Int16Array;
  readonly totals: Int32Array;
  readonly shares: Float64Array;
  /**
   * [seat * HEARTS_METRIC_COUNT + metric]: where the seat's value of each metric goes in the tally
   * this hand (GameTally.momentsCell), under the labels its deal gave it.
   */
  readonly handCells: Int32Array;

  current = -1;
  over = true;
  /** The seat that forfeited the game, or -1. */
  forfeited = -1;

  key: MasterKey = new Uint32Array(4);
  gameIndex = 0;
  readonly dealRng = new Rng();
  /** Tests and replays of real deals can stack the deck of hand h at stackedDecks[h - 1]. */
  stackedDecks: readonly (readonly number[])[] | null = null;

  constructor(players: number, rules: RuleValues) {
    if (players < MIN_PLAYERS || players > MAX_PLAYERS) throw Errors.playerCount('hearts', players, MIN_PLAYERS, MAX_PLAYERS);
    this.players = players;
    this.ruleValues = rules;
    this.rules = decodeRules(rules);
    if (this.rules.fourPlayersOnly && players !== 4) throw Errors.playerCount('hearts (fourPlayersOnly)', players, 4, 4);
    this.tally = new GameTally({ players, metrics: HEARTS_METRICS, forfeitReasons: FORFEIT_LABELS.length });
    this.deckCards = deckFor(players);
    this.deck = new Int8Array(this.deckCards.length);
    this.handSize = handSize(players);
    this.tricksPerHand = this.handSize - this.rules.tricksLeftUnplayed;
    this.suitMask = new Int32Array(players * SUITS);
    this.dealt = new Int8Array(players * this.handSize);
    this.pointsTaken = new Int16Array(players);
    this.tricksWon = new Int8Array(players);
    this.handScore = new Int16Array(players);
    this.carried = new Int16Array(players);
    this.handValue = new Int16Array(players);
    this.totals = new Int32Array(players);
    this.shares = new Float64Array(players);
    this.handCells = new Int32Array(players * HEARTS_METRIC_COUNT);
    // The metrics not split by the deal have one label: their cells never move.
    for (let seat = 0; seat < players; seat++) {
      for (const metric of [Metric.POINTS, Metric.QUEEN_TAKEN, Metric.MOON_SHOT]) {
        this.handCells[seat * HEARTS_METRIC_COUNT + metric] = this.tally.momentsCell(metric, seat, 0);
      }
    }
  }
}

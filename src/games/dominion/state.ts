import { Errors } from '../../core/errors.ts';
import { EventLog } from '../../core/events.ts';
import type { GameState, RuleValues } from '../../core/game.ts';
import { Rng, type MasterKey } from '../../core/random.ts';
import { GameTally } from '../../core/tally.ts';
import { CARD_COUNT, MAX_PLAYERS, MIN_PLAYERS, pileSize, totalCards } from './cards.ts';
import { FORFEIT_LABELS, Phase } from './codes.ts';
import { CURVE_TURNS, DOMINION_METRICS } from './metrics.ts';
import { decodeRules, type DecodedRules } from './rules.ts';

/**
 * The whole state of a Dominion game in fixed typed arrays, created once and reset per game.
 * Hands, discard piles, owned cards and the supply are counts per card ([seat * CARD_COUNT +
 * card]): legal lists walk 17 cells, and a discard pile is shuffled from its counts. Only the
 * draw piles and the play area keep an order: the draw piles as stacks of card numbers, the play
 * area as runs of one card.
 */
export class DominionState implements GameState {
  readonly players: number;
  readonly rules: DecodedRules;
  readonly ruleValues: RuleValues;
  readonly events: EventLog;
  readonly tally: GameTally;
  /**
   * Room for every card there is in one seat's draw pile, and in the play area, and 3 more: a
   * shuffle lays the draw pile out four cards at a time, and its last write may run 3 cards past it.
   */
  readonly capacity: number;

  readonly supply = new Int16Array(CARD_COUNT);
  /** The supply a game starts with, for this many players. */
  readonly startingSupply: Int16Array;
  /** Bit `card` set while its pile is not empty, kept by the engine beside `supply` (see handKinds). */
  stockedKinds = 0;
  emptyPiles = 0;
  readonly hand: Int16Array;
  readonly handCount: Int16Array;
  /**
   * Per seat, bit `card` set while the hand holds that card: the engine keeps it beside `hand` so
   * that kind tests (an action in hand, two kinds for cleanup) and walks over the held kinds skip
   * the empty cells. Whatever writes `hand`, `discard` or `supply` other than the engine calls syncKinds.
   */
  readonly handKinds: Int32Array;
  readonly discard: Int16Array;
  /** Per seat, bit `card` set while the discard pile holds that card (see handKinds): a shuffle lays out only these. */
  readonly discardKinds: Int32Array;
  readonly discardCount: Int16Array;
  /** The card on top of each discard pile, -1 when none is known (empty, or just shuffled). */
  readonly topDiscard: Int8Array;
  /** Draw piles: seat s's is deck[s * capacity ..], its top at index deckCount[s] - 1. */
  readonly deck: Int8Array;
  /** `deck` read as little-endian words, to lay a kind's cards out four at a time. */
  readonly deckWords: DataView;
  readonly deckCount: Int16Array;
  readonly owned: Int16Array;
  /**
   * The cards played this turn, in order (treasures included), as runs of one card: run r is
   * playCopies[r] copies of play[r]. Playing every treasure adds a run per kind, not per card.
   */
  readonly play: Int8Array;
  readonly playCopies: Int16Array;
  playRuns = 0;
  /** Cards in the play area, over all its runs. */
  playCount = 0;

  /** The seat whose turn it is; `current` differs from it while a militia victim decides. */
  active = 0;
  current = -1;
  phase: number = Phase.OVER;
  actions = 0;
  buys = 0;
  coins = 0;
  /** Coins produced this turn by treasures and actions, spent or not. */
  moneyThisTurn = 0;
  bought = false;
  /** Turns each seat has begun. */
  readonly turns: Int16Array;
  totalTurns = 0;

  /** A card played under playedCardInHand, still in hand while it resolves; -1 otherwise. */
  pendingCard = -1;
  /** Cellar: cards discarded so far. Remodel and mine: the trashed card's cost. */
  resolving = 0;
  /** Militia: the victim deciding now and the discards it still owes. */
  victim = -1;
  discardsOwed = 0;

  over = true;
  /** EndCause of the finished game. */
  endCause = 0;
  /** Each seat's VP over the cards it owns, kept as cards are gained and trashed. */
  readonly vp: Int16Array;
  /** [seat * CURVE_TURNS + turn - 1]: the seat's VP and money at the end of each turn the curves follow. */
  readonly vpByTurn: Int16Array;
  readonly moneyByTurn: Int16Array;
  readonly shares: Float64Array;

  key: MasterKey = new Uint32Array(4);
  gameIndex = 0;
  /** Each seat's shuffles, from its own stream: one seat's luck does not depend on another's play. */
  readonly shuffleRngs: Rng[];
  /** Each seat's other chance (random discards for a bad militia answer). */
  readonly chanceRngs: Rng[];
  /** Bit `seat` set once chanceRngs[seat] is seeded for this game: few games ever draw from it. */
  chanceSeeded = 0;

  constructor(players: number, rules: RuleValues) {
    if (players < MIN_PLAYERS || players > MAX_PLAYERS) throw Errors.playerCount('dominion', players, MIN_PLAYERS, MAX_PLAYERS);
    this.players = players;
    this.ruleValues = rules;
    this.rules = decodeRules(rules);
    this.capacity = totalCards(players) + 3;
    this.startingSupply = Int16Array.from({ length: CARD_COUNT }, (_, card) => pileSize(card, players));
    // One move logs at most a record per card there is twice over (a cleanup announces the play
    // area, then the draw may shuffle), plus a game's start or end.
    this.events = new EventLog(2 * this.capacity + 32 * players);
    this.tally = new GameTally({ players, metrics: DOMINION_METRICS, forfeitReasons: FORFEIT_LABELS.length });
    const cells = players * CARD_COUNT;
    this.hand = new Int16Array(cells);
    this.discard = new Int16Array(cells);
    this.owned = new Int16Array(cells);
    this.handCount = new Int16Array(players);
    this.handKinds = new Int32Array(players);
    this.discardKinds = new Int32Array(players);
    this.discardCount = new Int16Array(players);
    this.deckCount = new Int16Array(players);
    this.topDiscard = new Int8Array(players);
    this.deck = new Int8Array(players * this.capacity);
    this.deckWords = new DataView(this.deck.buffer);
    this.play = new Int8Array(this.capacity);
    this.playCopies = new Int16Array(this.capacity);
    this.turns = new Int16Array(players);
    this.vp = new Int16Array(players);
    this.vpByTurn = new Int16Array(players * CURVE_TURNS);
    this.moneyByTurn = new Int16Array(players * CURVE_TURNS);
    this.shares = new Float64Array(players);
    this.shuffleRngs = Array.from({ length: players }, () => new Rng());
    this.chanceRngs = Array.from({ length: players }, () => new Rng());
  }
}

import { EventLog } from '../../core/events.ts';
import type { GameState, RuleValues } from '../../core/game.ts';
import { Rng, type MasterKey } from '../../core/random.ts';
import { GameTally } from '../../core/tally.ts';
import { CARD_KINDS, DECK_SIZE } from './cards.ts';
import { legalRowBase } from './legal-rows.ts';
import { FORFEIT_LABELS } from './codes.ts';
import { LOVE_LETTER_METRICS, Metric } from './metrics.ts';
import { decodeRules, type DecodedRules } from './rules.ts';

// A turn writes at most a dozen records, but one move can end a round and run the next one's
// deal and opening minister busts, possibly several rounds in a row; 1024 covers a whole game.
const EVENT_CAPACITY = 1024;

/**
 * The whole state of a Love Letter game in fixed typed arrays, created once and reset per game.
 * A player holds one card (`hand`) between turns; during its own turn the drawn card is `drawn`.
 */
export class LoveLetterState implements GameState {
  readonly players: number;
  readonly rules: DecodedRules;
  readonly ruleValues: RuleValues;
  readonly events = new EventLog(EVENT_CAPACITY);
  /** Where this table size's rows begin in the engine's legal-action lists. */
  readonly legalRowBase: number;
  readonly tally: GameTally;
  /** [seat]: where the tally counts rounds begun holding card 0 (GameTally.rateByCell). */
  readonly firstCardCells: Int32Array;
  /** [seat]: where the tally counts rounds begun holding the card dealt this round. */
  readonly heldCardCells: Int32Array;

  /** deck[0] is set aside face down; cards are drawn from deck[deckTop] upwards. */
  readonly deck = new Int8Array(DECK_SIZE);
  /** The deck four cards to a word: a deal lays out the unshuffled deck in four stores. */
  readonly deckWords = new Int32Array(this.deck.buffer);
  deckTop = 1;
  readonly hand: Int8Array;
  drawn = 0;
  readonly inRound: Uint8Array;
  /** Bit mask of the seats still in the round: the recipients of every public message. */
  inMask = 0;
  inCount = 0;
  readonly protectedSeat: Uint8Array;
  /** Sum of the values of the cards each seat played this round (the discard-sum tie break). */
  readonly playedSum: Int16Array;
  /** [card]: copies shown face up this round (played, discarded, or shown when a player went out). */
  readonly seen: Int8Array;
  /** The words `seen` lies in, so that a deal clears it in three stores. */
  readonly seenWords = new Int32Array(Math.ceil((CARD_KINDS + 1) / 4));
  readonly roundWins: Int8Array;
  readonly shares: Float64Array;

  current = -1;
  firstPlayer = 0;
  round = 0;
  over = true;

  key: MasterKey = new Uint32Array(4);
  gameIndex = 0;
  readonly dealRng = new Rng();
  /** Tests and replays of real deals can stack the deck of round r at stackedDecks[r - 1]. */
  stackedDecks: readonly (readonly number[])[] | null = null;

  constructor(players: number, rules: RuleValues) {
    this.players = players;
    this.ruleValues = rules;
    this.rules = decodeRules(rules);
    this.legalRowBase = legalRowBase(players);
    this.seen = new Int8Array(this.seenWords.buffer, 0, CARD_KINDS + 1);
    this.tally = new GameTally({ players, metrics: LOVE_LETTER_METRICS, forfeitReasons: FORFEIT_LABELS.length });
    this.firstCardCells = Int32Array.from({ length: players }, (_, seat) => this.tally.rateByCell(Metric.FIRST_CARD, seat, 0));
    this.heldCardCells = new Int32Array(players);
    this.hand = new Int8Array(players);
    this.inRound = new Uint8Array(players);
    this.protectedSeat = new Uint8Array(players);
    this.playedSum = new Int16Array(players);
    this.roundWins = new Int8Array(players);
    this.shares = new Float64Array(players);
  }
}

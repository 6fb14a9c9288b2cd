import { Errors } from '../../core/errors.ts';
import { EventLog } from '../../core/events.ts';
import type { GameState, RuleValues } from '../../core/game.ts';
import { Rng, type MasterKey } from '../../core/random.ts';
import { GameTally } from '../../core/tally.ts';
import { compileWasm, instantiateWasm, type WasmMemory } from '../../core/webassembly.ts';
import { FAMILIES } from './actions.ts';
import { CARD_COUNT, MAX_PLAYERS, MIN_PLAYERS, pileSize, totalCards } from './cards.ts';
import { FORFEIT_LABELS, Phase } from './codes.ts';
import { engineBytes } from './engine-binary.ts';
import { COLUMNS, COLUMN_CELLS, Place, RuleBit, SLOT_COUNT, Slot, type Region } from './layout.ts';
import { CURVE_TURNS, DOMINION_METRICS } from './metrics.ts';
import { decodeRules, type DecodedRules } from './rules.ts';

/**
 * What the compiled engine (assembly/engine.ts) exports. `logging` is 1 while the state's event
 * log records (events.enabled), which the engine then reports each event to; applyAction and
 * forfeitTurn return 1 once the game is over.
 */
export interface DominionEngine {
  resetGame(logging: number): void;
  applyAction(action: number, logging: number): number;
  forfeitTurn(reason: number, logging: number, answered: number): number;
  /** Recomputes the masks kept beside the counts (see syncKinds in engine.ts). */
  resync(): void;
}

/** Compiled once per thread, on the first state: a process that plays no Dominion never reads it. */
let engineModule: object | null = null;

/**
 * The whole state of a Dominion game in the memory of an engine instance of its own, created once
 * and reset per game. Every array here is a view of that memory, and every number a cell of it
 * (the accessors below), so what the engine changes is read here at once, and what code here
 * writes (a resampled position, a test's crafted hand) the engine plays from.
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
  readonly engine: DominionEngine;
  /** The single numbers, by Slot: the accessors below read and write them. */
  readonly cells: Int32Array;
  /** The stride of the seats' draw piles in `deck`: every card there is, and room for a shuffle's last write. */
  readonly capacity: number;

  readonly supply: Int16Array;
  /** The supply a game starts with, for this many players. */
  readonly startingSupply: Int16Array;
  readonly hand: Int16Array;
  readonly handCount: Int16Array;
  /**
   * Per seat, bit `card` set while the hand holds that card: the engine keeps it beside `hand` so
   * that kind tests (an action in hand, two kinds for cleanup) and walks over the held kinds skip
   * the empty cells. Code other than the engine that writes the state calls syncKinds when done.
   */
  readonly handKinds: Int32Array;
  readonly discard: Int16Array;
  /** Per seat, bit `card` set while the discard pile holds that card (see handKinds): a shuffle lays out only these. */
  readonly discardKinds: Int32Array;
  /** Per family of actions, the cards the current player may choose now (see legalKinds in engine.ts). */
  readonly legalKinds: Int32Array;
  readonly discardCount: Int16Array;
  /** The card on top of each discard pile, -1 when none is known (empty, or just shuffled). */
  readonly topDiscard: Int8Array;
  /** Draw piles: seat s's is deck[s * capacity ..], its top at index deckCount[s] - 1. */
  readonly deck: Int8Array;
  readonly deckCount: Int16Array;
  readonly owned: Int16Array;
  /**
   * The cards played this turn, in order (treasures included), as runs of one card: run r is
   * playCopies[r] copies of play[r]. Playing every treasure adds a run per kind, not per card.
   */
  readonly play: Int8Array;
  readonly playCopies: Int16Array;
  /** Turns each seat has begun. */
  readonly turns: Int16Array;
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
    // One move logs at most a record per card there is twice over (a cleanup announces the play
    // area, then the draw may shuffle), plus a game's start or end.
    this.events = new EventLog(2 * this.capacity + 32 * players);
    this.tally = new GameTally({ players, metrics: DOMINION_METRICS, forfeitReasons: FORFEIT_LABELS.length });
    const events = this.events;
    const exports = instantiateWasm((engineModule ??= compileWasm(engineBytes())), {
      engine: {
        event: (recipients: number, kind: number, a: number, b: number, c: number, d: number) => events.push(recipients, kind, a, b, c, d),
      },
    });
    this.engine = exports as unknown as DominionEngine;
    const buffer = (exports.memory as WasmMemory).buffer;
    const view = <T>(array: new (buffer: ArrayBuffer, offset: number, length: number) => T, region: Region, length: number): T =>
      new array(buffer, Place[region], length);
    const cells = players * CARD_COUNT;
    this.cells = view(Int32Array, 'SCALARS', SLOT_COUNT);
    this.supply = view(Int16Array, 'SUPPLY', CARD_COUNT);
    this.startingSupply = view(Int16Array, 'STARTING_SUPPLY', CARD_COUNT);
    this.hand = view(Int16Array, 'HAND', cells);
    this.discard = view(Int16Array, 'DISCARD', cells);
    this.owned = view(Int16Array, 'OWNED', cells);
    this.handCount = view(Int16Array, 'HAND_COUNT', players);
    this.discardCount = view(Int16Array, 'DISCARD_COUNT', players);
    this.deckCount = view(Int16Array, 'DECK_COUNT', players);
    this.turns = view(Int16Array, 'TURNS', players);
    this.vp = view(Int16Array, 'VP', players);
    this.topDiscard = view(Int8Array, 'TOP_DISCARD', players);
    this.handKinds = view(Int32Array, 'HAND_KINDS', players);
    this.discardKinds = view(Int32Array, 'DISCARD_KINDS', players);
    this.legalKinds = view(Int32Array, 'LEGAL_KINDS', FAMILIES);
    this.vpByTurn = view(Int16Array, 'VP_BY_TURN', players * CURVE_TURNS);
    this.moneyByTurn = view(Int16Array, 'MONEY_BY_TURN', players * CURVE_TURNS);
    this.play = view(Int8Array, 'PLAY', this.capacity);
    this.playCopies = view(Int16Array, 'PLAY_COPIES', this.capacity);
    this.deck = view(Int8Array, 'DECK', players * this.capacity);
    this.shares = new Float64Array(players);
    // The streams' state words are the engine's too: seeded here, drawn from there.
    const streams = (region: Region) =>
      Array.from({ length: players }, (_, seat) => new Rng(new Int32Array(buffer, Place[region] + 16 * seat, 4)));
    this.shuffleRngs = streams('SHUFFLE_STREAMS');
    this.chanceRngs = streams('CHANCE_STREAMS');
    const columns = view(Int32Array, 'COLUMNS', COLUMNS.length * COLUMN_CELLS);
    COLUMNS.forEach((column, row) => columns.set(column, row * COLUMN_CELLS));
    for (let card = 0; card < CARD_COUNT; card++) this.startingSupply[card] = pileSize(card, players);
    const r = this.rules;
    this.cells[Slot.PLAYERS] = players;
    this.cells[Slot.CAPACITY] = this.capacity;
    this.cells[Slot.TURN_LIMIT] = r.turnLimit;
    this.cells[Slot.RULES] =
      (r.playedCardInHand ? RuleBit.PLAYED_CARD_IN_HAND : 0) |
      (r.militiaAttacks ? RuleBit.MILITIA_ATTACKS : 0) |
      (r.mineGainAnnounced ? RuleBit.MINE_GAIN_ANNOUNCED : 0) |
      (r.invalidEndsTurn ? RuleBit.INVALID_ENDS_TURN : 0) |
      (r.attackTopDiscard ? RuleBit.ATTACK_TOP_DISCARD : 0) |
      (r.randomAttackFallback ? RuleBit.RANDOM_ATTACK_FALLBACK : 0) |
      (r.playsForNothing ? RuleBit.PLAYS_FOR_NOTHING : 0) |
      (r.cleanupAfterBuys ? RuleBit.CLEANUP_AFTER_BUYS : 0);
    this.current = -1;
    this.phase = Phase.OVER;
    this.over = true;
  }

  /** Writes the play area: the first `count` of `cards`, in the order played, each a run of its own. */
  setPlayArea(cards: Int8Array, count: number): void {
    for (let i = 0; i < count; i++) {
      this.play[i] = cards[i];
      this.playCopies[i] = 1;
    }
    this.playRuns = count;
    this.playCount = count;
  }

  /** The seat whose turn it is; `current` differs from it while a militia victim decides. */
  get active(): number {
    return this.cells[Slot.ACTIVE];
  }
  set active(value: number) {
    this.cells[Slot.ACTIVE] = value;
  }

  get current(): number {
    return this.cells[Slot.CURRENT];
  }
  set current(value: number) {
    this.cells[Slot.CURRENT] = value;
  }

  get phase(): number {
    return this.cells[Slot.PHASE];
  }
  set phase(value: number) {
    this.cells[Slot.PHASE] = value;
  }

  get actions(): number {
    return this.cells[Slot.ACTIONS];
  }
  set actions(value: number) {
    this.cells[Slot.ACTIONS] = value;
  }

  get buys(): number {
    return this.cells[Slot.BUYS];
  }
  set buys(value: number) {
    this.cells[Slot.BUYS] = value;
  }

  get coins(): number {
    return this.cells[Slot.COINS];
  }
  set coins(value: number) {
    this.cells[Slot.COINS] = value;
  }

  /** Coins produced this turn by treasures and actions, spent or not. */
  get moneyThisTurn(): number {
    return this.cells[Slot.MONEY_THIS_TURN];
  }
  set moneyThisTurn(value: number) {
    this.cells[Slot.MONEY_THIS_TURN] = value;
  }

  get bought(): boolean {
    return this.cells[Slot.BOUGHT] !== 0;
  }
  set bought(value: boolean) {
    this.cells[Slot.BOUGHT] = value ? 1 : 0;
  }

  /** Turns begun, over all seats. */
  get totalTurns(): number {
    return this.cells[Slot.TOTAL_TURNS];
  }
  set totalTurns(value: number) {
    this.cells[Slot.TOTAL_TURNS] = value;
  }

  /** A card played under playedCardInHand, still in hand while it resolves; -1 otherwise. */
  get pendingCard(): number {
    return this.cells[Slot.PENDING_CARD];
  }
  set pendingCard(value: number) {
    this.cells[Slot.PENDING_CARD] = value;
  }

  /** Cellar: cards discarded so far. Remodel and mine: the trashed card's cost. */
  get resolving(): number {
    return this.cells[Slot.RESOLVING];
  }
  set resolving(value: number) {
    this.cells[Slot.RESOLVING] = value;
  }

  /** Militia: the victim deciding now (-1 for none). */
  get victim(): number {
    return this.cells[Slot.VICTIM];
  }
  set victim(value: number) {
    this.cells[Slot.VICTIM] = value;
  }

  /** Militia: the discards the victim still owes. */
  get discardsOwed(): number {
    return this.cells[Slot.DISCARDS_OWED];
  }
  set discardsOwed(value: number) {
    this.cells[Slot.DISCARDS_OWED] = value;
  }

  get over(): boolean {
    return this.cells[Slot.OVER] !== 0;
  }
  set over(value: boolean) {
    this.cells[Slot.OVER] = value ? 1 : 0;
  }

  /** EndCause of the finished game. */
  get endCause(): number {
    return this.cells[Slot.END_CAUSE];
  }
  set endCause(value: number) {
    this.cells[Slot.END_CAUSE] = value;
  }

  /** Bit `card` set while its pile is not empty, kept by the engine beside `supply` (see handKinds). */
  get stockedKinds(): number {
    return this.cells[Slot.STOCKED_KINDS];
  }
  set stockedKinds(value: number) {
    this.cells[Slot.STOCKED_KINDS] = value;
  }

  get emptyPiles(): number {
    return this.cells[Slot.EMPTY_PILES];
  }
  set emptyPiles(value: number) {
    this.cells[Slot.EMPTY_PILES] = value;
  }

  /** Runs in the play area (see play). */
  get playRuns(): number {
    return this.cells[Slot.PLAY_RUNS];
  }
  set playRuns(value: number) {
    this.cells[Slot.PLAY_RUNS] = value;
  }

  /** Cards in the play area, over all its runs. */
  get playCount(): number {
    return this.cells[Slot.PLAY_COUNT];
  }
  set playCount(value: number) {
    this.cells[Slot.PLAY_COUNT] = value;
  }
}

import type { GameState, PlayerView } from '../../core/game.ts';
import type { Counters } from './counters.ts';
import type { SeatMeasureReader } from '../summary/measures.ts';
import { blockGames, dealOf, listedSeatsOf, seatingCount, seatingOf, seatingsOf, type DesignName } from './design.ts';
import { setActiveGuard, type ChoiceGuard } from './choice-guard.ts';
import { createSeat, createTable, seatsUntrusted, type PreparedMatch } from './match.ts';
import { playGame, type SeatPlayer, type Table } from './table.ts';

/** Local games [from, to) of a match-up; their game indices are offset + local. Both ends are whole blocks. */
export interface GameRange {
  readonly offset: number;
  readonly from: number;
  readonly to: number;
}

/**
 * Plays ranges of one match-up under one design, in this thread. Built once per match-up (per
 * worker): it holds a table for every seat rotation the design uses, so playing allocates nothing.
 */
export class MatchPlayer {
  readonly match: PreparedMatch;
  readonly design: DesignName;
  readonly players: number;
  readonly blockSize: number;
  /**
   * Per seating of the design (design.ts), its table, made on first use: a duplicate design with
   * six seats has 720 seatings, most of which a short run never plays.
   */
  private readonly seatingTables: (Table<GameState, PlayerView> | undefined)[];
  /**
   * The seats, one per listed seat and position it plays ([listed * players + position]), shared
   * by the tables of every seating that puts it there. A block replays one deal with each listed
   * seat at each position once, so no seat is dealt the same cards twice, and the seats are no
   * more than the rotations alone made.
   */
  private readonly seats: (SeatPlayer<PlayerView> | undefined)[];
  /** Per seating, the listed seat at each position (shared by every player of this table size). */
  private readonly listedSeats: readonly Int32Array[];
  /** Per seating, the strategy slot at each position, made with its table. */
  private readonly positionSlots: Int32Array[];
  private guard: ChoiceGuard | null = null;
  private readonly shares: Float64Array;
  /** The game's points of each position at the end, which order seats that took equal shares. */
  private readonly scores: Float64Array;
  /** Win units of each listed seat (whatever position it moved to) over the last range played. */
  readonly seatScore: Float64Array;
  /** The same seats' sums of squared win units, game by game: the per-game spread of their scores. */
  readonly seatGameSquares: Float64Array;
  /** The same seats' value and units of the tracked measure over the last range ([2 seat], [2 seat + 1]). */
  readonly seatMeasure: Float64Array;
  private measureReader: SeatMeasureReader | null = null;

  /** `guard` limits the time of the strategies' calls (null: no limit), their creation included. */
  constructor(match: PreparedMatch, design: DesignName, guard: ChoiceGuard | null = null) {
    setActiveGuard(guard);
    this.match = match;
    this.design = design;
    this.players = match.spec.seats.length;
    this.blockSize = blockGames(design, this.players);
    const seatings = seatingCount(design, this.players);
    this.listedSeats = seatingsOf(this.players);
    this.positionSlots = new Array<Int32Array>(seatings);
    this.seatingTables = new Array<Table<GameState, PlayerView> | undefined>(seatings);
    this.seats = new Array<SeatPlayer<PlayerView> | undefined>(this.players * this.players);
    // Every seat is made now, in the rotations of the seats as listed: a strategy that cannot
    // start fails before any game, and no seat starts while games are timed.
    for (let seating = 0; seating < this.blockSize; seating++) this.makeTable(seating);
    this.shares = new Float64Array(this.players);
    this.scores = new Float64Array(this.players);
    this.seatScore = new Float64Array(this.players);
    this.seatGameSquares = new Float64Array(this.players);
    this.seatMeasure = new Float64Array(2 * this.players);
    this.guardChoices(guard);
  }

  /** Plays the range on the in-process strategies and adds every game to `counters`. */
  play(range: GameRange, counters: Counters): void {
    this.clearSeatSums();
    const key = this.match.key;
    for (let local = range.from; local < range.to; local++) {
      const table = this.tableFor(local);
      playGame(table, key, range.offset + local, this.dealFor(local));
      this.record(table, range.offset, local, counters);
    }
  }

  /**
   * The same as play, for seats that answer asynchronously (external processes): `playOne` plays
   * one game on the table it is given, with the game and deal indices it is given.
   */
  async playAsync(
    range: GameRange,
    counters: Counters,
    playOne: (table: Table<GameState, PlayerView>, gameIndex: number, dealIndex: number) => Promise<void>,
  ): Promise<void> {
    this.clearSeatSums();
    for (let local = range.from; local < range.to; local++) {
      const table = this.tableFor(local);
      await playOne(table, range.offset + local, this.dealFor(local));
      this.record(table, range.offset, local, counters);
    }
  }

  /** Keeps each listed seat's value of a measure range by range (seatMeasure); null: none. */
  trackMeasure(reader: SeatMeasureReader | null): void {
    this.measureReader = reader;
  }

  private clearSeatSums(): void {
    this.seatScore.fill(0);
    this.seatGameSquares.fill(0);
    this.seatMeasure.fill(0);
  }

  /**
   * The choices of every table with a strategy file go through `guard` from now on (null: straight
   * to the strategies); built-ins are not timed, so their tables keep the direct call.
   */
  guardChoices(guard: ChoiceGuard | null): void {
    setActiveGuard(guard);
    this.guard = seatsUntrusted(this.match) ? guard : null;
    for (const table of this.tables) table.guard = this.guard;
  }

  /** The tables made so far, the seats as listed first. */
  get tables(): Table<GameState, PlayerView>[] {
    return this.seatingTables.filter((table) => table !== undefined);
  }

  tableFor(local: number): Table<GameState, PlayerView> {
    const seating = seatingOf(this.design, this.players, local);
    return this.seatingTables[seating] ?? this.makeTable(seating);
  }

  private makeTable(seating: number): Table<GameState, PlayerView> {
    const players = this.players;
    const listedSeats = this.listedSeats[seating];
    const seats = Array.from(listedSeats, (listed, position) => {
      const at = listed * players + position;
      return (this.seats[at] ??= createSeat(this.match, listed, position));
    });
    this.positionSlots[seating] = listedSeats.map((listed) => this.match.seatSlot[listed]);
    const table = createTable(this.match, seats);
    table.guard = this.guard;
    this.seatingTables[seating] = table;
    return table;
  }

  /** The listed seat that plays each position in local game `local`. */
  listedSeatsFor(local: number): Int32Array {
    return this.listedSeats[seatingOf(this.design, this.players, local)];
  }

  dealFor(local: number): number {
    return dealOf(this.design, this.players, local);
  }

  private record(table: Table<GameState, PlayerView>, offset: number, local: number, counters: Counters): void {
    const seating = seatingOf(this.design, this.players, local);
    const listed = this.listedSeats[seating];
    const shares = this.shares;
    table.game.returns(table.state, shares);
    table.game.scores(table.state, this.scores);
    counters.recordGame(
      table.state.tally,
      shares,
      this.positionSlots[seating],
      offset + local,
      this.scores,
      table.game.scoreName.lowerIsBetter,
      this.blockSize === 1,
    );
    const units = counters.layout.shareUnits;
    for (let position = 0; position < this.players; position++) {
      const seat = listed[position];
      const won = Math.round(shares[position] * units);
      this.seatScore[seat] += won;
      this.seatGameSquares[seat] += won * won;
      if (this.measureReader !== null) this.measureReader(table.state.tally, position, seat, this.seatMeasure);
    }
    if ((local + 1) % this.blockSize === 0) counters.closeBlock(this.dealFor(local));
  }
}

/**
 * The seats made so far to check a job's match-ups, each by its strategy and position. Making a
 * seat hands its strategy its position, the table size, the rules and its params, nothing about
 * the other seats, so a seating of strategies whose every seat another seating has made already
 * starts as surely; its table needs no making. A tournament's seatings are the orders of a few
 * strategies at a few positions: 11,880 Love Letter seatings of 12 strategies hold 48 such seats,
 * and a table of each seating held 1.7 GB in this thread while the job was planned.
 */
export class MadeSeats {
  private readonly made = new Set<string>();

  /** Whether every seat that MatchPlayer's constructor makes for `match` was made before. */
  covers(match: PreparedMatch, design: DesignName): boolean {
    return this.keys(match, design).every((key) => this.made.has(key));
  }

  /** Records the seats MatchPlayer's constructor made for `match`. */
  add(match: PreparedMatch, design: DesignName): void {
    for (const key of this.keys(match, design)) this.made.add(key);
  }

  /** The seats of the seatings MatchPlayer's constructor makes tables of: the first block's. */
  private keys(match: PreparedMatch, design: DesignName): string[] {
    const { game, rules, seats } = match.spec;
    const players = seats.length;
    const keys: string[] = [];
    for (let seating = 0; seating < blockGames(design, players); seating++) {
      listedSeatsOf(players, seating).forEach((listed, position) => {
        const slot = match.slots[match.seatSlot[listed]];
        keys.push(JSON.stringify([game, rules, players, position, slot.spec.text]));
      });
    }
    return keys;
  }
}

import { Errors } from '../../core/errors.ts';
import type { GameState, PlayerView } from '../../core/game.ts';
import type { Counters } from './counters.ts';
import type { SeatMeasureReader } from '../summary/measures.ts';
import { blockGames, dealOf, rotateSeatSlots, rotationOf, type DesignName } from './design.ts';
import { setActiveGuard, type ChoiceGuard } from './choice-guard.ts';
import { createTable, seatsUntrusted, type PreparedMatch } from './match.ts';
import { playGame, type Table } from './table.ts';

/**
 * A match-up's player, its seats created: a seat whose creation throws fails the whole command,
 * before any game, with the match-up's seats named.
 */
export function startPlayer(match: PreparedMatch, design: DesignName, guard: ChoiceGuard | null): MatchPlayer {
  try {
    return new MatchPlayer(match, design, guard);
  } catch (error) {
    throw Errors.badStrategyModule(
      match.spec.seats.join(', '),
      `failed to start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

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
  readonly tables: Table<GameState, PlayerView>[];
  /** Per rotation: the strategy slot at each position. */
  private readonly positionSlots: Int32Array[];
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
    const rotations = design === 'duplicate' ? this.players : 1;
    this.tables = Array.from({ length: rotations }, (_, rotation) => createTable(match, rotation));
    this.positionSlots = this.tables.map((_, rotation) => rotateSeatSlots(match.seatSlot, rotation));
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
    const timed = seatsUntrusted(this.match);
    for (const table of this.tables) table.guard = timed ? guard : null;
  }

  tableFor(local: number): Table<GameState, PlayerView> {
    return this.tables[rotationOf(this.design, this.players, local)];
  }

  dealFor(local: number): number {
    return dealOf(this.design, this.players, local);
  }

  private record(table: Table<GameState, PlayerView>, offset: number, local: number, counters: Counters): void {
    const rotation = rotationOf(this.design, this.players, local);
    const shares = this.shares;
    table.game.returns(table.state, shares);
    table.game.scores(table.state, this.scores);
    counters.recordGame(
      table.state.tally,
      shares,
      this.positionSlots[rotation],
      offset + local,
      this.scores,
      table.game.scoreName.lowerIsBetter,
      this.blockSize === 1,
    );
    const units = counters.layout.shareUnits;
    for (let position = 0; position < this.players; position++) {
      const seat = (position + rotation) % this.players;
      const won = Math.round(shares[position] * units);
      this.seatScore[seat] += won;
      this.seatGameSquares[seat] += won * won;
      if (this.measureReader !== null) this.measureReader(table.state.tally, position, seat, this.seatMeasure);
    }
    if ((local + 1) % this.blockSize === 0) counters.closeBlock(this.dealFor(local));
  }
}

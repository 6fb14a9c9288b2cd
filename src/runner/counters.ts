import type { GameTally } from '../core/tally.ts';

/**
 * Where each count lives in a flat Float64Array. Entities are the seat positions (0..players-1)
 * followed by the strategy slots of the match-up; every entity has the same block of fields.
 * One flat array is what a worker returns (transferred, not cloned) and what merging adds up.
 */
export class CounterLayout {
  readonly players: number;
  readonly slots: number;
  readonly firstCards: number;
  readonly outCauses: number;
  readonly forfeitReasons: number;
  readonly entitySize: number;
  readonly size: number;

  constructor(tallyShape: { players: number; firstCards: number; outCauses: number; forfeitReasons: number }, slots: number) {
    this.players = tallyShape.players;
    this.slots = slots;
    this.firstCards = tallyShape.firstCards;
    this.outCauses = tallyShape.outCauses;
    this.forfeitReasons = tallyShape.forfeitReasons;
    this.entitySize = Field.FIRST_CARD + this.firstCards * FirstCardField.COUNT + this.outCauses + this.forfeitReasons;
    this.size = Global.COUNT + (this.players + this.slots) * this.entitySize;
  }

  seat(seat: number): number {
    return Global.COUNT + seat * this.entitySize;
  }

  slot(slot: number): number {
    return Global.COUNT + (this.players + slot) * this.entitySize;
  }

  firstCard(entity: number, card: number): number {
    return entity + Field.FIRST_CARD + card * FirstCardField.COUNT;
  }

  outs(entity: number): number {
    return entity + Field.FIRST_CARD + this.firstCards * FirstCardField.COUNT;
  }

  forfeits(entity: number): number {
    return this.outs(entity) + this.outCauses;
  }
}

export const Global = {
  GAMES: 0,
  ROUNDS: 1,
  ROUNDS_SQUARED: 2,
  COUNT: 3,
} as const;

/** Per entity (a seat position or a strategy slot). */
export const Field = {
  /** Seat-games: a strategy in two seats of one game counts two. */
  GAMES: 0,
  /** Game wins, a win shared by k counted 1/k. */
  GAME_WINS: 1,
  ROUNDS: 2,
  /** Round wins, every tied winner counted as a win. */
  ROUND_WINS: 3,
  /** Round wins, a round shared by k counted 1/k. */
  ROUND_WIN_SHARE: 4,
  FIRST_CARD: 5,
} as const;

/** Per entity and first card. */
export const FirstCardField = {
  ROUNDS: 0,
  ROUND_WINS: 1,
  ROUND_WIN_SHARE: 2,
  /** Games whose round-1 card this was. */
  GAMES: 3,
  GAME_WINS: 4,
  COUNT: 5,
} as const;

export class Counters {
  readonly layout: CounterLayout;
  readonly data: Float64Array;

  constructor(layout: CounterLayout, data?: Float64Array) {
    this.layout = layout;
    this.data = data ?? new Float64Array(layout.size);
  }

  add(other: Float64Array): void {
    const data = this.data;
    for (let i = 0; i < data.length; i++) data[i] += other[i];
  }

  /** Adds one finished game; `seatSlot[seat]` is the strategy slot that played the seat. */
  recordGame(tally: GameTally, shares: Float64Array, seatSlot: Int32Array): void {
    const data = this.data;
    const layout = this.layout;
    data[Global.GAMES]++;
    data[Global.ROUNDS] += tally.rounds;
    data[Global.ROUNDS_SQUARED] += tally.rounds * tally.rounds;
    for (let seat = 0; seat < layout.players; seat++) {
      this.recordSeat(layout.seat(seat), seat, tally, shares[seat]);
      this.recordSeat(layout.slot(seatSlot[seat]), seat, tally, shares[seat]);
    }
  }

  private recordSeat(entity: number, seat: number, tally: GameTally, share: number): void {
    const data = this.data;
    const layout = this.layout;
    data[entity + Field.GAMES]++;
    data[entity + Field.GAME_WINS] += share;
    data[entity + Field.ROUNDS] += tally.rounds;
    data[entity + Field.ROUND_WINS] += tally.roundWins[seat];
    data[entity + Field.ROUND_WIN_SHARE] += tally.roundWinShare[seat];
    const cards = layout.firstCards;
    for (let card = 0; card < cards; card++) {
      const at = layout.firstCard(entity, card);
      const index = seat * cards + card;
      data[at + FirstCardField.ROUNDS] += tally.roundsByFirstCard[index];
      data[at + FirstCardField.ROUND_WINS] += tally.roundWinsByFirstCard[index];
      data[at + FirstCardField.ROUND_WIN_SHARE] += tally.roundWinShareByFirstCard[index];
    }
    const opening = layout.firstCard(entity, tally.gameFirstCard[seat]);
    data[opening + FirstCardField.GAMES]++;
    data[opening + FirstCardField.GAME_WINS] += share;
    const outs = layout.outs(entity);
    for (let cause = 0; cause < layout.outCauses; cause++) data[outs + cause] += tally.outs[seat * layout.outCauses + cause];
    const forfeits = layout.forfeits(entity);
    for (let reason = 0; reason < layout.forfeitReasons; reason++) {
      data[forfeits + reason] += tally.forfeits[seat * layout.forfeitReasons + reason];
    }
  }
}

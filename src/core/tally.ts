/**
 * Per-game counters a game fills in as it plays, seat by seat, so the runner can aggregate win
 * rates by first card held, how players went out and why they forfeited without the game creating
 * an object per round. The runner adds a finished game's tally into its batch counters.
 */
export interface TallyShape {
  readonly players: number;
  /** Labels of what a seat can be dealt first in a round (Love Letter: card names). */
  readonly firstCards: number;
  /** Labels of the ways a seat can leave a round early. */
  readonly outCauses: number;
  /** Labels of forfeit reasons. */
  readonly forfeitReasons: number;
}

export class GameTally {
  readonly shape: TallyShape;
  rounds = 0;
  /** Round wins per seat, each tied winner counted as a win. */
  readonly roundWins: Int32Array;
  /** Round wins per seat, a round shared by k winners counted 1/k. */
  readonly roundWinShare: Float64Array;
  /** The first card of round 1, per seat (index into the first-card labels). */
  readonly gameFirstCard: Int8Array;
  /** [seat * firstCards + card]: rounds begun holding that card. */
  readonly roundsByFirstCard: Int32Array;
  readonly roundWinsByFirstCard: Int32Array;
  readonly roundWinShareByFirstCard: Float64Array;
  /** [seat * outCauses + cause] */
  readonly outs: Int32Array;
  /** [seat * forfeitReasons + reason] */
  readonly forfeits: Int32Array;

  constructor(shape: TallyShape) {
    this.shape = shape;
    const { players, firstCards, outCauses, forfeitReasons } = shape;
    this.roundWins = new Int32Array(players);
    this.roundWinShare = new Float64Array(players);
    this.gameFirstCard = new Int8Array(players);
    this.roundsByFirstCard = new Int32Array(players * firstCards);
    this.roundWinsByFirstCard = new Int32Array(players * firstCards);
    this.roundWinShareByFirstCard = new Float64Array(players * firstCards);
    this.outs = new Int32Array(players * outCauses);
    this.forfeits = new Int32Array(players * forfeitReasons);
  }

  clear(): void {
    this.rounds = 0;
    this.roundWins.fill(0);
    this.roundWinShare.fill(0);
    this.gameFirstCard.fill(0);
    this.roundsByFirstCard.fill(0);
    this.roundWinsByFirstCard.fill(0);
    this.roundWinShareByFirstCard.fill(0);
    this.outs.fill(0);
    this.forfeits.fill(0);
  }
}

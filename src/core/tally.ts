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

/**
 * The smallest whole number of units into which a win splits evenly among any k <= players
 * winners: lcm(1..players), 12 for four players. Shares kept in these units are integers, so sums
 * are exact and do not depend on the order in which games or batches are added up.
 */
export function shareUnitsFor(players: number): number {
  let units = 1;
  for (let k = 2; k <= players; k++) units = (units * k) / gcd(units, k);
  return units;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

export class GameTally {
  readonly shape: TallyShape;
  /** One win in share units (see shareUnitsFor): a round won alone adds this much. */
  readonly shareUnits: number;
  rounds = 0;
  /** Round wins per seat, each tied winner counted as a win. */
  readonly roundWins: Int32Array;
  /** Round wins per seat in share units: a round shared by k winners adds shareUnits / k. */
  readonly roundWinShare: Int32Array;
  /** The first card of round 1, per seat (index into the first-card labels). */
  readonly gameFirstCard: Int32Array;
  /** [seat * firstCards + card]: rounds begun holding that card. */
  readonly roundsByFirstCard: Int32Array;
  readonly roundWinsByFirstCard: Int32Array;
  /** In share units, like roundWinShare. */
  readonly roundWinShareByFirstCard: Int32Array;
  /** [seat * outCauses + cause] */
  readonly outs: Int32Array;
  /** [seat * forfeitReasons + reason] */
  readonly forfeits: Int32Array;
  /** Every array above is a window on this one, so a new game clears them all in one call. */
  private readonly counts: Int32Array;

  constructor(shape: TallyShape) {
    this.shape = shape;
    this.shareUnits = shareUnitsFor(shape.players);
    const { players, firstCards, outCauses, forfeitReasons } = shape;
    this.counts = new Int32Array(players * (3 + 3 * firstCards + outCauses + forfeitReasons));
    let used = 0;
    const window = (size: number): Int32Array => this.counts.subarray(used, (used += size));
    this.roundWins = window(players);
    this.roundWinShare = window(players);
    this.gameFirstCard = window(players);
    this.roundsByFirstCard = window(players * firstCards);
    this.roundWinsByFirstCard = window(players * firstCards);
    this.roundWinShareByFirstCard = window(players * firstCards);
    this.outs = window(players * outCauses);
    this.forfeits = window(players * forfeitReasons);
  }

  clear(): void {
    this.rounds = 0;
    this.counts.fill(0);
  }
}

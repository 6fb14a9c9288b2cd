/**
 * "Play until the winner is clear", with an error rate that stays honest however often the
 * results are looked at.
 *
 * Looking at a fixed-sample test after every batch and stopping at the first success inflates its
 * error rate without bound (the law of the iterated logarithm: every fixed z boundary is crossed
 * eventually). A confidence sequence is a sequence of intervals that all hold at once, for every
 * number of blocks, with the stated probability, so a stop at any look of any schedule keeps it.
 *
 * The sequence used is the normal-mixture boundary for sub-Gaussian sums (Robbins 1970; Howard,
 * Ramdas, McAuliffe and Sekhon, "Time-uniform, nonparametric, nonasymptotic confidence
 * sequences", Annals of Statistics 2021, section 3.2). For blocks b = 1..n, let D_b be the leader's
 * mean win share over its seat-games in block b minus a runner-up's. A strategy in m seats of a
 * game takes at most a whole win per game, so its share per seat-game lies in [0, 1/m] and D_b in
 * [-1/m_runner, 1/m_leader]; by Hoeffding's lemma D_b is sub-Gaussian with sigma = (1/m_leader +
 * 1/m_runner) / 2. Mixing exp(lambda S_n - lambda^2 sigma^2 n / 2) over lambda ~ N(0, 1/(sigma^2 r))
 * gives a nonnegative supermartingale, and Ville's inequality bounds the chance it ever reaches
 * 1/alpha by alpha, which is the event
 *
 *   |sum_b D_b - n mu| >= sigma * sqrt((n + r) * ln((n + r) / (r * alpha^2)))   for some n.
 *
 * So mu >= mean(D) - sigma * sqrt((n + r) ln((n + r) / (r alpha^2))) / n holds for all n at once
 * with probability 1 - alpha (the two-sided bound, used one-sided: slightly conservative, but in
 * closed form). r, in blocks, sets where the boundary is tightest: near a few hundred to a few
 * thousand blocks, where the runs that can stop early do.
 *
 * The leader is the strategy with the best win rate so far. It is clear when its lower bound over
 * every other strategy is above zero, each bound at alpha / (K - 1) for K strategies (Bonferroni).
 * That keeps the chance of ever naming a wrong leader at most alpha although the leader is chosen
 * from the data: naming a wrong leader L needs the bound of L over a truly best strategy b* to
 * miss, and there are only K - 1 such pairs (L, b*) for a fixed b*.
 *
 * The bound needs only the sums of D_b, that is each strategy's wins and seat-games, not the
 * per-block values: it costs some games where the differences spread much less than their range
 * allows (many shared wins, or many other players), and none of its honesty.
 */

/** The boundary is tightest near this many blocks (in units of the per-block variance bound). */
export const MIXTURE_BLOCKS = 300;

/**
 * Half-width of the confidence sequence for the mean of n blocks whose values are sub-Gaussian
 * with parameter sigma, valid for every n at once with probability 1 - alpha.
 */
export function mixtureRadius(blocks: number, sigma: number, alpha: number, mixture: number = MIXTURE_BLOCKS): number {
  if (blocks <= 0) return Infinity;
  const spread = blocks + mixture;
  return (sigma * Math.sqrt(spread * Math.log(spread / (mixture * alpha * alpha)))) / blocks;
}

/**
 * A strategy's record so far: its figure, higher better (its win rate per seat-game, shared wins
 * 1/k, or a measure's mean turned so), and the sub-Gaussian scale of its per-block value: half its
 * range, 1 / (2 m) for the win share of a strategy in m seats (Hoeffding). A pair's sigma is the
 * sum of the two scales, which bounds the spread of their difference however the two correlate.
 */
export interface ContenderRecord {
  readonly strategy: string;
  readonly value: number;
  readonly scale: number;
}

/** The record of a win rate over `seatsPerGame` seats of every game: its values lie in [0, 1 / seatsPerGame]. */
export function winRateRecord(strategy: string, winRate: number, seatsPerGame: number): ContenderRecord {
  return { strategy, value: winRate, scale: 1 / (2 * seatsPerGame) };
}

/** How far the leader is ahead of one other strategy. */
export interface LeadMargin {
  readonly strategy: string;
  /** Leader's figure minus this strategy's. */
  readonly difference: number;
  /** The confidence sequence's lower bound on that difference (all bounds hold together). */
  readonly lower: number;
}

export interface ClearLeaderLook {
  readonly leader: string;
  /** The leader is ahead of every other strategy at the stated confidence. */
  readonly clear: boolean;
  /** Every other strategy, closest first. */
  readonly margins: readonly LeadMargin[];
}

/**
 * Whether the leader of `records` (the best figure; the first listed among equals) is clearly
 * ahead after `blocks` independent blocks, at `confidence` for the whole sequence of looks.
 */
export function lookForClearLeader(records: readonly ContenderRecord[], blocks: number, confidence: number): ClearLeaderLook {
  if (records.length < 2) throw new RangeError('a clear leader needs at least two strategies');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must lie between 0 and 1, got ${confidence}`);
  const leader = records.reduce((best, record) => (record.value > best.value ? record : best));
  const alpha = (1 - confidence) / (records.length - 1);
  const margins = records
    .filter((record) => record !== leader)
    .map((record): LeadMargin => {
      const sigma = leader.scale + record.scale;
      const difference = leader.value - record.value;
      return { strategy: record.strategy, difference, lower: difference - mixtureRadius(blocks, sigma, alpha) };
    })
    .sort((a, b) => a.lower - b.lower);
  return { leader: leader.strategy, clear: margins.every((margin) => margin.lower > 0), margins };
}

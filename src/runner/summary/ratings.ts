import { masterKey, Rng, Streams } from '../../core/random.ts';
import { bootstrapRatings, type RatingIntervals, type Standing, type TableResults } from '../../stats/ratings.ts';
import { DEAL_GROUPS, DealGroupField, gamesPerBlock } from '../play/counters.ts';
import type { RatingSummary, SummaryMatchup } from './summary-types.ts';

/** Resamples of the bootstrap: enough for stable 2.5% and 97.5% percentiles. */
export const RATING_RESAMPLES = 1000;

/**
 * One match-up's results in one deal group, as the rating fit takes them. Counters keep wins per
 * strategy slot, not per seat; a slot holding several seats gets its total on its first seat,
 * which the fit cannot tell apart (it reads a table's members and each strategy's total wins).
 */
function groupTable(matchup: SummaryMatchup, strategies: readonly string[], group: number): TableResults | null {
  const { data, layout } = matchup.counters;
  if (group >= layout.dealGroups) return null;
  const blocks = data[layout.dealGroup(group)];
  if (blocks === 0) return null;

  const firstSeatOfSlot = matchup.slotNames.map((name) => matchup.seats.indexOf(name));
  const wins = matchup.seats.map(() => 0);
  matchup.slotNames.forEach(
    (_, slot) => (wins[firstSeatOfSlot[slot]] += data[layout.dealGroupSlot(group, slot) + DealGroupField.GAME_WINS] / layout.shareUnits),
  );
  return { players: matchup.seats.map((seat) => strategies.indexOf(seat)), games: blocks * gamesPerBlock(matchup.counters), wins };
}

/**
 * Ratings of every strategy of a run from all its match-ups at once (Hunter's MM fit of the
 * Plackett-Luce model), with percentile intervals from resampling deal groups: a group holds the
 * same deals in every match-up, so games correlated by sharing a deal are always drawn together.
 * The bootstrap's random stream comes from the run's seed, so a run's intervals are reproducible.
 * A strategy whose results fit no finite rating (it won no game, or won every game, where rated
 * strategies sat) is listed with a one-sided interval and a note, and left out of the average.
 */
export function runRatings(field: readonly string[], matchups: readonly SummaryMatchup[], seed: string): RatingSummary[] {
  // A run stopped early may not have reached every strategy's tables: one that played no game has
  // no rating, and is not counted in the field's average either.
  const strategies = field.filter((strategy) => matchups.some((matchup) => played(matchup) && matchup.seats.includes(strategy)));
  const blocks: TableResults[][] = [];
  for (let group = 0; group < DEAL_GROUPS; group++) {
    const tables = matchups.flatMap((matchup) => groupTable(matchup, strategies, group) ?? []);
    if (tables.length > 0) blocks.push(tables);
  }
  if (blocks.length === 0) return [];
  const rng = new Rng().seed(masterKey(seed), 0, Streams.BOOTSTRAP, 0);
  const intervals = bootstrapRatings(blocks, () => rng.float(), { resamples: RATING_RESAMPLES, strategies: strategies.length });
  return strategies
    .map((strategy, index) => ({ strategy, index, standing: intervals.standing[index] }))
    .sort((a, b) => LADDER[a.standing] - LADDER[b.standing] || byPosition(intervals, b.index, a.index))
    .map(({ strategy, index, standing }): RatingSummary => {
      const row = {
        strategy,
        elo: round2(intervals.elo[index]),
        low: round2(intervals.low[index]),
        high: round2(intervals.high[index]),
      };
      if (standing === 'rated') return row;
      return { ...row, unrated: standing, note: unratedNote(standing, row, intervals.boundGames[index], intervals.boundUnits[index]) };
    });
}

/** Strategies above the rated group come first and those apart from it last. */
const LADDER: Record<Standing, number> = { above: 0, rated: 1, below: 2, apart: 3 };

/** Within a rung of the ladder: rated by rating, the others by their finite bound, unbounded last. */
function byPosition(intervals: RatingIntervals, a: number, b: number): number {
  const position = (j: number) => {
    const value = { rated: intervals.elo, above: intervals.low, below: intervals.high, apart: intervals.elo }[intervals.standing[j]][j];
    return Number.isFinite(value) ? value : -Infinity;
  };
  const [x, y] = [position(a), position(b)];
  return x === y ? 0 : x < y ? -1 : 1;
}

function unratedNote(standing: Exclude<Standing, 'rated'>, row: { low: number; high: number }, games: number, units: number): string {
  if (standing === 'apart') {
    return 'no chain of wins and losses links it to the rated strategies, so it has no rating on their scale';
  }
  const [what, bound, end, record] =
    standing === 'below'
      ? ['it never won a game where a rated strategy sat', row.high, 'top', 'won none']
      : ['no rated strategy ever won a game where it sat', row.low, 'bottom', 'no rated strategy won'];
  if (!Number.isFinite(bound)) return `${what}, so no finite rating fits; no game against rated strategies alone bounds it`;
  return (
    `${what}, so no finite rating fits; at ${bound.toFixed(0)} its expected share of its ${count(games)} games against rated ` +
    `strategies alone, where it ${record}, reaches the ${end} of that share's 95% interval over their ${count(units)} deal groups`
  );
}

function count(games: number): string {
  return games.toLocaleString('en-US');
}

function played(matchup: SummaryMatchup): boolean {
  const { data, layout } = matchup.counters;
  return Array.from({ length: layout.dealGroups }, (_, group) => data[layout.dealGroup(group)]).some((blocks) => blocks > 0);
}

// Hundredths of an Elo point are far below any interval's width.
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

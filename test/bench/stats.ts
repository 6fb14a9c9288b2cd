// `npm run bench -- stats [--reps N]`: the statistical conformance suite at full size. For every
// game it replicates each verdict over seeds and prints its error rate beside the nominal one, the
// printed standard errors against the spread over seeds, and how often compare, sim and a
// tournament agree on a pair's Elo. The README quotes its table, with the replications it used.
import {
  agree,
  compareVerdict,
  coverage,
  DESIGN_NAMES,
  eloThreeWays,
  GAME_CASES,
  untilClearLeader,
  type GameCase,
} from '../conformance/verdicts.ts';

/**
 * Seeds behind each coverage ratio: the spread over seeds is itself an estimate, within about
 * 1 / sqrt(2 (seeds - 1)) of the truth (11% at 40), so fewer would not resolve 0.9 from 1.1.
 */
const COVERAGE_SEEDS = 40;

export interface StatsOptions {
  /** Replications of each verdict (seeds). */
  readonly reps: number;
}

interface Row {
  readonly game: string;
  readonly check: string;
  readonly design: string;
  readonly value: string;
  readonly nominal: string;
}

function share(count: number, of: number): string {
  return `${count}/${of} (${((100 * count) / of).toFixed(1)}%)`;
}

async function countOf(reps: number, run: (seed: string) => Promise<boolean>): Promise<number> {
  let count = 0;
  for (let rep = 0; rep < reps; rep++) if (await run(`bench-${rep}`)) count++;
  return count;
}

async function gameRows(c: GameCase, reps: number): Promise<Row[]> {
  const rows: Row[] = [];
  const add = (check: string, design: string, value: string, nominal: string) => rows.push({ game: c.game, check, design, value, nominal });
  for (const design of DESIGN_NAMES) {
    const leaders = await countOf(reps, async (seed) => (await untilClearLeader(c, design, seed, 2000, 200)) !== null);
    add(
      'until-clear names a leader between a strategy and its copy',
      design,
      share(leaders, reps),
      design === 'duplicate' ? '<= 5%' : 'refused',
    );
  }
  for (const design of DESIGN_NAMES) {
    const fails = await countOf(
      reps,
      async (seed) => (await compareVerdict(c, c.copy, c.builtin, 'nonRegression', design, seed, 4000, 100, true)).verdict === 'H0',
    );
    add('compare non-regression fails a copy (unpaired arms, 4,000 games)', design, share(fails, reps), '<= 5%');
    const passes = await countOf(
      reps,
      async (seed) => (await compareVerdict(c, c.weaker, c.stronger, 'gainer', design, seed, 8000, 100)).verdict === 'H1',
    );
    add('compare gainer passes the weaker over the stronger', design, share(passes, reps), '<= 5%');
  }
  const agreeing = await countOf(reps, async (seed) => {
    const elo = await eloThreeWays(c, seed, 400);
    return agree(elo.compare, elo.sim) && agree(elo.sim, elo.tournament) && agree(elo.compare, elo.tournament);
  });
  add(
    'compare, sim and tournament Elo agree within intervals (400 games)',
    'duplicate',
    share(agreeing, reps),
    'about 86% (three checks at 95%)',
  );
  for (const design of DESIGN_NAMES) {
    const result = await coverage(c, design, COVERAGE_SEEDS, 96);
    add(`printed SE / spread over seeds: ${result.measure}`, design, result.measureRatio.toFixed(2), '0.9 - 1.1');
    if (result.measure !== 'win-share')
      add('printed SE / spread over seeds: win rate', design, result.winRateRatio.toFixed(2), '0.9 - 1.1');
  }
  return rows;
}

export async function benchStats(options: StatsOptions, print: (line: string) => void): Promise<void> {
  print(`statistical conformance, ${options.reps} replications per verdict check, ${COVERAGE_SEEDS} seeds per coverage ratio`);
  print('');
  print('| game | check | design | observed | nominal |');
  print('| --- | --- | --- | --- | --- |');
  for (const c of GAME_CASES) {
    for (const row of await gameRows(c, options.reps))
      print(`| ${row.game} | ${row.check} | ${row.design} | ${row.value} | ${row.nominal} |`);
  }
}

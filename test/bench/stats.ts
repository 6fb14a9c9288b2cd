// `npm run bench -- stats [--reps N]`: the statistical conformance suite at full size. For every
// game it replicates each verdict over seeds and prints its error rate beside the nominal one, the
// printed standard errors against the spread over seeds, and how often compare, sim and a
// tournament agree on a pair's Elo. The README quotes its table, with the replications it used.
import {
  agree,
  compareVerdict,
  coverage,
  DESIGN_NAMES,
  eloCoverage,
  eloThreeWays,
  GAME_CASES,
  untilClearLeader,
  type GameCase,
} from '../conformance/verdicts.ts';

/**
 * Seeds behind each coverage ratio and the Elo agreement rate: the spread over seeds is itself an
 * estimate, within about 1 / sqrt(2 (seeds - 1)) of the truth (5% at 200; 11% at 40, which read
 * ratios of 0.74 and 1.22 where 300 to 1,000 seeds read 0.96 to 1.04), and a rate near 90%
 * from 200 seeds is within about 2%.
 */
const COVERAGE_SEEDS = 200;

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
  const elos = [];
  for (let seed = 0; seed < COVERAGE_SEEDS; seed++) elos.push(await eloThreeWays(c, `bench-${seed}`, 400));
  const agreeing = elos.filter(
    (elo) => agree(elo.compare, elo.sim) && agree(elo.sim, elo.tournament) && agree(elo.compare, elo.tournament),
  ).length;
  add(
    'compare, sim and tournament Elo agree within intervals (400 games)',
    'duplicate',
    share(agreeing, COVERAGE_SEEDS),
    'at least 85% (three checks at 95%)',
  );
  add(
    'printed SE / spread over seeds: tournament Elo difference (400 games)',
    'independent',
    eloCoverage(elos.map((elo) => elo.tournament)).toFixed(2),
    '0.9 - 1.1',
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
  print(
    `statistical conformance, ${options.reps} replications per verdict check, ${COVERAGE_SEEDS} seeds per coverage ratio and Elo agreement`,
  );
  print('');
  print('| game | check | design | observed | nominal |');
  print('| --- | --- | --- | --- | --- |');
  for (const c of GAME_CASES) {
    for (const row of await gameRows(c, options.reps))
      print(`| ${row.game} | ${row.check} | ${row.design} | ${row.value} | ${row.nominal} |`);
  }
}

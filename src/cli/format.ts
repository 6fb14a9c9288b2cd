import { playsOneRound } from '../core/game.ts';
import { alignColumns, percent } from '../report/tables.ts';
import { buildJob } from '../runner/job/job.ts';
import type { JobPlan } from '../runner/job/plan.ts';
import { blockGames, type DesignName } from '../runner/play/design.ts';
import type { MetricSummary, RatingSummary, RunSummary, UntilClearSummary } from '../runner/summary/summary-types.ts';

/** A whole number as the reports print it, grouped by thousands. */
export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** `value` with its noun, the noun plural unless there is exactly one. */
export function countOf(value: number, noun: string): string {
  return `${count(value)} ${noun}${Math.round(value) === 1 ? '' : 's'}`;
}

/** A run stopped early says so first: its figures cover only the games it finished. */
function partialNote(summary: Pick<RunSummary, 'complete' | 'games' | 'gamesPlanned'>): string[] {
  if (summary.complete !== false) return [];
  return [`PARTIAL RESULTS: the run stopped after ${count(summary.games)} of ${count(summary.gamesPlanned)} games`, ''];
}

/**
 * A strategy outside the rated group shows where its rating went (-∞, +∞; - apart) and its
 * interval's one finite end, and its note follows the table. A summary read back from summary.json
 * has null where the run had an infinity.
 */
function ratingLines(ratings: readonly RatingSummary[]): string[] {
  const unrated = ratings.filter((r) => r.unrated !== undefined);
  const elo = (value: number | null) => (value === null || !Number.isFinite(value) ? null : value.toFixed(0));
  const rating = (r: RatingSummary) => elo(r.elo) ?? { below: '-∞', above: '+∞', apart: '-' }[r.unrated ?? 'apart'];
  const interval = (r: RatingSummary) => {
    const [low, high] = [elo(r.low), elo(r.high)];
    if (low !== null && high !== null) return `${low} - ${high}`;
    if (high !== null) return `below ${high}`;
    return low !== null ? `above ${low}` : 'unbounded';
  };
  return [
    `ratings on the Elo scale (0: ${unrated.length === 0 ? "the field's" : "the rated strategies'"} average), with bootstrap intervals`,
    ...alignColumns(
      ['strategy', 'rating', '95% interval'],
      ratings.map((r) => [r.strategy, rating(r), interval(r)]),
      [false, true, true],
    ),
    ...unrated.map((r) => `${r.strategy}: ${r.note}`),
  ];
}

/** Head-to-head scores as a matrix: columns are numbered like the rows, to stay narrow. */
function headToHeadLines(summary: RunSummary): string[] {
  const names = Object.keys(summary.strategies);
  const score = new Map(summary.headToHead.map((row) => [`${row.strategy}\n${row.opponent}`, row.score]));
  const rows = names.map((name, index) => [
    `${index + 1} ${name}`,
    ...names.map((opponent) => {
      const value = score.get(`${name}\n${opponent}`);
      return value === undefined ? '-' : percent(value);
    }),
  ]);
  return [
    'head-to-head: how often the row strategy finished ahead of the column one where they met (ties 1/2)',
    ...alignColumns(['', ...names.map((_, index) => String(index + 1))], rows, [false, ...names.map(() => true)]),
  ];
}

type MomentsSummary = Extract<MetricSummary, { kind: 'moments' }>;

function momentText(metric: MomentsSummary, value: number): string {
  return metric.format === 'rate' ? percent(value) : value.toFixed(2);
}

/** The game's one-label means (points per hand...), a column each: mean and 95% interval. */
function momentLines(summary: RunSummary): string[] {
  const metrics = summary.metrics.filter((metric): metric is MomentsSummary => metric.kind === 'moments' && metric.rows.length > 0);
  const plain = metrics.filter((metric) => new Set(metric.rows.map((row) => row.label)).size === 1);
  if (plain.length === 0) return [];
  const names = Object.keys(summary.strategies);
  const cell = (metric: MomentsSummary, name: string) => {
    const row = metric.rows.find((candidate) => candidate.strategy === name);
    return row ? `${momentText(metric, row.mean)} (${momentText(metric, row.ci95[0])} - ${momentText(metric, row.ci95[1])})` : '-';
  };
  return [
    '',
    'means with 95% intervals',
    ...alignColumns(
      ['strategy', ...plain.map((metric) => metric.valueTitle)],
      names.map((name) => [name, ...plain.map((metric) => cell(metric, name))]),
      [false, ...plain.map(() => true)],
    ),
  ];
}

function points(value: number): string {
  return `${(value * 100).toFixed(1)} points`;
}

/** A lead on a measure in words: win-rate points, or the measure's units and which way (summaries of older runs name none). */
function leadText(measure: UntilClearSummary['measure'] | undefined, lead: number): string {
  if (!measure || measure.id === 'win-share') return `${points(lead)} of win rate`;
  return `${lead.toFixed(3)} ${measure.label}${measure.lowerIsBetter ? ' (fewer)' : ''}`;
}

/** How an --until-clear run ended: the verdict first, then the leader's margins. */
function untilClearLines(summary: RunSummary): string[] {
  const outcome = summary.untilClear;
  if (!outcome) return [];
  const level = `${+(outcome.confidence * 100).toFixed(4)}%`;
  const verdict =
    outcome.stopped === 'clear'
      ? `CLEAR after ${count(outcome.games)} games (cap ${count(outcome.cap)}): ${outcome.leader} leads`
      : outcome.stopped === 'cap'
        ? `NOT CLEAR: the cap of ${count(outcome.cap)} games came first; ${outcome.leader} leads so far`
        : `undecided when stopped, its last look at ${count(outcome.games)} games` +
          // Batches finished ahead of their turn count in a partial summary, but no look saw them.
          `${summary.games > outcome.games ? ` (the figures count ${count(summary.games)}, some of them finished past that look)` : ''}` +
          `; ${outcome.leader} leads so far`;
  return [
    `until clear at ${level} confidence: ${verdict}`,
    ...outcome.margins.map(
      (margin) =>
        `  ahead of ${margin.strategy} by ${leadText(outcome.measure, margin.difference)}; lower bound ${leadText(outcome.measure, margin.lower)} ` +
        `(all bounds together at ${level}, valid at every look)`,
    ),
    ...(outcome.note ? [`  note: ${outcome.note}`] : []),
    '',
  ];
}

/** The summary as a user reads it in a terminal: strategies, seats, and the design's caveats. */
export function formatRunSummary(summary: RunSummary): string {
  // A game that is one round (SpeedClue) has no rounds to count apart from its games.
  const rounds = !playsOneRound(summary.roundName);
  const lines = [
    ...partialNote(summary),
    `${count(summary.games)} games of ${summary.game}, ${summary.players} players, ${summary.design} design` +
      (rounds ? `, ${summary.roundsPerGame.toFixed(2)} ${summary.roundName[1]} a game` : '') +
      ` (seed ${summary.seed})`,
    '',
    ...untilClearLines(summary),
  ];
  const strategies = Object.entries(summary.strategies);
  lines.push(
    ...alignColumns(
      ['strategy', 'seat-games', 'win rate', '95% interval', ...(rounds ? [`${summary.roundName[0]} win rate`] : [])],
      strategies.map(([name, s]) => [
        name,
        count(s.games),
        percent(s.winRate),
        `${percent(s.ci95[0])} - ${percent(s.ci95[1])}`,
        ...(rounds ? [percent(s.roundWinRate)] : []),
      ]),
      [false, true, true, true, true],
    ),
  );
  if (summary.design === 'duplicate') {
    // Where match-ups replay the same deals, the blocks are not the independent samples: the
    // figures below are those of the deal groups, and so is the count the line gives.
    const overGroups = strategies[0]?.[1].ci95Unit === 'deal group' && summary.dealGroups !== undefined;
    const sample = overGroups
      ? `the one over groups of deals (${countOf(summary.dealGroups ?? 0, 'deal group')}: every match-up replays the same deals)`
      : `the block one (${countOf(strategies[0]?.[1].blocks.blocks ?? 0, 'block')})`;
    lines.push('', `duplicate deals: the interval to trust is ${sample}`);
    lines.push(
      ...alignColumns(
        ['strategy', overGroups ? 'deal-group mean' : 'block mean', '95% interval'],
        strategies.map(([name, s]) => [name, percent(s.blocks.mean), `${percent(s.blocks.ci95[0])} - ${percent(s.blocks.ci95[1])}`]),
        [false, true, true],
      ),
    );
  }
  lines.push(...momentLines(summary), '');
  lines.push(
    ...alignColumns(
      ['seat', 'strategy', 'win rate', '95% interval'],
      summary.seats.map((s) => [String(s.seat), s.strategy, percent(s.winRate), `${percent(s.ci95[0])} - ${percent(s.ci95[1])}`]),
      [true, false, true, true],
    ),
  );
  if (summary.ratings) lines.push('', ...ratingLines(summary.ratings), '', ...headToHeadLines(summary));
  lines.push(...fewDealGroupsNote(summary));
  const forfeits = summary.forfeits.reduce((sum, row) => sum + row.count, 0);
  if (forfeits > 0) lines.push('', `${count(forfeits)} forfeits (see forfeits.csv)`);
  return lines.join('\n');
}

/** Below this many deal groups, a run's intervals and ratings rest on too few units to be more than rough. */
const FEW_DEAL_GROUPS = 20;

/** A note for a run of several match-ups whose intervals rest on few deal groups (its games per match-up). */
function fewDealGroupsNote(summary: RunSummary): string[] {
  const groups = summary.dealGroups;
  if (groups === undefined || groups >= FEW_DEAL_GROUPS || summary.games === 0) return [];
  // A group is a deal a match-up plays (with the duplicate design, all of its rotations): as many more games, as many more groups.
  const enough = Math.ceil((summary.games * FEW_DEAL_GROUPS) / groups);
  return [
    '',
    `note: the intervals and ratings above rest on ${groups} deal group${groups === 1 ? '' : 's'}, the deals every match-up replays ` +
      `(up to 64), and are rough below ${FEW_DEAL_GROUPS}: --games ${count(enough)} or more gives every match-up ${FEW_DEAL_GROUPS} deals`,
  ];
}

/** What the duplicate design's blocks are, for a note on games rounded to them. */
const BLOCKS = 'the duplicate design deals each deal once from every seat';

/**
 * A note for a run that plays other than --games asked: every match-up of a tournament plays the
 * same games, and the duplicate design plays whole blocks. Null when it plays what was asked.
 */
export function gamesNote(plan: JobPlan): string | null {
  const block = blockGames(plan.design, plan.players);
  const played = buildJob({ ...plan, batchGames: block }).games;
  if (played === plan.games) return null;
  const matchups = plan.matchupSeats.length;
  const each = count(played / matchups);
  const which = `each of the ${count(matchups)} ${plan.seatings === 'rotated' ? 'tables' : 'seatings'}`;
  const why =
    matchups === 1
      ? `whole blocks of ${block} games (${BLOCKS})`
      : block === 1
        ? `${which} plays the same number of games (${each})`
        : `${which} plays the same number of whole blocks of ${block} games (${each} games each; ${BLOCKS})`;
  return `note: --games ${count(plan.games)} plays ${count(played)} games: ${why}`;
}

/** A note for a --batch that is not whole blocks: a batch holds whole blocks, the nearest number of them. */
export function batchNote(plan: JobPlan, batch: number | undefined): string | null {
  if (batch === undefined) return null;
  const played = buildJob({ ...plan, batchGames: batch }).batchGames;
  if (played === batch) return null;
  return `note: --batch ${count(batch)} plays batches of ${count(played)} games: whole blocks of ${blockGames(plan.design, plan.players)} games (${BLOCKS})`;
}

/** A note for a tuning run whose iterations play other than --iteration-games asked, in whole blocks. */
export function iterationGamesNote(requested: number, played: number, design: DesignName, players: number): string | null {
  if (played === requested) return null;
  return `note: --iteration-games ${count(requested)} plays ${count(played)} games an arm each iteration: whole blocks of ${blockGames(design, players)} games (${BLOCKS})`;
}

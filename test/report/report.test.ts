import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { reportCharts, reportLines, reportPartialNote, reportTables } from '../../src/report/report.ts';
import type { ReportSummary } from '../../src/report/rows.ts';
import type { MatchSummary } from '../../src/runner/summary/summary-types.ts';
import { headToHead, ratings } from './charts/rate-rows.ts';
import { layerOf } from './charts/spec-helpers.ts';
import { summary } from './summary-fixture.ts';

// The runner's summaries must stay readable by the report: this line stops compiling if they drift apart.
const asReportSummary = (runSummary: MatchSummary): ReportSummary => runSummary;

const names = (charts: { name: string }[]) => charts.map((chart) => chart.name);

describe('reportCharts', () => {
  test('draws seats, first cards, outs and the summary’s own head-to-head', () => {
    assert.deepEqual(names(reportCharts(summary)), ['head-to-head', 'win-rate-by-seat', 'win-rate-by-first-card', 'outs-by-cause']);
  });

  test('marks every chart of a run stopped before its end, in its title', () => {
    const partial = { ...summary, complete: false, gamesPlanned: 4000 };
    for (const chart of reportCharts(partial)) {
      const title = (chart.spec as { title: { text: string; subtitle: string[] } }).title;
      assert.match(title.text, / \(PARTIAL\)$/, chart.name);
      assert.equal(title.subtitle[0], 'Partial results: the run stopped after 1,000 of 4,000 games; resume it to finish.');
    }
    for (const chart of reportCharts(summary)) assert.doesNotMatch(JSON.stringify(chart.spec), /PARTIAL/);
  });

  test('leaves out the charts without data', () => {
    const bare = { ...summary, metrics: [], headToHead: undefined };
    assert.deepEqual(names(reportCharts(bare)), ['win-rate-by-seat']);
  });

  test('adds the ratings and SPRT charts from the extras, and prefers their head-to-head rows', () => {
    const sprt = { points: [{ games: 0, llr: 0 }], lower: -2.9, upper: 2.9 };
    const charts = reportCharts(summary, { ratings, sprt, headToHead });
    assert.deepEqual(names(charts).slice(0, 3), ['sprt-llr', 'rating-ladder', 'head-to-head']);
    const matrix = charts.find((chart) => chart.name === 'head-to-head')!.spec as { data: { values: unknown[] } };
    assert.deepEqual(matrix.data.values, headToHead);
  });

  test("orders a chart's labels as the game declares them, though the first strategy lacks some; a one-round game's rates count games", () => {
    // Two seats dealt five cards and two dealt four, each strategy in one seat throughout.
    const row = (strategy: string, label: string) => ({ strategy, label, rounds: 100, roundWinRate: 0.25, ci95: [0.17, 0.34] as const });
    const bySize = {
      kind: 'rate-by' as const,
      name: 'hand-size',
      title: 'Win rate by hand size',
      labelTitle: 'hand size',
      labels: ['3', '4', '5'],
      chart: 'wins-by-hand-size',
      rows: [row('infogain', '5'), row('simple', '4'), row('random', '4')],
    };
    const chart = reportCharts({ ...summary, metrics: [bySize] }).find((named) => named.name === 'wins-by-hand-size')!;
    const spec = chart.spec as { layer: { encoding?: { x?: { sort?: unknown } } }[] };
    assert.deepEqual(spec.layer[0].encoding?.x?.sort, ['4', '5']);
    const table = reportTables({ ...summary, metrics: [bySize] }).find((candidate) => candidate.caption === 'Win rate by hand size')!;
    assert.deepEqual(
      table.rows.map((cells) => cells[0]),
      ['infogain', 'simple', 'random'],
      'the table keeps its strategies in order',
    );
    assert.equal(table.columns[2].title, 'rounds');
    const oneRound = { ...summary, roundName: ['game', 'games'] as const, metrics: [bySize] };
    assert.equal(reportTables(oneRound).find((candidate) => candidate.caption === 'Win rate by hand size')!.columns[2].title, 'games');
  });

  test('draws a moments metric under its chart name, with a table of its means', () => {
    const points = {
      kind: 'moments' as const,
      name: 'points',
      title: 'Points per hand',
      labelTitle: '',
      chart: 'points',
      valueTitle: 'points per hand',
      format: 'number' as const,
      lowerIsBetter: true,
      rows: [
        { strategy: 'random', label: 'all', records: 400, mean: 6.5, ci95: [6.1, 6.9] as const },
        { strategy: 'ducking', label: 'all', records: 400, mean: 4.25, ci95: [3.9, 4.6] as const },
      ],
    };
    const withPoints = { ...summary, metrics: [points] };
    const chart = reportCharts(withPoints).find((named) => named.name === 'points')!;
    assert.equal(chart.title, 'Points per hand');
    assert.deepEqual(
      (chart.spec as { data: { values: { mean: number }[] } }).data.values.map((row) => row.mean),
      [6.5, 4.25],
    );
    const table = reportTables(withPoints).find((candidate) => candidate.caption === 'Points per hand')!;
    assert.deepEqual(table.rows[1], ['ducking', '400', '4.250', '3.900 – 4.600']);
  });

  test('draws a sequence as a line over a band, and a neutral metric without a better direction', () => {
    const curve = {
      kind: 'moments' as const,
      name: 'vpByTurn',
      title: 'VP by turn',
      labelTitle: 'turn',
      chart: 'vp-by-turn',
      valueTitle: 'VP owned',
      format: 'number' as const,
      lowerIsBetter: false,
      sequence: true,
      rows: [
        { strategy: 'smithy-bm', label: '1', records: 400, mean: 3, ci95: [3, 3] as const },
        { strategy: 'smithy-bm', label: '2', records: 400, mean: 3.2, ci95: [3.1, 3.3] as const },
      ],
    };
    const length = { ...curve, name: 'turns', title: 'Game length', labelTitle: '', chart: 'turns', sequence: undefined, neutral: true };
    const charts = reportCharts({ ...summary, metrics: [curve, length] });
    const marks = (name: string) =>
      (charts.find((chart) => chart.name === name)!.spec as { layer: { mark: { type: string } }[] }).layer.map((layer) => layer.mark.type);
    assert.deepEqual(marks('vp-by-turn'), ['area', 'line', 'point']);
    assert.deepEqual(marks('turns'), ['errorbar', 'point']);
    const subtitle = (charts.find((chart) => chart.name === 'turns')!.spec as { title: { subtitle: string[] } }).title.subtitle;
    assert.ok(!subtitle.some((line) => line.includes('is better')), subtitle.join(' / '));
  });

  test("titles a rate-by chart's rates by the game's rounds: round win rate, or plain win rate where a game is one round", () => {
    const yTitle = (roundName: readonly [string, string]) => {
      const spec = reportCharts({ ...summary, roundName }).find((chart) => chart.name === 'win-rate-by-first-card')!.spec;
      const point = layerOf(spec, 'point');
      return [point.encoding!.y.title, point.encoding!.tooltip.find((field: { field: string }) => field.field === 'rounds').title];
    };
    assert.deepEqual(yTitle(['round', 'rounds']), ['round win rate', 'rounds']);
    assert.deepEqual(yTitle(['game', 'games']), ['win rate', 'games']);
  });

  test('draws the seats chart against 1/players', () => {
    const seats = reportCharts(summary).find((chart) => chart.name === 'win-rate-by-seat')!.spec as {
      layer: { mark: { type: string }; data?: { values: { value: number }[] } }[];
    };
    assert.equal(seats.layer.find((layer) => layer.mark.type === 'rule')!.data!.values[0].value, 0.25);
  });
});

describe('reportTables', () => {
  test('tables strategies and seats, then first cards and forfeits when there are any', () => {
    assert.deepEqual(
      reportTables(summary).map((table) => table.caption),
      ['Game win rate by strategy', 'Game win rate by seat', 'Round win rate by first card held', 'Forfeits'],
    );
    assert.equal(reportTables({ ...summary, metrics: [], forfeits: [] }).length, 2);
  });

  test('one row per seat, in percent with the interval', () => {
    const seats = reportTables(summary)[1];
    assert.deepEqual(seats.rows[1], ['1', 'cautious <b>', '1,000', '27.0%', '24.4% – 29.8%']);
    assert.equal(seats.rows.length, 4);
  });
});

describe('reportLines', () => {
  test('says how much was played, how and with which seed', () => {
    assert.match(
      reportLines(summary)[0],
      /^1,000 games of love-letter, 4 players, 8\.40 rounds a game; independent deals, seed 'fixture'$/,
    );
  });

  test('counts no rounds a game where a game is one round', () => {
    const oneRound = { ...summary, game: 'dominion', roundName: ['game', 'games'] as const, roundsPerGame: 1 };
    assert.equal(reportLines(oneRound)[0], "1,000 games of dominion, 4 players; independent deals, seed 'fixture'");
  });
});

describe("a comparison's report", () => {
  const comparison = {
    candidate: 'counter',
    baseline: 'cautious',
    verdict: 'H1',
    passed: true,
    gamesPerArm: 500,
    llr: 2.97,
    sprt: { lower: -2.94, upper: 2.94 },
    estimate: { measured: 'head to head', elo: { elo: 186.7, low: 120.2, high: 260.05 } },
    arms: { candidate: { mean: 0.73 }, baseline: { mean: 0.485 } },
  } as const;
  const compared = { ...summary, comparison };

  test('gives its outcome as the command printed it, and what the other figures count', () => {
    const lines = reportLines(compared);
    assert.deepEqual(lines.slice(1, 4), [
      'Comparison of counter (candidate) with cautious (baseline) in the compared seat, 500 games in each arm against the same ' +
        'opponents: PASS (H1 accepted), LLR +2.97 (bounds -2.94, +2.94).',
      "Elo difference (head to head): +186.7 (95% interval +120.2 to +260.1); the compared seat's win rate: candidate 73.0%, baseline 48.5%.",
      "The tables and charts below count both arms together: a strategy's games in either arm, in whichever seat it held.",
    ]);
    const undecided = {
      ...comparison,
      verdict: 'undecided',
      passed: null,
      estimate: { ...comparison.estimate, elo: { elo: null, low: null, high: 90 } },
    } as const;
    assert.match(reportLines({ ...summary, comparison: undecided })[1], /: UNDECIDED \(stopped undecided\), LLR/);
    assert.match(reportLines({ ...summary, comparison: undecided })[2], /: -∞ \(95% interval below \+90\.0\)/);
  });

  test('labels the tables that count both arms together', () => {
    assert.deepEqual(
      reportTables(compared)
        .slice(0, 2)
        .map((table) => table.caption),
      ['Game win rate by strategy, both arms together', 'Game win rate by seat, both arms together'],
    );
  });
});

describe('reportPartialNote', () => {
  test('says how far an unfinished run got, and nothing for a finished one', () => {
    assert.equal(
      reportPartialNote({ ...summary, complete: false, gamesPlanned: 4000 }),
      'Partial results: the run stopped after 1,000 of 4,000 games; resume it to finish.',
    );
    assert.equal(reportPartialNote({ ...summary, complete: true }), undefined);
    assert.equal(reportPartialNote(summary), undefined, 'a summary that does not say is taken as complete');
  });
});

void asReportSummary;

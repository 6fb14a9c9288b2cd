// A tuning run's chart says it is partial when the run stopped before its end, as every other run's
// charts do (a chart may be published alone), and so does its report page's title.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawTune } from '../../../src/cli/commands/tune.ts';
import type { TuneReport } from '../../../src/tune/job.ts';
import { scratchDir } from '../../helpers/scratch.ts';

/** The parts of a tuning run's report that its chart and page read. */
function report(iterations: number, complete: boolean): TuneReport {
  const rows = Array.from({ length: iterations }, (_, iteration) => ({
    iteration,
    plus: [17],
    minus: [15],
    score: 0.1,
    theta: [16 + iteration / 10],
  }));
  return {
    job: {
      strategy: 'smithy-bm',
      game: 'dominion',
      params: [{ name: 'secondSmithyAt', start: 16, min: 10, max: 24 }],
      spsa: { iterations: 8 },
    },
    rows,
    summary: {
      complete,
      iterations,
      games: iterations * 80,
      start: 'smithy-bm:secondSmithyAt=16',
      tuned: 'smithy-bm:secondSmithyAt=17',
      params: [{ name: 'secondSmithyAt', start: 16, tuned: 17, min: 10, max: 24 }],
      pairing: null,
      verification: null,
    },
  } as unknown as TuneReport;
}

/** Draws the report into a fresh folder: the trajectory chart's title and the page's title. */
async function drawn(tune: TuneReport) {
  const dir = scratchDir('tune-charts');
  await drawTune(dir, tune);
  const spec = JSON.parse(readFileSync(join(dir, 'charts', 'trajectory.vl.json'), 'utf8'));
  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  return { title: spec.title as { text: string; subtitle: string[] }, page: /<title>([^<]*)<\/title>/.exec(page)![1] };
}

describe('drawTune', () => {
  test('a run stopped before its last iteration has PARTIAL in its chart title, the reason first in the subtitle', async () => {
    const { title, page } = await drawn(report(3, false));
    assert.equal(title.text, 'Parameter trajectories (SPSA) (PARTIAL)');
    assert.equal(title.subtitle[0], 'interrupted: the iterations so far');
    assert.equal(page, 'parlor tune: smithy-bm on dominion (partial)');
  });

  test('a run stopped while verifying is marked as well', async () => {
    const { title } = await drawn(report(8, false));
    assert.match(title.text, / \(PARTIAL\)$/);
    assert.equal(title.subtitle[0], 'interrupted while verifying: no verdict yet');
  });

  test("the page says what the verification's Elo is a difference of, as compare printed it", async () => {
    // Against opponents other than the starting values the Elo is not head to head: the page read
    // 'Elo +71.1 (...)' where compare printed 'Elo difference (against the opponents ..., not head to head, ...)'.
    const measured = 'against the opponents big-money-ultimate, not head to head, every seat in turn';
    const tune = report(8, true);
    const verification = {
      folder: 'verify',
      verdict: 'H1',
      passed: true,
      games: 6800,
      measured,
      elo: { elo: 71.1, low: 58.8, high: 83.6 },
      normalizedElo: { nelo: 71, margin: 11.7 },
      measure: null,
    };
    const dir = scratchDir('tune-charts');
    await drawTune(dir, { ...tune, summary: { ...tune.summary, verification } });
    const page = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.ok(page.includes(`verification in verify/: H1, Elo difference (${measured}): +71.1 (95% interval +58.8 to +83.6)`), page);
  });

  test('the chart marks the tuned value summary.json reports, where the line ends at the unrounded theta', async () => {
    // The line of an integer ended at 16.7, while summary.json reported (and verify played) 17.
    const dir = scratchDir('tune-charts');
    await drawTune(dir, report(8, true));
    const values = JSON.parse(readFileSync(join(dir, 'charts', 'trajectory.vl.json'), 'utf8')).data.values as {
      series: string;
      parameter: string;
      iteration: number;
      value: number;
    }[];
    const last = values.filter((point) => point.series === 'trajectory' && point.iteration === 8);
    assert.deepEqual(
      last.map((point) => point.value),
      [16.7],
    );
    assert.deepEqual(
      values.filter((point) => point.series === 'tuned').map(({ parameter, iteration, value }) => [parameter, iteration, value]),
      [['secondSmithyAt', 8, 17]],
    );
  });

  test('a finished run is not', async () => {
    const { title, page } = await drawn(report(8, true));
    assert.doesNotMatch(JSON.stringify(title), /PARTIAL|interrupted/);
    assert.equal(page, 'parlor tune: smithy-bm on dominion');
  });
});

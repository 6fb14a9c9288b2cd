import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ErrorCodes, ParlorError } from '../../src/core/errors.ts';
import { EXTRAS_FILE } from '../../src/report/files.ts';
import { readReportInputs } from '../../src/report/load.ts';
import { ResultFiles } from '../../src/runner/job/results.ts';
import { ratings } from './charts/rate-rows.ts';
import { summary } from './summary-fixture.ts';

describe('readReportInputs', () => {
  const root = mkdtempSync(join(tmpdir(), 'parlor-load-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  let folders = 0;
  const folder = (files: Record<string, string>) => {
    const dir = join(root, `run-${folders++}`);
    mkdirSync(dir);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    return dir;
  };
  const rejects = (dir: string, message: RegExp, code: string) =>
    assert.throws(
      () => readReportInputs(dir),
      (error: unknown) => {
        assert.ok(error instanceof ParlorError);
        assert.equal(error.code, code);
        assert.match(error.message, message);
        assert.ok(!error.message.includes('\n'), 'one line');
        return true;
      },
    );

  test('reads a summary and its extras back', () => {
    const dir = folder({ [ResultFiles.SUMMARY]: JSON.stringify(summary), [EXTRAS_FILE]: JSON.stringify({ ratings }) });
    assert.deepEqual(readReportInputs(dir), { summary: JSON.parse(JSON.stringify(summary)), extras: { ratings } });
  });

  test('reads a folder written before head-to-head counts were called meetings, the count kept', () => {
    const old = (rows: readonly { meetings: number }[]) => rows.map(({ meetings, ...row }) => ({ ...row, games: meetings }));
    const extras = { headToHead: old(summary.headToHead ?? []) };
    const dir = folder({
      [ResultFiles.SUMMARY]: JSON.stringify({ ...summary, headToHead: old(summary.headToHead ?? []) }),
      [EXTRAS_FILE]: JSON.stringify(extras),
    });
    const read = readReportInputs(dir);
    assert.deepEqual(
      read.summary.headToHead?.map((row) => row.meetings),
      summary.headToHead?.map((row) => row.meetings),
    );
    assert.deepEqual(
      read.extras.headToHead?.map((row) => row.meetings),
      summary.headToHead?.map((row) => row.meetings),
    );
  });

  test('reads a summary without extras', () => {
    assert.deepEqual(readReportInputs(folder({ [ResultFiles.SUMMARY]: JSON.stringify(summary) })).extras, {});
  });

  test("takes a run's ratings and sequential test from its summary where no extras were written", () => {
    const sprt = { points: [{ games: 100, llr: 0.5 }], lower: -2.94, upper: 2.94 };
    const comparison = {
      candidate: 'a',
      baseline: 'b',
      verdict: 'undecided',
      passed: null,
      gamesPerArm: 50,
      llr: 0.5,
      sprt,
      estimate: { measured: 'head to head', elo: { elo: 10, low: null, high: null } },
      arms: { candidate: { mean: 0.5 }, baseline: { mean: 0.45 } },
    };
    const dir = folder({ [ResultFiles.SUMMARY]: JSON.stringify({ ...summary, ratings, comparison }) });
    assert.deepEqual(readReportInputs(dir).extras, { ratings, sprt });
    rejects(
      folder({ [ResultFiles.SUMMARY]: JSON.stringify({ ...summary, ratings: [{ strategy: 'a', elo: 'high' }] }) }),
      /summary\.json does not hold what a report needs: summary\.ratings\[0\]\.elo should be a number/,
      ErrorCodes.CORRUPT_RESULTS,
    );
  });

  test('names a missing folder', () => rejects(join(root, 'nowhere'), /nowhere: no such folder/, ErrorCodes.UNREADABLE_FILE));

  test('names a file given instead of a folder', () => {
    const file = join(root, 'plain.txt');
    writeFileSync(file, 'x');
    return rejects(file, /plain\.txt: not a folder/, ErrorCodes.UNREADABLE_FILE);
  });

  test('says when there is no summary.json', () => rejects(folder({}), /summary\.json: no such file/, ErrorCodes.UNREADABLE_FILE));

  test('says when summary.json is not JSON', () =>
    rejects(
      folder({ [ResultFiles.SUMMARY]: '{"game": "love-le' }),
      /is damaged: summary\.json is not valid JSON$/,
      ErrorCodes.CORRUPT_RESULTS,
    ));

  test('names the first field a report needs that is wrong', () => {
    const broken = { ...summary, seats: [{ ...summary.seats[0], ci95: [0.1] }] };
    return rejects(
      folder({ [ResultFiles.SUMMARY]: JSON.stringify(broken) }),
      /summary\.seats\[0\]\.ci95 should be a \[low, high\] pair/,
      ErrorCodes.CORRUPT_RESULTS,
    );
  });

  test('checks the extras too', () =>
    rejects(
      folder({
        [ResultFiles.SUMMARY]: JSON.stringify(summary),
        [EXTRAS_FILE]: JSON.stringify({ ratings: [{ strategy: 'a', elo: 'high' }] }),
      }),
      /report-extras\.ratings\[0\]\.elo should be a number/,
      ErrorCodes.CORRUPT_RESULTS,
    ));
});

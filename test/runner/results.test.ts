import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCodes, ParlorError } from '../../src/core/errors.ts';
import { claimFreshFolder, createResultsFolder, readCheckpoint, readJob, writeFileAtomic } from '../../src/runner/results.ts';

const scratch = () => mkdtempSync(join(tmpdir(), 'parlor-results-'));

function code(error: unknown): string {
  assert.ok(error instanceof ParlorError, String(error));
  return error.code;
}

describe('results folders', () => {
  test('files are replaced whole and no temporary file stays behind', () => {
    const dir = scratch();
    const path = join(dir, 'summary.json');
    writeFileAtomic(path, 'first');
    writeFileAtomic(path, 'second');
    assert.equal(readFileSync(path, 'utf8'), 'second');
    assert.deepEqual(readdirSync(dir), ['summary.json']);
  });

  test('an existing folder is kept unless forced, and only a results folder is ever cleared', () => {
    const dir = scratch();
    createResultsFolder(dir, false);
    writeFileSync(join(dir, 'job.json'), '{}');
    assert.throws(
      () => createResultsFolder(dir, false),
      (error) => code(error) === ErrorCodes.RESULTS_EXIST,
    );
    createResultsFolder(dir, true);
    assert.deepEqual(readdirSync(dir), []);
    const notes = scratch();
    writeFileSync(join(notes, 'my-notes.txt'), 'precious');
    assert.throws(
      () => createResultsFolder(notes, true),
      (error) => code(error) === ErrorCodes.RESULTS_EXIST,
    );
    assert.ok(existsSync(join(notes, 'my-notes.txt')));
  });

  test('default folders never collide', () => {
    const base = join(scratch(), 'results', 'run');
    assert.deepEqual([claimFreshFolder(base), claimFreshFolder(base), claimFreshFolder(base)], [base, `${base}-2`, `${base}-3`]);
  });

  test('damaged files are reported as such', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'job.json'), '{ not json');
    assert.throws(
      () => readJob(dir),
      (error) => code(error) === ErrorCodes.CORRUPT_RESULTS,
    );
    writeFileSync(join(dir, 'job.json'), '{"id": 3}');
    assert.throws(
      () => readJob(dir),
      (error) => code(error) === ErrorCodes.CORRUPT_RESULTS,
    );
    assert.throws(
      () => readCheckpoint(dir),
      (error) => code(error) === ErrorCodes.UNREADABLE_FILE,
    );
    assert.throws(
      () => readJob(join(dir, 'missing')),
      (error) => code(error) === ErrorCodes.UNREADABLE_FILE,
    );
  });
});

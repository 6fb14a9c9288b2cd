import { describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import fs, { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { ErrorCodes, ParlorError } from '../../../src/core/errors.ts';
import { LOCK_FILE } from '../../../src/runner/job/folder-lock.ts';
import { claimFreshFolder, createResultsFolder, readCheckpoint, readJob, writeFileAtomic } from '../../../src/runner/job/results.ts';
import { WriteFailure } from '../../../src/core/write-errors.ts';
import { mountTmpfs } from '../../helpers/tmpfs.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = () => scratchDir('results');

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
    createResultsFolder(dir, false).release();
    writeFileSync(join(dir, 'job.json'), '{}');
    assert.throws(
      () => createResultsFolder(dir, false),
      (error) => code(error) === ErrorCodes.RESULTS_EXIST,
    );
    const lock = createResultsFolder(dir, true);
    assert.deepEqual(readdirSync(dir), [LOCK_FILE]);
    lock.release();
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
    const claimed = [claimFreshFolder(base), claimFreshFolder(base), claimFreshFolder(base)];
    assert.deepEqual(
      claimed.map((folder) => folder.dir),
      [base, `${base}-2`, `${base}-3`],
    );
    for (const folder of claimed) assert.ok(existsSync(join(folder.dir, LOCK_FILE)));
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

  test('a write that fails says where and why, keeps the file it was to replace and leaves no temporary file', () => {
    const dir = scratch();
    const path = join(dir, 'checkpoint.json');
    writeFileAtomic(path, 'kept');
    const realWrite = fs.writeFileSync;
    // The disk fills halfway through the temporary file.
    mock.method(fs, 'writeFileSync', (file: string, data: string) => {
      realWrite(file, data.slice(0, 2));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    syncBuiltinESMExports();
    try {
      assert.throws(
        () => writeFileAtomic(path, 'new content'),
        (error) =>
          error instanceof WriteFailure &&
          error.code === ErrorCodes.CANNOT_WRITE &&
          error.outOfSpace &&
          error.message === `cannot write ${path}: no space left on device (ENOSPC)`,
      );
    } finally {
      mock.restoreAll();
      syncBuiltinESMExports();
    }
    assert.equal(readFileSync(path, 'utf8'), 'kept');
    assert.deepEqual(readdirSync(dir), ['checkpoint.json']);
  });

  test('a results folder under a regular file is refused with the reason, even for root', () => {
    const file = join(scratch(), 'notes.txt');
    writeFileSync(file, 'a file, not a folder');
    assert.throws(
      () => createResultsFolder(join(file, 'run'), false),
      (error) =>
        error instanceof WriteFailure && /notes\.txt\/run: part of the path is a file, not a folder \(ENOTDIR\)$/.test(error.message),
    );
  });

  test('a full disk: the write fails as ENOSPC and its temporary file goes', (t) => {
    const disk = mountTmpfs('size=16k');
    if (typeof disk === 'string') return t.skip(disk);
    try {
      const path = join(disk.dir, 'summary.json');
      assert.throws(
        () => writeFileAtomic(path, 'x'.repeat(256 * 1024)),
        (error) => error instanceof WriteFailure && error.outOfSpace,
      );
      assert.deepEqual(readdirSync(disk.dir), []);
    } finally {
      disk.unmount();
    }
  });

  test('a read-only disk: the folder is refused as EROFS', (t) => {
    const disk = mountTmpfs('size=64k,ro');
    if (typeof disk === 'string') return t.skip(disk);
    try {
      assert.throws(
        () => createResultsFolder(join(disk.dir, 'run'), false),
        (error) => error instanceof WriteFailure && error.message.endsWith('read-only file system (EROFS)'),
      );
    } finally {
      disk.unmount();
    }
  });
});

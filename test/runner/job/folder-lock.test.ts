import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCodes, ParlorError } from '../../../src/core/errors.ts';
import { LOCK_FILE, lockResultsFolder } from '../../../src/runner/job/folder-lock.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = () => scratchDir('lock');

function writeLock(dir: string, owner: object): void {
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ started: '2026-01-01T00:00:00.000Z', ...owner }));
}

function lockedPid(dir: string): number {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid;
}

/** A live process that is not this one, for the length of `use`. */
async function withOtherProcess(use: (pid: number) => void | Promise<void>): Promise<void> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await use(child.pid as number);
  } finally {
    child.kill();
    await exited;
  }
}

describe('results folder lock', () => {
  test('is taken, refused to others while held, and released', () => {
    const dir = scratch();
    const lock = lockResultsFolder(dir);
    assert.equal(lockedPid(dir), process.pid);
    lock.release();
    assert.ok(!existsSync(join(dir, LOCK_FILE)));
  });

  test("a live owner's lock is refused with its pid; once the owner is dead, the stale lock is taken over", async () => {
    const dir = scratch();
    let owner = 0;
    await withOtherProcess((pid) => {
      owner = pid;
      writeLock(dir, { pid });
      assert.throws(
        () => lockResultsFolder(dir),
        (error) =>
          error instanceof ParlorError &&
          error.code === ErrorCodes.RESULTS_LOCKED &&
          error.message.includes(`in use by parlor process ${pid} (started 2026-01-01T00:00:00.000Z)`),
      );
      assert.equal(lockedPid(dir), pid, 'the refused run leaves the lock alone');
    });
    const lock = lockResultsFolder(dir);
    assert.notEqual(owner, 0);
    assert.equal(lockedPid(dir), process.pid);
    lock.release();
  });

  test('a pid that now belongs to another process does not hold the lock', async (t) => {
    if (!existsSync('/proc/self/stat')) return t.skip('process start times need /proc');
    const dir = scratch();
    await withOtherProcess((pid) => {
      writeLock(dir, { pid, ticks: 1 });
      lockResultsFolder(dir).release();
    });
  });

  test('a damaged lock file is taken over; a lock taken over is not released by its former owner', () => {
    const dir = scratch();
    writeFileSync(join(dir, LOCK_FILE), '{ half');
    const first = lockResultsFolder(dir);
    writeLock(dir, { pid: 1 << 30 });
    const second = lockResultsFolder(dir);
    first.release();
    assert.equal(lockedPid(dir), process.pid, "the second lock's file stays");
    second.release();
    assert.ok(!existsSync(join(dir, LOCK_FILE)));
  });
});

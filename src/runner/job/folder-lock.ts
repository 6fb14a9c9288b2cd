import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Errors } from '../../core/errors.ts';
import { WriteFailure, writeFailure } from '../../core/write-errors.ts';

/**
 * One run at a time per results folder: a lock file created exclusively, holding its owner's pid
 * and start time. A lock whose owner has died (a crash, a kill -9) is stale and taken over; a live
 * owner's is refused, so two runs never mix their batches in one folder.
 */
export const LOCK_FILE = 'parlor.lock';

interface LockOwner {
  readonly pid: number;
  readonly started: string;
  /** The owner's start in clock ticks since boot (Linux): tells a reused pid from its owner. */
  readonly ticks: number | null;
}

export interface FolderLock {
  /** Removes the lock file, if it is still this process's. */
  release(): void;
}

/** Clock ticks since boot at which a process started, from /proc (Linux only; null elsewhere). */
function startTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, hence the last ')'): starttime is the 20th.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

function ownerOf(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    return Number.isSafeInteger(owner.pid) && typeof owner.started === 'string'
      ? { pid: owner.pid as number, started: owner.started, ticks: typeof owner.ticks === 'number' ? owner.ticks : null }
      : null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  // This process never holds a lock it did not take: a lock with its pid is a former process's.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const ticks = owner.ticks === null ? null : startTicks(owner.pid);
  return ticks === null || ticks === owner.ticks;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const TAKEOVER_ATTEMPTS = 3;

/** Takes the lock of folder `dir` (which must exist), taking over a stale one; refuses a live owner's. */
export function lockResultsFolder(dir: string): FolderLock {
  const path = join(dir, LOCK_FILE);
  const mine = `${JSON.stringify({
    pid: process.pid,
    started: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    ticks: startTicks(process.pid),
    // Tells this lock from a later one of the same process, which this one's release must leave alone.
    token: randomUUID(),
  })}\n`;
  for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      return {
        release: () => {
          if (readText(path) === mine) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw writeFailure(path, error);
    }
    const text = readText(path);
    if (text === null) continue;
    const owner = ownerOf(text);
    if (owner && isAlive(owner)) throw Errors.resultsLocked(dir, owner.pid, owner.started);
    // Moved aside rather than deleted, so that of two runs taking over the same stale lock at once
    // only one can remove it; a lock that changed meanwhile is someone's fresh one and goes back.
    const aside = `${path}.${process.pid}.stale`;
    try {
      renameSync(path, aside);
    } catch {
      continue;
    }
    if (readText(aside) !== text) {
      try {
        linkSync(aside, path);
      } catch {
        // Someone locked it again meanwhile: theirs stands.
      }
    }
    rmSync(aside, { force: true });
  }
  const owner = ownerOf(readText(path) ?? '');
  throw owner ? Errors.resultsLocked(dir, owner.pid, owner.started) : new WriteFailure(path, 'the lock keeps changing hands', null);
}

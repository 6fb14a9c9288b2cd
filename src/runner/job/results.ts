import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Errors } from '../../core/errors.ts';
import { LOCK_FILE, lockResultsFolder, type FolderLock } from './folder-lock.ts';
import type { JobFile } from './job.ts';
import type { Checkpoint } from './run-job.ts';
import type { RunSummary } from '../summary/summary-types.ts';
import { summaryTables } from '../summary/tables.ts';
import { makeFolder, readJson, requireFolder, ResultFiles, writeFileAtomic } from '../../core/results-files.ts';
import { writeFailure } from '../../core/write-errors.ts';

// The results folder's files are named and written whole in core/results-files.ts (what the
// report reads too); here, the runner's side: creating and locking a folder, the job, checkpoint
// and summary.
export { makeFolder, readJson, ResultFiles, writeFileAtomic };

function writeJson(path: string, value: unknown): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Makes a fresh folder and locks it; an existing one only with `force`, and only if it is empty or
 * a results folder (it holds `marker`), which is emptied once locked (a run still writing it keeps it).
 */
export function createResultsFolder(dir: string, force: boolean, marker: string = ResultFiles.JOB): FolderLock {
  if (!existsSync(dir)) {
    makeFolder(dir);
    return lockResultsFolder(dir);
  }
  if (!statSync(dir).isDirectory()) throw Errors.notResultsFolder(dir);
  const entries = readdirSync(dir).filter((entry) => entry !== LOCK_FILE);
  if (entries.length > 0) {
    // A folder of something else is refused first: --force, which the other refusal suggests, would not help.
    if (!entries.includes(marker)) throw Errors.notResultsFolder(dir);
    if (!force) throw Errors.resultsExist(dir);
  }
  const lock = lockResultsFolder(dir);
  try {
    for (const entry of entries) rmSync(join(dir, entry), { recursive: true, force: true });
  } catch (error) {
    lock.release();
    throw writeFailure(dir, error);
  }
  return lock;
}

/**
 * Creates and returns a new folder `base`, else `base-2`, `base-3`...: creating is the test, so two
 * runs started in the same second never share a folder.
 */
export function claimFreshFolder(base: string): { dir: string; lock: FolderLock } {
  makeFolder(dirname(base));
  for (let n = 1; ; n++) {
    const dir = n === 1 ? base : `${base}-${n}`;
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw writeFailure(dir, error);
    }
    return { dir, lock: lockResultsFolder(dir) };
  }
}

export function writeJob(dir: string, job: JobFile): void {
  writeJson(join(dir, ResultFiles.JOB), job);
}

export function readJob(dir: string): JobFile {
  requireFolder(dir);
  const job = readJson(dir, ResultFiles.JOB) as Partial<JobFile>;
  const valid =
    typeof job === 'object' &&
    job !== null &&
    typeof job.id === 'string' &&
    typeof job.game === 'string' &&
    typeof job.seed === 'string' &&
    typeof job.players === 'number' &&
    typeof job.batchGames === 'number' &&
    typeof job.design === 'string' &&
    Array.isArray(job.matchups) &&
    Array.isArray(job.strategies) &&
    typeof job.rules === 'object';
  if (!valid) throw Errors.corruptResults(dir, `${ResultFiles.JOB} is not a parlor job`);
  return job as JobFile;
}

/** The command whose run a results folder holds, as its job.json names it; undefined when it names none. */
export function readJobCommand(dir: string): string | undefined {
  requireFolder(dir);
  const job = readJson(dir, ResultFiles.JOB) as { command?: unknown } | null;
  return typeof job === 'object' && job !== null && typeof job.command === 'string' ? job.command : undefined;
}

export function writeCheckpoint(dir: string, checkpoint: Checkpoint): void {
  // Rewritten every half second or so while a run goes: compact, not laid out for reading.
  writeFileAtomic(join(dir, ResultFiles.CHECKPOINT), JSON.stringify(checkpoint));
}

export function hasCheckpoint(dir: string): boolean {
  return existsSync(join(dir, ResultFiles.CHECKPOINT));
}

export function readCheckpoint(dir: string): Checkpoint {
  const checkpoint = readJson(dir, ResultFiles.CHECKPOINT) as Checkpoint;
  if (typeof checkpoint !== 'object' || checkpoint === null)
    throw Errors.corruptResults(dir, `${ResultFiles.CHECKPOINT} is not a checkpoint`);
  return checkpoint;
}

export function removeCheckpoint(dir: string): void {
  rmSync(join(dir, ResultFiles.CHECKPOINT), { force: true });
}

export function readSummary(dir: string): RunSummary {
  return readJson(dir, ResultFiles.SUMMARY) as RunSummary;
}

/** summary.json and the CSV tables. */
export function writeSummary(dir: string, summary: RunSummary): void {
  writeJson(join(dir, ResultFiles.SUMMARY), summary);
  for (const table of summaryTables(summary)) writeFileAtomic(join(dir, table.file), table.csv);
}

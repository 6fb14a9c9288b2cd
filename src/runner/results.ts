import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Errors } from '../core/errors.ts';
import { LOCK_FILE, lockResultsFolder, type FolderLock } from './folder-lock.ts';
import type { JobFile } from './job.ts';
import type { Checkpoint } from './run-job.ts';
import type { RunSummary } from './summary-types.ts';
import { summaryTables } from './tables.ts';
import { writeFailure } from './write-errors.ts';

/**
 * A run's results folder:
 *   job.json         the job (strategies, seed, design, rules, game count, versions)
 *   summary.json     the figures (partial, with complete: false, while unfinished)
 *   *.csv            the same figures as tables
 *   checkpoint.json  only while unfinished: the counters of the batches done
 *   parlor.lock      only while a run writes the folder (see folder-lock.ts)
 * Every file is written to a temporary name and renamed, so a reader (or a resume after a crash)
 * never sees half a file; a write that fails removes its temporary file and says why in one line.
 */
export const ResultFiles = {
  JOB: 'job.json',
  SUMMARY: 'summary.json',
  CHECKPOINT: 'checkpoint.json',
} as const;

let temporaryCounter = 0;

export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const temporary = `${path}.${process.pid}.${temporaryCounter++}.partial`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw writeFailure(path, error);
  }
}

/** mkdir -p, failing as a WriteFailure. */
export function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw writeFailure(dir, mkdirReason(dir, error));
  }
}

/**
 * A recursive mkdir reports ENOENT whatever stopped it (a read-only disk, a missing permission):
 * making the first missing folder alone gives the real reason.
 */
function mkdirReason(dir: string, error: unknown): unknown {
  let missing = resolve(dir);
  while (!existsSync(dirname(missing)) && dirname(missing) !== missing) missing = dirname(missing);
  try {
    mkdirSync(missing);
  } catch (real) {
    return real;
  }
  return error;
}

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
    if (!force) throw Errors.resultsExist(dir);
    if (!entries.includes(marker)) throw Errors.notResultsFolder(dir);
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

export function readJson(dir: string, file: string): unknown {
  const path = join(dir, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw Errors.unreadableFile(path, code === 'ENOENT' ? 'no such file' : String(code ?? error));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw Errors.corruptResults(dir, `${file} is not valid JSON`);
  }
}

export function readJob(dir: string): JobFile {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw Errors.unreadableFile(dir, 'no such folder');
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

export function writeCheckpoint(dir: string, checkpoint: Checkpoint): void {
  // Rewritten twice a second while a run goes: compact, not laid out for reading.
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

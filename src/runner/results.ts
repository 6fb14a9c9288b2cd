import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Errors } from '../core/errors.ts';
import type { JobFile } from './job.ts';
import type { Checkpoint } from './run-job.ts';
import type { RunSummary } from './summary.ts';
import { summaryTables } from './tables.ts';

/**
 * A run's results folder:
 *   job.json         the job (strategies, seed, design, rules, game count, versions)
 *   summary.json     the figures (partial, with complete: false, while unfinished)
 *   *.csv            the same figures as tables
 *   checkpoint.json  only while unfinished: the counters of the batches done
 * Every file is written to a temporary name and renamed, so a reader (or a resume after a crash)
 * never sees half a file.
 */
export const ResultFiles = {
  JOB: 'job.json',
  SUMMARY: 'summary.json',
  CHECKPOINT: 'checkpoint.json',
} as const;

let temporaryCounter = 0;

export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const temporary = `${path}.${process.pid}.${temporaryCounter++}.partial`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}

function writeJson(path: string, value: unknown): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** Makes a fresh folder; an existing one only with `force`, and only if it is empty or a results folder. */
export function createResultsFolder(dir: string, force: boolean): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw Errors.notResultsFolder(dir);
    const entries = readdirSync(dir);
    if (entries.length > 0) {
      if (!force) throw Errors.resultsExist(dir);
      if (!entries.includes(ResultFiles.JOB)) throw Errors.notResultsFolder(dir);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw Errors.unreadableFile(dir, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Creates and returns a new folder `base`, else `base-2`, `base-3`...: creating is the test, so two
 * runs started in the same second never share a folder.
 */
export function claimFreshFolder(base: string): string {
  mkdirSync(dirname(base), { recursive: true });
  for (let n = 1; ; n++) {
    const dir = n === 1 ? base : `${base}-${n}`;
    try {
      mkdirSync(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw Errors.unreadableFile(dir, String((error as Error).message));
    }
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

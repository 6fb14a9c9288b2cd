import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Errors } from './errors.ts';
import { writeFailure } from './write-errors.ts';

/**
 * A run's results folder:
 *   job.json         the job (strategies, seed, design, rules, game count, versions)
 *   summary.json     the figures (partial, with complete: false, while unfinished)
 *   *.csv            the same figures as tables
 *   checkpoint.json  only while unfinished: the counters of the batches done
 *   parlor.lock      only while a run writes the folder (see runner/folder-lock.ts)
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

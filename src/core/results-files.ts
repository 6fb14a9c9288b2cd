import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Errors } from './errors.ts';
import { WriteFailure, writeFailure } from './write-errors.ts';

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

/**
 * Writes a cache's file as writeFileAtomic does, making its folder where missing; false where it
 * cannot be written, which costs a cache only the work of making the file again next time.
 */
export function writeCacheFile(path: string, data: string | Uint8Array): boolean {
  try {
    makeFolder(dirname(path));
    writeFileAtomic(path, data);
    return true;
  } catch {
    return false;
  }
}

/**
 * mkdir -p, failing as a WriteFailure. Each missing folder is made on its own, from the top down:
 * Node's recursive mkdir loops for ever, deaf to signals, where the system refuses a folder whose
 * parent exists (/proc), and on other refusals reports ENOENT whatever the real reason was.
 */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let path = resolve(dir); !existsSync(path); path = dirname(path)) {
    missing.unshift(path);
    if (dirname(path) === path) break;
  }
  if (missing.length === 0 && !isFolder(dir)) throw new WriteFailure(dir, 'it is a file, not a folder', 'EEXIST');
  for (const path of missing) {
    try {
      mkdirSync(path);
    } catch (error) {
      // Made meanwhile (by another run starting in the same place) is as good as made here.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && isFolder(path)) continue;
      throw folderFailure(dir, path, error);
    }
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A folder that could not be made, naming where it stopped: ENOENT there means the place takes no folders. */
function folderFailure(dir: string, path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT' && existsSync(dirname(path))) return new WriteFailure(dir, `${dirname(path)} takes no new folders`, code);
  return writeFailure(dir, error);
}

/** Refuses a results folder to read that is missing, or a file where a folder was meant, saying which. */
export function requireFolder(dir: string): void {
  if (!isFolder(dir)) throw Errors.unreadableFile(dir, existsSync(dir) ? 'not a folder' : 'no such folder');
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

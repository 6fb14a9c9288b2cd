// Every folder a test process makes lies inside one of its own, removed when the process ends,
// so that test runs leave nothing behind in the system's temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = mkdtempSync(join(tmpdir(), 'parlor-test-'));
process.on('exit', () => rmSync(root, { recursive: true, force: true }));

/** A fresh, empty folder for one test, named after what it holds. */
export function scratchDir(name = 'scratch'): string {
  return mkdtempSync(join(root, `${name}-`));
}

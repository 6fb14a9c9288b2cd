import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeSums, type SparseSums } from '../../src/runner/job/sparse-sums.ts';
import { Global } from '../../src/runner/play/counters.ts';

/** Games in the merged sums of the checkpoint in `dir`; -1 while there is none to read (not yet written, or mid-rename). */
export function checkpointGames(dir: string): number {
  try {
    const checkpoint = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8'));
    return checkpoint.counters.reduce((sum: number, stored: SparseSums) => sum + decodeSums(stored, stored.size)[Global.GAMES], 0);
  } catch {
    return -1;
  }
}

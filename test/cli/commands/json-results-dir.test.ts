// --json prints the folder a run wrote beside its figures, as the text ends with `results: DIR`:
// with the default --out, a dated name, a script has no other way to learn it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCaptured } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();

/** Runs `args` with --json into a folder of its own, ending in one of `codes`; checks the folder the JSON names. */
async function namesItsFolder(name: string, args: readonly string[], codes: readonly number[]): Promise<void> {
  const out = join(scratch, name);
  const run = await runCaptured([...args, '--seed', 'j', '--workers', '1', '--out', out, '--json', '-q']);
  assert.ok(codes.includes(run.code), `exit ${run.code}: ${run.warnings.join('\n')}`);
  assert.equal(JSON.parse(run.out.join('\n')).resultsDir, out);
}

describe('--json names the results folder', () => {
  test('of a comparison', async () => {
    await namesItsFolder('compare', ['compare', '--candidate', 'counter', '--baseline', 'cautious', '--max-games', '40'], [2]);
  });

  test('of a tuning run', async () => {
    const tuning = ['tune', '--strategy', 'ismcts:iterations=5', '--param', 'c=0.7:0.1:2', '--opponents', 'random'];
    await namesItsFolder('tune', [...tuning, '--iterations', '1', '--iteration-games', '2', '--verify-games', '4'], [0, 1, 2]);
  });
});

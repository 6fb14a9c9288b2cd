// --json prints the folder a run wrote beside its figures, as the text ends with `results: DIR`:
// with the default --out, a dated name, a script has no other way to learn it.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCaptured } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('--json names the results folder', () => {
  test('of a comparison', async () => {
    const out = join(scratch, 'compare');
    const run = await runCaptured([
      'compare',
      '--candidate',
      'counter',
      '--baseline',
      'cautious',
      '--max-games',
      '40',
      '--seed',
      'j',
      '--workers',
      '1',
      '--out',
      out,
      '--json',
      '-q',
    ]);
    assert.equal(run.code, 2, run.warnings.join('\n'));
    assert.equal(JSON.parse(run.out.join('\n')).resultsDir, out);
  });

  test('of a tuning run', async () => {
    const out = join(scratch, 'tune');
    const run = await runCaptured([
      'tune',
      '--strategy',
      'ismcts:iterations=5',
      '--param',
      'c=0.7:0.1:2',
      '--opponents',
      'random',
      '--iterations',
      '1',
      '--iteration-games',
      '2',
      '--verify-games',
      '4',
      '--seed',
      'j',
      '--workers',
      '1',
      '--out',
      out,
      '--json',
      '-q',
    ]);
    assert.ok([0, 1, 2].includes(run.code), run.warnings.join('\n'));
    assert.equal(JSON.parse(run.out.join('\n')).resultsDir, out);
  });
});

// The worked example of every game in strategies/README.md, copied out of the repository beside
// the tsconfig.json that README shows, with parlor and @types/node installed as a user would, and
// type-checked there. copied-examples.test.ts plays the same copies.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../cli/cli.ts';
import { scratchDir } from '../helpers/scratch.ts';
import { EXAMPLES } from './worked-examples.ts';

describe('every worked example type-checks when copied out, as strategies/README.md says', () => {
  test('tsc with the tsconfig.json shown there, parlor and @types/node installed beside the copies', async () => {
    const readme = readFileSync(join(ROOT, 'strategies/README.md'), 'utf8');
    const shown = /read those sources with this `tsconfig\.json`:\n\n```json\n(.*)\n```/.exec(readme);
    assert.ok(shown, 'strategies/README.md shows a tsconfig.json');
    const folder = scratchDir('type-checked');
    for (const { file } of EXAMPLES) copyFileSync(join(ROOT, file), join(folder, basename(file)));
    writeFileSync(join(folder, 'tsconfig.json'), shown[1]);
    mkdirSync(join(folder, 'node_modules'));
    symlinkSync(ROOT, join(folder, 'node_modules', 'parlor'));
    symlinkSync(join(ROOT, 'node_modules', '@types'), join(folder, 'node_modules', '@types'));
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await promisify(execFile)(process.execPath, [tsc, '-p', folder]).catch((error: { stdout: string }) => error);
    assert.equal(checked.stdout, '');
  });
});

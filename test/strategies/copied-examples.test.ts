// The worked example of every game in strategies/README.md, copied out of the repository into a
// folder of its own (no package.json, no node_modules) as a user would, and run from there: it
// imports `parlor/strategy...`, which parlor resolves for a strategy file wherever it lies.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, parlor } from '../cli/cli.ts';
import { scratchDir } from '../helpers/scratch.ts';

const EXAMPLES = [
  { file: 'strategies/examples/first-card.ts', game: 'love-letter', others: ['random'] },
  { file: 'strategies/examples/hearts-low.ts', game: 'hearts', others: ['ducking', 'random', 'ducking'] },
  { file: 'strategies/examples/dominion-big-money.ts', game: 'dominion', others: ['big-money'] },
  // A priority list: `priorityList` comes from the game's API like the rest.
  { file: 'strategies/examples/moat-bm.ts', game: 'dominion', others: ['militia-bm'] },
  { file: 'strategies/examples/speedclue-certain.ts', game: 'speedclue', others: ['simple', 'random'] },
];

/** A dozen games on one thread, the summary as JSON on stdout. */
const QUICK_RUN = ['--games', '12', '-w', '1', '-q', '--json'];

describe('every worked example runs when copied out of the repository', () => {
  const folder = mkdtempSync(join(tmpdir(), 'parlor-copied-'));
  after(() => rmSync(folder, { recursive: true, force: true }));
  const readme = readFileSync(join(ROOT, 'strategies/README.md'), 'utf8');

  for (const { file, game, others } of EXAMPLES) {
    // Confined, and trusted (loaded by Node itself, which parlor tells where its names are).
    for (const trusted of [false, true]) {
      test(`${basename(file)} (${game})${trusted ? ', trusted' : ''}`, async () => {
        const source = readFileSync(join(ROOT, file), 'utf8');
        assert.ok(readme.includes(`\`\`\`ts\n${source}\`\`\``), `strategies/README.md shows ${file} as it is`);
        const copy = join(folder, `${trusted ? 'trusted-' : ''}${basename(file)}`);
        copyFileSync(join(ROOT, file), copy);
        const out = join(folder, `run-${basename(file)}-${trusted}`);
        const strategies = [copy, ...others].join(',');
        const trust = trusted ? ['--trust', copy] : [];
        const run = await parlor(['sim', '--game', game, '--strategies', strategies, ...QUICK_RUN, '-o', out, ...trust]);
        assert.equal(run.code, 0, run.stderr);
        const summary = JSON.parse(run.stdout) as { games: number; forfeits: unknown[] };
        assert.equal(summary.games, 12);
        assert.deepEqual(summary.forfeits, []);
      });
    }
  }
});

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

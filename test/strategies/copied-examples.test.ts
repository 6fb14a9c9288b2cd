// The worked example of every game in strategies/README.md, copied out of the repository into a
// folder of its own (no package.json, no node_modules) as a user would, and run from there: it
// imports `parlor/strategy...`, which parlor resolves for a strategy file wherever it lies.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ROOT, parlor } from '../cli/cli.ts';
import { EXAMPLES } from './worked-examples.ts';

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

// The worked example of strategies/README.md, run the way the README tells a user to run it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = 'strategies/examples/first-card.ts';

function parlor(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = mkdtempSync(join(tmpdir(), 'parlor-example-'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/parlor.js', ...args, '-w', '1', '-q', '--force', '-o', join(out, 'run')],
      { cwd: ROOT },
      (error, stdout, stderr) => {
        rmSync(out, { recursive: true, force: true });
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

describe('the example strategy', () => {
  test('strategies/README.md shows it exactly as the file is', () => {
    const readme = readFileSync(join(ROOT, 'strategies/README.md'), 'utf8');
    assert.ok(readme.includes(`\`\`\`ts\n${readFileSync(join(ROOT, EXAMPLE), 'utf8')}\`\`\``));
  });

  test('loads by path, plays legally and beats random', async () => {
    const run = await parlor(['sim', '-p', '2', '--strategies', `${EXAMPLE},random`, '--games', '400', '--seed', 'example', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const summary = JSON.parse(run.stdout) as {
      forfeits: unknown[];
      strategies: Record<string, { winRate: number; ci95: [number, number] }>;
    };
    assert.deepEqual(summary.forfeits, []);
    // About 87% over 1,000 games: far from the 50% line at this size.
    assert.ok(summary.strategies[EXAMPLE].ci95[0] > 0.7, JSON.stringify(summary.strategies));
  });

  test('takes its parameter, and rejects a bad value in one line', async () => {
    const good = await parlor(['sim', '-p', '2', '--strategies', `${EXAMPLE}:guess=princess,random`, '--games', '20', '--json']);
    assert.equal(good.code, 0, good.stderr);
    const bad = await parlor(['sim', '-p', '2', '--strategies', `${EXAMPLE}:guess=soldier,random`, '--games', '20']);
    assert.notEqual(bad.code, 0);
    // The error thrown from its `create` reads as parlor's own would, not led by its class's name.
    assert.match(
      bad.stderr,
      /^parlor: .*: create failed: strategy 'first-card': guess must be commonest or a card other than soldier, got 'soldier'\n$/,
    );
  });
});

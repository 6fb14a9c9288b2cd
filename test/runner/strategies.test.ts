import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCodes, ParlorError } from '../../src/core/errors.ts';
import { parseStrategySpec } from '../../src/core/strategy-spec.ts';
import { resolveStrategy } from '../../src/runner/strategies.ts';
import { builtinRegistry } from '../../strategies/index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => `test/fixtures/strategies/${name}`;
const resolveText = (text: string) => resolveStrategy(builtinRegistry(), 'love-letter', parseStrategySpec(text));

async function rejectsWith(text: string, code: string, message: RegExp): Promise<void> {
  await assert.rejects(resolveText(text), (error: unknown) => {
    assert.ok(error instanceof ParlorError);
    assert.equal(error.code, code);
    assert.match(error.message, message);
    assert.doesNotMatch(error.message, /\n/);
    return true;
  });
}

describe('loading a strategy by name or path', () => {
  test('a built-in by name, with its parameters checked and converted', async () => {
    const resolved = await resolveText('ismcts:iterations=50,c=1.5');
    assert.equal(resolved.definition.name, 'ismcts');
    assert.deepEqual(resolved.params, { iterations: 50, c: 1.5, prior: 30 });
    await rejectsWith('ismcts:iterations=0', ErrorCodes.BAD_STRATEGY_PARAM, /iterations/);
    await rejectsWith('counter:depth=2', ErrorCodes.BAD_STRATEGY_PARAM, /unknown parameter 'depth'/);
  });

  test('a missing file', async () => {
    await rejectsWith(fixture('nowhere.ts'), ErrorCodes.UNREADABLE_FILE, /nowhere\.ts.*no such file/);
  });

  test('a module that exports no strategy', async () => {
    await rejectsWith(fixture('no-export.ts'), ErrorCodes.BAD_STRATEGY_MODULE, /no-export\.ts: exports no strategy/);
  });

  test('a module that does not load', async () => {
    await rejectsWith(fixture('broken.js'), ErrorCodes.BAD_STRATEGY_MODULE, /broken\.js: failed to load/);
  });

  test('a strategy for another game', async () => {
    await rejectsWith(fixture('other-game.ts'), ErrorCodes.BAD_STRATEGY_MODULE, /plays 'hearts'/);
  });

  test('TypeScript and JavaScript modules load, with parameters, and are never trusted', async () => {
    const typescript = await resolveText(fixture('self-soldier.ts'));
    assert.equal(typescript.definition.name, 'self-soldier');
    assert.equal(typescript.definition.trusted, false);
    const javascript = await resolveText(`${fixture('first-legal.js')}:unused=7`);
    assert.equal(javascript.definition.name, 'first-legal');
    assert.deepEqual(javascript.params, { unused: 7 });
    await rejectsWith(`${fixture('first-legal.js')}:unused=x`, ErrorCodes.BAD_STRATEGY_PARAM, /unused/);
  });

  test('an illegal action forfeits that play, and the summary counts it by reason', async () => {
    const out = mkdtempSync(join(tmpdir(), 'parlor-illegal-'));
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
      const args = ['bin/parlor.js', 'sim', '-p', '2', '--strategies', `${fixture('self-soldier.ts')},counter`, '--games', '40', '-w', '1'];
      args.push('--seed', 'illegal', '--json', '-q', '--force', '-o', join(out, 'run'));
      execFile(process.execPath, args, { cwd: ROOT }, (error, text) => resolve({ code: error ? Number(error.code) : 0, stdout: text }));
    });
    rmSync(out, { recursive: true, force: true });
    assert.equal(code, 0);
    const summary = JSON.parse(stdout) as {
      forfeits: { strategy: string; what: string; count: number }[];
      strategies: Record<string, { winRate: number }>;
    };
    const name = fixture('self-soldier.ts');
    const reasons = new Map(summary.forfeits.filter((row) => row.strategy === name).map((row) => [row.what, row.count]));
    assert.ok((reasons.get('card-not-held') ?? 0) > 0, JSON.stringify(summary.forfeits));
    assert.ok((reasons.get('self-target') ?? 0) > 0, JSON.stringify(summary.forfeits));
    assert.deepEqual([...reasons.keys()].sort(), ['card-not-held', 'self-target']);
    assert.ok(summary.strategies.counter.winRate > 0.9);
  });
});

// Strategy files as they travel to workers: packed with the files they import, unpacked into a
// cache by content hash, and loaded there as the same strategy.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinRegistry } from '../../../../src/app.ts';
import { ErrorCodes, ParlorError } from '../../../../src/core/errors.ts';
import { parseStrategySpec } from '../../../../src/core/strategy-spec.ts';
import { Rng } from '../../../../src/core/random.ts';
import {
  bundleId,
  defaultStrategyCache,
  INSTALL_KEY,
  packStrategy,
  StrategyCache,
  type PackedStrategy,
} from '../../../../src/runner/job/remote/bundles.ts';
import { resolveStrategy } from '../../../../src/runner/play/loading/strategies.ts';
import { scratchDir } from '../../../helpers/scratch.ts';

const scratch = scratchDir();

/** A strategy file in bots/ that imports a helper from a sibling folder and the strategy API from parlor. */
function writeStrategy(folder: string, pick: string): string {
  mkdirSync(join(folder, 'bots'), { recursive: true });
  mkdirSync(join(folder, 'lib'), { recursive: true });
  writeFileSync(join(folder, 'lib', 'pick.ts'), `export const pick = (legal: Int32Array, count: number): number => ${pick};\n`);
  writeFileSync(
    join(folder, 'bots', 'picky.ts'),
    [
      "import type { StrategyDefinition } from 'parlor/strategy';",
      "import { pick } from '../lib/pick.ts';",
      'const picky: StrategyDefinition = {',
      "  name: 'picky', game: 'love-letter', summary: 'picks', params: [],",
      '  create: () => ({ observes: false, restart() {}, inform() {}, choose: (_view, legal, count) => pick(legal, count) }),',
      '};',
      'export default picky;',
      '',
    ].join('\n'),
  );
  return join(folder, 'bots', 'picky.ts');
}

const fetchFrom = (packed: PackedStrategy) => async (hash: string) => packed.contents.get(hash) ?? null;

describe('strategy bundles', () => {
  test('carry the file and its local imports, placed as they were, and load in the cache as the same strategy', async () => {
    const packed = packStrategy(writeStrategy(join(scratch, 'source'), 'legal[count - 1]'));
    assert.equal(packed.bundle.entry, 'bots/picky.ts');
    assert.deepEqual(Object.keys(packed.bundle.files).sort(), ['bots/picky.ts', 'lib/pick.ts']);

    const cache = new StrategyCache(join(scratch, 'cache'));
    const entry = await cache.entryOf(packed.bundle, fetchFrom(packed));
    assert.equal(entry, join(scratch, 'cache', bundleId(packed.bundle), 'bots', 'picky.ts'));
    assert.equal(
      readFileSync(join(scratch, 'cache', bundleId(packed.bundle), 'lib', 'pick.ts'), 'utf8'),
      'export const pick = (legal: Int32Array, count: number): number => legal[count - 1];\n',
    );
    const loaded = await resolveStrategy(builtinRegistry(), 'love-letter', parseStrategySpec(entry));
    assert.equal(loaded.definition.name, 'picky');
    const strategy = loaded.definition.create({ seat: 0, players: 2, rules: {}, params: {} });
    // A confined file's seat hands its stream's state in and out: it needs a real one.
    assert.equal(strategy.choose(null as never, Int32Array.of(5, 6, 7), 3, new Rng()), 7);

    // Already there: nothing is fetched again.
    assert.equal(await cache.entryOf(packed.bundle, async () => assert.fail('fetched again')), entry);
  });

  test('a changed file is another bundle, in a folder of its own', async () => {
    const first = packStrategy(writeStrategy(join(scratch, 'v1'), 'legal[0]'));
    const second = packStrategy(writeStrategy(join(scratch, 'v2'), 'legal[1]'));
    assert.notEqual(bundleId(first.bundle), bundleId(second.bundle));
    assert.equal(first.bundle.files['bots/picky.ts'], second.bundle.files['bots/picky.ts']);
    const cache = new StrategyCache(join(scratch, 'versions'));
    assert.notEqual(await cache.entryOf(first.bundle, fetchFrom(first)), await cache.entryOf(second.bundle, fetchFrom(second)));
  });

  test('a trusted copy lies apart from the confined one, so a thread that trusts its path never gets the other', async () => {
    const packed = packStrategy(writeStrategy(join(scratch, 'trusted'), 'legal[0]'));
    const cache = new StrategyCache(join(scratch, 'both'));
    const trusted = await cache.entryOf(packed.bundle, fetchFrom(packed), true);
    assert.equal(trusted, join(scratch, 'both', 'trusted', bundleId(packed.bundle), 'bots', 'picky.ts'));
    assert.equal(await cache.entryOf(packed.bundle, fetchFrom(packed)), join(scratch, 'both', bundleId(packed.bundle), 'bots', 'picky.ts'));
  });

  test('content that does not match its hash, a missing file or a path outside the bundle is refused', async () => {
    const packed = packStrategy(writeStrategy(join(scratch, 'tampered'), 'legal[0]'));
    const cache = new StrategyCache(join(scratch, 'refusals'));
    const refusedWith = (pattern: RegExp) => (error: unknown) => error instanceof ParlorError && pattern.test(error.message);
    await assert.rejects(
      cache.entryOf(packed.bundle, async () => Buffer.from('export default 1;')),
      refusedWith(/does not match its hash/),
    );
    await assert.rejects(
      cache.entryOf(packed.bundle, async () => null),
      refusedWith(/is not on the queue's server/),
    );
    const escaping = { entry: '../../evil.ts', files: { '../../evil.ts': packed.bundle.files['bots/picky.ts'] } };
    await assert.rejects(
      cache.entryOf(escaping, fetchFrom(packed)),
      (error: unknown) => error instanceof ParlorError && error.code === ErrorCodes.BAD_OPTION && /outside itself/.test(error.message),
    );
  });

  test("each install caches apart: another install's link to parlor, even a dead one, is not this one's", async () => {
    const home = join(scratch, 'xdg');
    const shared = join(home, 'parlor', 'strategies');
    mkdirSync(join(shared, 'node_modules'), { recursive: true });
    symlinkSync(join(scratch, 'a-deleted-install'), join(shared, 'node_modules', 'parlor'), 'dir');
    const before = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = home;
    try {
      assert.equal(defaultStrategyCache(), join(shared, INSTALL_KEY));
      const packed = packStrategy(writeStrategy(join(scratch, 'installed'), 'legal[0]'));
      const entry = await new StrategyCache(defaultStrategyCache()).entryOf(packed.bundle, fetchFrom(packed));
      const loaded = await resolveStrategy(builtinRegistry(), 'love-letter', parseStrategySpec(entry));
      assert.equal(loaded.definition.name, 'picky');
    } finally {
      if (before === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = before;
    }
  });
});

// A confined strategy file's bundle holds source modules only: whatever else an import names (a
// results folder's job.json and its seed, /proc/self/environ, any file by a link) would reach the
// file as data at bundle time.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinRegistry } from '../../../../src/app.ts';
import { ErrorCodes, ParlorError } from '../../../../src/core/errors.ts';
import { Rng } from '../../../../src/core/random.ts';
import { parseStrategySpec } from '../../../../src/core/strategy-spec.ts';
import { resolveStrategy } from '../../../../src/runner/play/loading/strategies.ts';

const folder = mkdtempSync(join(tmpdir(), 'parlor-imports-'));
after(() => rmSync(folder, { recursive: true, force: true }));
const bot = join(folder, 'bot');
const elsewhere = join(folder, 'elsewhere');
mkdirSync(join(bot, 'lib'), { recursive: true });
mkdirSync(join(bot, 'data'), { recursive: true });
mkdirSync(elsewhere);
// A results folder beside the file, as an earlier or resumed run leaves it.
writeFileSync(join(bot, 'data', 'job.json'), '{ "seed": "0123456789abcdef" }\n');
writeFileSync(join(elsewhere, 'notes.txt'), 'not for strategies\n');
writeFileSync(join(elsewhere, 'helper.js'), 'export const secret = 42;\n');
writeFileSync(join(bot, 'lib', 'more.js'), 'export const more = (n) => n + 1;\n');
writeFileSync(
  join(bot, 'lib', 'util.ts'),
  [
    "import { Forfeit } from 'parlor/strategy/love-letter';",
    "import { more } from './more.js';",
    "import { twice } from '../shared.mts';",
    'export const pick = (legal: Int32Array): number => legal[more(twice(Forfeit.TIMEOUT)) - 7];',
    '',
  ].join('\n'),
);
writeFileSync(join(bot, 'shared.mts'), 'export const twice = (n: number): number => n * 2;\n');
writeFileSync(join(bot, 'lib', 'reads.ts'), "import job from '../data/job.json';\nexport const seed: string = job.seed;\n");
symlinkSync(join(elsewhere, 'notes.txt'), join(bot, 'notes.js'));
symlinkSync(join(elsewhere, 'helper.js'), join(bot, 'helper.js'));
symlinkSync(join(bot, 'lib', 'util.ts'), join(bot, 'alias.ts'));
symlinkSync(join(elsewhere, 'notes.txt'), join(bot, 'linked-entry.js'));

let files = 0;
/** A strategy file in the bot's folder: `head` first, then a strategy that plays `choice` of (legal). */
function strategyFile(head: string, choice = 'legal[0]'): string {
  const path = join(bot, `strategy-${++files}.ts`);
  writeFileSync(
    path,
    [
      head,
      'export default {',
      "  name: 'imports', game: 'love-letter', summary: 'imports', params: [],",
      `  create: () => ({ observes: false, restart() {}, inform() {}, choose: (_view: unknown, legal: Int32Array) => ${choice} }),`,
      '};',
      '',
    ].join('\n'),
  );
  return path;
}

const load = (path: string) => resolveStrategy(builtinRegistry(), 'love-letter', parseStrategySpec(path));

async function refused(path: string, message: RegExp): Promise<void> {
  await assert.rejects(load(path), (error: unknown) => {
    assert.ok(error instanceof ParlorError);
    assert.equal(error.code, ErrorCodes.BAD_STRATEGY_MODULE);
    assert.ok(error.message.startsWith(`strategy module ${path}: `), error.message);
    assert.match(error.message, message);
    assert.doesNotMatch(error.message, /\n/);
    return true;
  });
}

const RULE = /a strategy file may import only parlor\/strategy\/<game> and, by relative path, JavaScript or TypeScript files/;

describe("a confined strategy file's imports", () => {
  test('local TypeScript and JavaScript modules load, through other folders of its own and a link to one', async () => {
    const path = strategyFile(
      "import { pick } from './lib/util.ts';\nimport { pick as same } from './alias.ts';",
      'pick(legal) + same(legal) * 0',
    );
    const { definition } = await load(path);
    const strategy = definition.create({ seat: 0, players: 2, rules: {}, params: {} });
    assert.equal(strategy.choose(null as never, Int32Array.of(5, 6), 2, new Rng()), 5);
  });

  test('a data file by relative path is refused, in its own folder too', async () => {
    await refused(
      strategyFile("import job from './data/job.json';\nconsole.log(job);"),
      /: imports '\.\/data\/job\.json' \(\S*job\.json\): not a JavaScript or TypeScript file; /,
    );
    await refused(
      strategyFile("import { seed } from './lib/reads.ts';\nconsole.log(seed);"),
      /: lib\/reads\.ts imports '\.\.\/data\/job\.json' /,
    );
  });

  test('import attributes are refused, whatever they name', async () => {
    await refused(
      strategyFile("import env from '/proc/self/environ' with { type: 'text' };\nconsole.log(env);"),
      /: imports '\/proc\/self\/environ' with \{ type: 'text' \}: import attributes load a file as data; /,
    );
    await refused(
      strategyFile("import host from '/etc/hostname' with { type: 'bytes' };\nconsole.log(host);"),
      /: imports '\/etc\/hostname' with \{ type: 'bytes' \}: /,
    );
    await refused(
      strategyFile("import own from './lib/more.js' with { type: 'text' };\nconsole.log(own);"),
      /: imports '\.\/lib\/more\.js' with \{ type: 'text' \}: /,
    );
  });

  test('an absolute path is refused, even to a module of its own', async () => {
    const absolute = join(bot, 'lib', 'more.js');
    await refused(strategyFile(`import { more } from ${JSON.stringify(absolute)};\nconsole.log(more);`), RULE);
  });

  test('a link is judged by the file it leads to, and code loads from a folder beside its own', async () => {
    await refused(
      strategyFile("import notes from './notes.js';\nconsole.log(notes);"),
      /: imports '\.\/notes\.js' \(\S*elsewhere\/notes\.txt\): not a JavaScript or TypeScript file; /,
    );
    await refused(join(bot, 'linked-entry.js'), /: \S*elsewhere\/notes\.txt: not a JavaScript or TypeScript file$/);
    for (const helper of ['./helper.js', '../elsewhere/helper.js']) {
      const { definition } = await load(strategyFile(`import { secret } from '${helper}';`, 'legal[secret === 42 ? 0 : 1]'));
      const strategy = definition.create({ seat: 0, players: 2, rules: {}, params: {} });
      assert.equal(strategy.choose(null as never, Int32Array.of(5, 6), 2, new Rng()), 5, helper);
    }
  });

  test('a name its module does not export: where, which name and which module, not a syntax error', async () => {
    // A Dominion helper taken from Love Letter's API, the commonest slip.
    await refused(
      strategyFile("import { actionOf } from 'parlor/strategy';\nconsole.log(actionOf);"),
      /: line 1, column 10: imports 'actionOf' from parlor\/strategy, which does not export it \(each game's .* are in parlor\/strategy\/<game>\)$/,
    );
    await refused(
      strategyFile("import { nothing } from './lib/more.js';\nconsole.log(nothing);"),
      /: line 1, column 10: imports 'nothing' from \S*lib\/more\.js, which does not export it$/,
    );
  });

  test("a game's API under a name no game has is refused with the names there are", async () => {
    await refused(
      strategyFile("import { Card } from 'parlor/strategy/heart';\nconsole.log(Card);"),
      /: imports 'parlor\/strategy\/heart' \(did you mean parlor\/strategy\/hearts\? the games' APIs: parlor\/strategy\/love-letter, .*parlor\/strategy\/speedclue\): a strategy file may import only/,
    );
  });

  test('an import by pattern reaches no data file', async () => {
    await refused(
      strategyFile("const name = 'job';\nconst job = import(`./data/${name}.json`);\nconsole.log(job);"),
      /: an import reaches \S*data\/job\.json: not a JavaScript or TypeScript file; /,
    );
  });
});

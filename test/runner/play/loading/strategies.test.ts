import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCodes, ParlorError } from '../../../../src/core/errors.ts';
import { parseStrategySpec } from '../../../../src/core/strategy-spec.ts';
import { resolveStrategy } from '../../../../src/runner/play/loading/strategies.ts';
import { builtinRegistry } from '../../../../src/app.ts';
import { scratchDir } from '../../../helpers/scratch.ts';
import { PROMPT_MS } from '../../../helpers/patience.ts';
import { declaredParamsFault } from '../../../../src/runner/play/loading/declared-params.ts';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const fixture = (name: string) => `test/fixtures/strategies/${name}`;
const resolveText = (text: string, game = 'love-letter') => resolveStrategy(builtinRegistry(), game, parseStrategySpec(text));

async function rejectsWith(text: string, code: string, message: RegExp, game?: string): Promise<void> {
  await assert.rejects(resolveText(text, game), (error: unknown) => {
    assert.ok(error instanceof ParlorError);
    assert.equal(error.code, code);
    assert.match(error.message, message);
    assert.doesNotMatch(error.message, /\n/);
    return true;
  });
}

function runParlor(args: readonly string[], input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['bin/parlor.js', ...args], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
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

  test('an unknown name: the error names the files a strategy may be given as, .json only where the game reads it', async () => {
    await rejectsWith('no-such-strategy', ErrorCodes.UNKNOWN_STRATEGY, /a path to a \.ts\/\.js file\)$/);
    await rejectsWith(
      'no-such-strategy',
      ErrorCodes.UNKNOWN_STRATEGY,
      /a path to a \.ts\/\.js file or a \.json strategy file\)$/,
      'dominion',
    );
  });

  test('a missing file', async () => {
    await rejectsWith(fixture('nowhere.ts'), ErrorCodes.UNREADABLE_FILE, /nowhere\.ts.*no such file/);
  });

  test('a module that exports no strategy', async () => {
    await rejectsWith(fixture('no-export.ts'), ErrorCodes.BAD_STRATEGY_MODULE, /no-export\.ts: exports no strategy/);
  });

  test('a module that does not parse: where and why', async () => {
    await rejectsWith(
      fixture('broken.js'),
      ErrorCodes.BAD_STRATEGY_MODULE,
      /broken\.js: syntax error at line 5, column 2: Expected "}" but found ";"/,
    );
  });

  test('a strategy for another game: the option that plays it', async () => {
    await rejectsWith(
      fixture('other-game.ts'),
      ErrorCodes.BAD_STRATEGY_MODULE,
      /other-game\.ts: plays 'hearts', not 'love-letter'; give --game hearts to play it$/,
    );
    // A Dominion list loaded without --game is sent to Dominion, not told that JSON is refused.
    await rejectsWith(
      'strategies/examples/remodel-bm.json',
      ErrorCodes.BAD_STRATEGY_MODULE,
      /remodel-bm\.json: plays 'dominion', not 'hearts'; give --game dominion to play it$/,
      'hearts',
    );
    const folder = scratchDir('misnamed-game');
    const misnamed = join(folder, 'misnamed.ts');
    writeFileSync(misnamed, readFileSync(join(ROOT, fixture('other-game.ts')), 'utf8').replace("game: 'hearts'", "game: 'love_letter'"));
    await rejectsWith(
      misnamed,
      ErrorCodes.BAD_STRATEGY_MODULE,
      /plays 'love_letter', which is no game \(games: love-letter, hearts, dominion, speedclue\)$/,
    );
  });

  test('a module whose parameters are declared wrongly: which and why, on one line', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'parlor-params-'));
    after(() => rmSync(folder, { recursive: true, force: true }));
    const cases: [string, RegExp][] = [
      ['5', /declares its parameters wrongly: params must be array$/],
      ['[null]', /params\[0\] must be object$/],
      [`[{ name: '__proto__', type: 'string', default: 'x' }]`, /params\[0\]\.name must match pattern/],
      [`[{ name: 'depth', type: 'integer', default: 1.5 }]`, /params\[0\]\.default must be integer$/],
      [`[{ name: 'depth', type: 'integer', default: 1 }, { name: 'depth', type: 'number', default: 2 }]`, /params declare 'depth' twice$/],
    ];
    for (const [index, [params, message]] of cases.entries()) {
      const file = join(folder, `params-${index}.js`);
      writeFileSync(
        file,
        `export default { name: 'p', game: 'love-letter', summary: 's', params: ${params}, create: () => ({ choose: (_v, legal) => legal[0] }) };\n`,
      );
      await rejectsWith(file, ErrorCodes.BAD_STRATEGY_MODULE, message);
    }
  });

  test('a module declaring a great many parameters is checked in time that grows with their number, not its square', async () => {
    // The check runs in the command's own thread before any game, where no move limit ends it: a
    // million names, each looked for in the list of them all, kept the command waiting for minutes.
    const { params } = (await import(join(ROOT, fixture('declares-many-params.js')))).default as { params: unknown };
    const started = performance.now();
    assert.equal(declaredParamsFault(params), "params declare 'p0' twice");
    assert.ok(performance.now() - started < PROMPT_MS, `${Math.round(performance.now() - started)} ms`);
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

  describe('from a user folder outside any ES module package', () => {
    // A bot folder as users keep it: parlor installed beside it, and either no package.json or a
    // CommonJS one, so Node alone would read its TypeScript as CommonJS.
    const folder = mkdtempSync(join(tmpdir(), 'parlor-bots-'));
    after(() => rmSync(folder, { recursive: true, force: true }));
    const kinds = { plain: null, commonjs: '{ "type": "commonjs" }' };
    for (const [kind, packageJson] of Object.entries(kinds)) {
      mkdirSync(join(folder, kind, 'node_modules'), { recursive: true });
      symlinkSync(ROOT, join(folder, kind, 'node_modules', 'parlor'), 'dir');
      if (packageJson) writeFileSync(join(folder, kind, 'package.json'), packageJson);
      writeFileSync(
        join(folder, kind, 'imports-parlor.ts'),
        [
          "import { Forfeit, type StrategyDefinition } from 'parlor/strategy';",
          'const bot: StrategyDefinition = {',
          "  name: 'imports-parlor', game: 'love-letter', summary: `knows timeout is ${Forfeit.TIMEOUT}`, params: [],",
          '  create: () => ({ observes: false, restart() {}, inform() {}, choose: (_view, legal: Int32Array) => legal[0] }),',
          '};',
          'export default bot;',
        ].join('\n'),
      );
      writeFileSync(
        join(folder, kind, 'named.ts'),
        [
          "const params: { name: string; type: 'integer'; default: number; help: string }[] = [{ name: 'n', type: 'integer', default: 1, help: 'n' }];",
          "export const strategy = { name: 'named', game: 'love-letter', summary: 'named', params,",
          '  create: () => ({ observes: false, restart() {}, inform() {}, choose: (_view: unknown, legal: Int32Array): number => legal[0] }) };',
        ].join('\n'),
      );
      writeFileSync(join(folder, kind, 'typo.ts'), "export default { name: 'typo', game: 'love-letter' summary: 'x' };\n");
      // Names their modules lack, used only once a game asks for a move: Dominion's action helper
      // taken from Love Letter's API, and a helper of its own that another of its modules lacks.
      const choosing = (choice: string) =>
        `export default { name: 'lacks', game: 'love-letter', summary: 'lacks', params: [], create: () => ({ observes: false, restart() {}, inform() {}, choose: (_view: unknown, legal: Int32Array) => ${choice} }) };`;
      writeFileSync(
        join(folder, kind, 'lacks-api.ts'),
        ["import { actionOf } from 'parlor/strategy';", choosing('actionOf(legal[0], 0)')].join('\n'),
      );
      mkdirSync(join(folder, kind, 'lib'));
      writeFileSync(
        join(folder, kind, 'lib', 'pick.ts'),
        "import { first } from './first.ts';\nexport const pick = (legal: Int32Array) => first(legal);\n",
      );
      writeFileSync(join(folder, kind, 'lib', 'first.ts'), 'export const firstOf = (legal: Int32Array) => legal[0];\n');
      writeFileSync(join(folder, kind, 'lacks-own.ts'), ["import { pick } from './lib/pick.ts';", choosing('pick(legal)')].join('\n'));

      test(`${kind}: default and named exports, with imports from parlor`, async () => {
        const imported = await resolveText(join(folder, kind, 'imports-parlor.ts'));
        assert.equal(imported.definition.summary, 'knows timeout is 3');
        assert.equal(imported.definition.trusted, false);
        const named = await resolveText(`${join(folder, kind, 'named.ts')}:n=4`);
        assert.equal(named.definition.name, 'named');
        assert.deepEqual(named.params, { n: 4 });
      });

      test(`${kind}: a syntax error says where`, async () => {
        await rejectsWith(
          join(folder, kind, 'typo.ts'),
          ErrorCodes.BAD_STRATEGY_MODULE,
          /typo\.ts: syntax error at line 1, column 52: Expected "}" but found "summary"$/,
        );
      });
    }

    test('a trusted file that imports a name its module lacks is refused at load, as a confined one is, before any game', async () => {
      const refusals = {
        'lacks-api.ts':
          /line 1, column 10: imports 'actionOf' from parlor\/strategy, which does not export it \(each game's .* are in parlor\/strategy\/<game>\)$/,
        'lacks-own.ts': /: lib\/pick\.ts, line 1, column 10: imports 'first' from lib\/first\.ts, which does not export it$/,
      };
      for (const kind of Object.keys(kinds)) {
        for (const [name, refusal] of Object.entries(refusals)) {
          const file = join(folder, kind, name);
          for (const trust of [['--trust', file], []]) {
            const out = join(folder, `run-${kind}-${name}-${trust.length}`);
            const run = await runParlor([
              'sim',
              '-p',
              '2',
              '--strategies',
              `${file},random`,
              '--games',
              '4',
              '-w',
              '1',
              '-q',
              '-o',
              out,
              ...trust,
            ]);
            const said = `${kind}/${name}${trust.length > 0 ? ', trusted' : ''}: ${run.stderr}`;
            assert.equal(run.code, 3, said);
            const lines = run.stderr.trimEnd().split('\n');
            assert.equal(lines.length, 1, said);
            assert.ok(lines[0].startsWith(`parlor: strategy module ${file}: `), said);
            assert.match(lines[0], refusal, said);
            assert.equal(existsSync(out), false, `${said}: no results folder, so no game was played`);
          }
        }
      }
    });

    test('plays on worker threads, and as a bot, whatever the folder', async () => {
      const out = join(folder, 'run');
      const strategies = `${join(folder, 'plain', 'imports-parlor.ts')},${join(folder, 'commonjs', 'named.ts')}`;
      const sim = await runParlor(['sim', '-p', '2', '--strategies', strategies, '--games', '40', '-w', '2', '-q', '--json', '-o', out]);
      assert.equal(sim.code, 0, sim.stderr);
      assert.equal((JSON.parse(sim.stdout) as { games: number }).games, 40);
      const bot = await runParlor(
        ['bot', join(folder, 'commonjs', 'imports-parlor.ts'), '--players', '2'],
        '2\ndraw knight\nplayer 1\nplayed 1 priestess\nplayer 2\ndraw general\n',
      );
      assert.equal(bot.code, 0, bot.stderr);
      assert.match(bot.stdout, /^play (knight|general) 1\n$/);
    });
  });
});

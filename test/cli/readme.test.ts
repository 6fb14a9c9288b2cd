import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Commands } from '../../src/cli/commands.ts';
import { Options, type OptionDef } from '../../src/cli/options.ts';
import { buildProgram } from '../../src/cli/program.ts';
import { commandTables, readmeText, withCommandTables } from '../../src/cli/readme.ts';
import { BUILTIN_REGISTRY_MODULE, builtinRegistry } from '../../src/app.ts';

describe("the README's command and option tables", () => {
  test('list every command and every option a command takes', () => {
    const tables = commandTables();
    for (const command of Commands) {
      assert.ok(tables.includes(`\`parlor ${command.name}`), command.name);
      for (const name of command.options) assert.ok(tables.includes(`\`${Options[name].flags}\``), `${command.name} ${name}`);
    }
  });

  test('are in sync with the option and command tables (else run `npm run readme`)', () => {
    const readme = readmeText();
    assert.equal(withCommandTables(readme), readme);
  });
});

describe('--help', () => {
  const program = buildProgram(
    {
      registry: builtinRegistry(),
      registryModule: BUILTIN_REGISTRY_MODULE,
      resultHooks: [],
      print: () => {},
      progress: () => {},
      warn: () => {},
    },
    () => {},
  );
  /** Each option's text in a command's help, by its long flag. */
  const helpOf = (name: string): Map<string, string> => {
    const command = program.commands.find((candidate) => candidate.name() === name)!;
    const help = command.createHelp();
    return new Map(command.options.map((option) => [option.long!, help.optionDescription(option)]));
  };

  test("states every default the README's option table states", () => {
    for (const command of Commands) {
      const help = helpOf(command.name);
      for (const name of command.options) {
        const option = Options[name] as OptionDef;
        const long = /--[\w-]+/.exec(option.flags)![0];
        const text = help.get(long)!;
        if (option.defaultDescription === undefined && option.defaultValue === undefined) {
          assert.doesNotMatch(text, /\(default: /, `${command.name} ${long}`);
          continue;
        }
        assert.match(text, /\(default: /, `${command.name} ${long}: ${text}`);
        // A default the registry picks shows as its value; every other as the README words it.
        if (option.defaultFrom === undefined && option.defaultDescription !== undefined)
          assert.ok(text.includes(option.defaultDescription), `${command.name} ${long}: ${text}`);
      }
    }
  });

  test("gives the defaults of sim's, compare's, tune's and bot's --players, and none for replay's --seed", () => {
    assert.match(helpOf('sim').get('--players')!, /\(default: one per strategy given/);
    assert.match(helpOf('sim').get('--design')!, /\(default: duplicate for compare and sim --until-clear/);
    assert.match(helpOf('sim').get('--out')!, /\(default: results\/<date>-<time>-<name>\)/);
    assert.match(helpOf('tournament').get('--players')!, /\(default: as many as the field/);
    for (const command of ['compare', 'tune']) {
      assert.match(helpOf(command).get('--players')!, /\(default: one more than --opponents lists/);
      assert.match(helpOf(command).get('--preset')!, /\(default: gainer/);
    }
    assert.match(helpOf('compare').get('--opponents')!, /\(default: the baseline\)/);
    // tune has no baseline: the opponents are the strategy as it starts.
    assert.match(helpOf('tune').get('--opponents')!, /\(default: the strategy at its starting values\)/);
    assert.match(helpOf('bot').get('--players')!, /\(default: 4, Love Letter's largest table/);
    // Without --job, replay needs the seed the run printed: a fresh one would replay another game.
    const seed = helpOf('replay').get('--seed')!;
    assert.doesNotMatch(seed, /default|fresh/);
    assert.match(seed, /required without --job/);
  });
});

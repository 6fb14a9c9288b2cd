import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Commands } from '../../src/cli/commands.ts';
import { Options } from '../../src/cli/options.ts';
import { commandTables, readmeText, withCommandTables } from '../../src/cli/readme.ts';

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

import { Command, InvalidArgumentError, Option } from 'commander';
import { isParlorError } from '../core/errors.ts';
import type { CommandContext } from './command.ts';
import { Commands } from './commands.ts';
import { Options, type OptionDef } from './options.ts';
import { version } from './version.ts';

function toCommanderOption(definition: OptionDef): Option {
  const option = new Option(definition.flags, definition.description);
  if (definition.defaultValue !== undefined) option.default(definition.defaultValue, definition.defaultDescription);
  const parse = definition.parse;
  if (parse) {
    option.argParser((text: string, previous: unknown) => {
      try {
        return parse(text, previous);
      } catch (error) {
        // Commander then names the option in its message and exits through our override.
        if (isParlorError(error)) throw new InvalidArgumentError(error.message);
        throw error;
      }
    });
  }
  return option;
}

/** The commander program, built from the command and option tables. */
export function buildProgram(context: CommandContext, setExitCode: (code: number) => void): Command {
  const program = new Command('parlor')
    .description('Simulation and strategy-analysis workbench for card-game bots')
    .version(version, '-V, --version')
    .exitOverride();
  for (const definition of Commands) {
    const command = program.command(definition.name).summary(definition.summary).description(definition.summary).exitOverride();
    if (definition.arguments) command.arguments(definition.arguments);
    for (const name of definition.options) command.addOption(toCommanderOption(Options[name]));
    command.action(async (...received: unknown[]) => {
      const commandObject = received[received.length - 1] as Command;
      const args = received.slice(0, -2).map(String);
      const options = commandObject.opts();
      // Which options the user typed, as opposed to defaults: a resumed run checks those against its job.
      const given = new Set(Object.keys(options).filter((key) => commandObject.getOptionValueSource(key) === 'cli'));
      setExitCode(await definition.run(context, options, args, given));
    });
  }
  return program;
}

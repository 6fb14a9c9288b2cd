import { Command, Help, Option } from 'commander';
import type { CommandContext } from './command.ts';
import { Commands } from './commands.ts';
import { Options, type OptionDef } from './options.ts';
import { version } from '../runner/job/version.ts';
import { trustStrategyFiles } from '../runner/play/loading/trust.ts';
import { nonEmpty } from './parse.ts';

/**
 * Defaults that no value stands for (the command works them out as it runs), as help shows them:
 * commander shows only a default it holds a value for.
 */
const describedDefaults = new WeakMap<Option, string>();

/** Help's text for an option, with a default described in words where commander would show none. */
function optionDescription(this: Help, option: Option): string {
  const described = describedDefaults.get(option);
  // The described default says what a preset does too ("off; 0.95 when given without a value").
  return described === undefined ? Help.prototype.optionDescription.call(this, option) : `${option.description} (default: ${described})`;
}

function toCommanderOption(definition: OptionDef, context: CommandContext): Option {
  const option = new Option(definition.flags, definition.description);
  const defaultValue = definition.defaultFrom
    ? definition.defaultFrom(context.registry)
    : definition.fresh
      ? definition.fresh()
      : definition.defaultValue;
  // Help shows a default the registry chose as it stands; the README, written without one, describes it.
  if (defaultValue !== undefined) option.default(defaultValue, definition.defaultFrom ? undefined : definition.defaultDescription);
  else if (definition.defaultDescription !== undefined) describedDefaults.set(option, definition.defaultDescription);
  // A parser's ParlorError already names the option; commander lets it through to run(), which
  // prints it as one line like every other error.
  if (definition.parse) option.argParser(definition.parse);
  else if (option.required) option.argParser(nonEmpty(option.long!, /<[^>]+>/.exec(definition.flags)![0]));
  if (definition.mandatory) option.makeOptionMandatory();
  if (definition.preset !== undefined) option.preset(definition.preset);
  return option;
}

/**
 * Commander's complaint as one line: it puts its suggestion for a near miss on a line of its own
 * ("(Did you mean --games?)"), which is joined to the complaint as parlor's own hints read.
 */
function oneLine(text: string): string {
  const complaint = text
    .replace(/^error: /, '')
    .trimEnd()
    .replace(/\n\(Did you mean /, ' (did you mean ')
    .replace(/\s*\n\s*/g, ' ');
  return `parlor: ${complaint}\n`;
}

/**
 * An unknown option that another command takes, answered with this command's own name for it:
 * commander would suggest the nearest spelling, which may be another option altogether.
 */
function withHint(text: string, hints: Readonly<Record<string, string>> = {}): string {
  const unknown = /^error: unknown option '([^']+)'/.exec(text)?.[1];
  const hint = unknown === undefined ? undefined : hints[unknown];
  return hint === undefined ? text : `error: unknown option '${unknown}' (did you mean ${hint}?)`;
}

/** The commander program, built from the command and option tables. */
export function buildProgram(context: CommandContext, setExitCode: (code: number) => void): Command {
  const program = new Command('parlor')
    .description('Simulation and strategy-analysis workbench for card-game bots')
    .version(version, '-V, --version')
    .exitOverride()
    // Commander's own complaints (unknown options, missing values) in parlor's one-line form.
    .configureOutput({ outputError: (text, write) => write(oneLine(text)) });
  for (const definition of Commands) {
    const command = program
      .command(definition.name)
      .summary(definition.summary)
      .description(definition.summary)
      .exitOverride()
      .configureHelp({ optionDescription })
      .configureOutput({ outputError: (text, write) => write(oneLine(withHint(text, definition.optionHints))) });
    if (definition.arguments) command.arguments(definition.arguments);
    for (const name of definition.options) command.addOption(toCommanderOption(Options[name], context));
    command.action(async (...received: unknown[]) => {
      const commandObject = received[received.length - 1] as Command;
      // An optional argument not given comes as undefined, never as the text 'undefined'.
      const args = received
        .slice(0, -2)
        .filter((value) => value !== undefined)
        .map(String);
      const options = commandObject.opts();
      // Before any strategy file loads, in this thread or in the threads the run starts.
      if (Array.isArray(options.trust)) trustStrategyFiles(options.trust as string[]);
      // Which options the user typed, as opposed to defaults: a resumed run checks those against its job.
      const given = new Set(Object.keys(options).filter((key) => commandObject.getOptionValueSource(key) === 'cli'));
      setExitCode(await definition.run(context, options, args, given));
    });
  }
  return program;
}

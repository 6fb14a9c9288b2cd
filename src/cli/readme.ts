import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Commands } from './commands.ts';
import { Options, type OptionDef, type OptionName } from './options.ts';

/**
 * The README's command and option tables, generated from the same tables as the commander
 * program, between two markers. `npm run readme` rewrites them; a test fails when they are stale.
 */
export const BEGIN = '<!-- commands:begin (generated from src/cli/commands.ts and options.ts: npm run readme) -->';
export const END = '<!-- commands:end -->';

const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** Table cell text: pipes would end the cell, and `<word>` would read as an HTML tag. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function code(text: string): string {
  return `\`${text.replace(/\|/g, '\\|')}\``;
}

function defaultText(option: OptionDef): string {
  if (option.defaultDescription !== undefined) return cell(option.defaultDescription);
  if (option.defaultValue === undefined) return '';
  return code(String(option.defaultValue));
}

export function commandTables(): string {
  const lines = ['| command | what it does |', '| --- | --- |'];
  for (const command of Commands) {
    lines.push(`| ${code(`parlor ${command.name}${command.arguments ? ` ${command.arguments}` : ''}`)} | ${cell(command.summary)} |`);
  }
  const used = new Map<OptionName, string[]>();
  for (const command of Commands) for (const name of command.options) used.set(name, [...(used.get(name) ?? []), command.name]);
  lines.push('', '| option | meaning | default | commands |', '| --- | --- | --- | --- |');
  for (const [name, commands] of used) {
    const option: OptionDef = Options[name];
    lines.push(`| ${code(option.flags)} | ${cell(option.description)} | ${defaultText(option)} | ${commands.join(', ')} |`);
  }
  return lines.join('\n');
}

/** The README with the generated part replaced (the markers must be there already). */
export function withCommandTables(readme: string): string {
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`README.md needs the lines ${BEGIN} and ${END}`);
  return `${readme.slice(0, begin + BEGIN.length)}\n${commandTables()}\n${readme.slice(end)}`;
}

export function readmeText(): string {
  return readFileSync(README, 'utf8');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(README, withCommandTables(readmeText()));
}

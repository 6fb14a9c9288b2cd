import type { RuleOption } from '../../core/game.ts';
import type { CommandContext } from '../command.ts';

function ruleValues(option: RuleOption): string {
  if (option.values === 'integer') return 'an integer';
  if (option.values === 'boolean') return 'true|false';
  return option.values.join('|');
}

/** `parlor games`: each game with its player counts and rule options. */
export function runGames(context: CommandContext, options: { json?: boolean }): number {
  const games = context.registry.gameIds().map((id) => context.registry.game(id));
  if (options.json) {
    const rows = games.map((game) => ({
      id: game.id,
      title: game.title,
      minPlayers: game.minPlayers,
      maxPlayers: game.maxPlayers,
      rules: game.ruleOptions,
    }));
    context.print(JSON.stringify(rows, null, 2));
    return 0;
  }
  const lines: string[] = [];
  for (const game of games) {
    lines.push(`${game.id}  ${game.title}, ${game.minPlayers} to ${game.maxPlayers} players`);
    lines.push('  rules (--rules key=value,...):');
    for (const option of game.ruleOptions) {
      lines.push(`    ${option.name}=${ruleValues(option)} (default ${String(option.default)})`);
      lines.push(`      ${option.help}`);
    }
  }
  context.print(lines.join('\n'));
  return 0;
}

/** `parlor strategies`: the built-in strategies of one game, or of every game under its name, one line each, with their parameters. */
export function runStrategies(context: CommandContext, options: { game?: string; json?: boolean }): number {
  const registry = context.registry;
  const games = options.game === undefined ? registry.gameIds() : [registry.game(options.game).id];
  if (options.json) {
    const rows = games.flatMap((game) =>
      registry.strategiesOf(game).map((d) => ({ name: d.name, game: d.game, summary: d.summary, params: d.params })),
    );
    context.print(JSON.stringify(rows, null, 2));
    return 0;
  }
  const one = games.length === 1;
  const lines = games.flatMap((game, index) => [
    ...(one ? [] : [...(index > 0 ? [''] : []), `${game}:`]),
    ...strategyLines(context, game, one ? '' : '  '),
  ]);
  const dataGames = games.filter((game) => registry.strategyReader(game));
  const which = dataGames.length === games.length ? '' : `(for ${dataGames.join(', ')}) `;
  const asData = dataGames.length > 0 ? `, or ${which}of a .json file written as data (strategies/README.md)` : '';
  lines.push('', `A strategy of your own: give the path of a .ts or .js module that exports its definition${asData}.`);
  context.print(lines.join('\n'));
  return 0;
}

function strategyLines(context: CommandContext, game: string, indent: string): string[] {
  const definitions = context.registry.strategiesOf(game);
  const width = Math.max(...definitions.map((d) => d.name.length));
  return definitions.flatMap((definition) => [
    `${indent}${definition.name.padEnd(width)}  ${definition.summary}`,
    ...definition.params.map(
      (param) =>
        `${indent}${' '.repeat(width)}    ${definition.name}:${param.name}=<${param.type}> (default ${String(param.default)}): ${param.help}`,
    ),
  ]);
}

import { availableParallelism } from 'node:os';
import { splitStrategyList } from '../core/strategy-spec.ts';
import { collect, integerIn, keyValuePairs } from './parse.ts';

/**
 * Every option of every command, declared once. The commander program, `--help` and the README's
 * option table are all generated from this list, so they cannot drift apart.
 */
export interface OptionDef {
  readonly flags: string;
  readonly description: string;
  readonly defaultValue?: unknown;
  /** How the default reads in help, when the value itself would not say it well. */
  readonly defaultDescription?: string;
  readonly parse?: (text: string, previous: any) => unknown;
}

const MAX_GAMES = 1e12;

export const Options = {
  game: { flags: '--game <id>', description: 'game to play', defaultValue: 'love-letter' },
  players: { flags: '-p, --players <n>', description: 'players at the table (2 to 4 for Love Letter)', parse: integerIn('--players', 1, 16) },
  strategies: {
    flags: '-s, --strategies <list>',
    description: 'comma-separated strategy per seat; name, name:key=value,... or a file path',
    parse: (text: string) => splitStrategyList(text),
  },
  seat: { flags: '--seat <spec>', description: 'strategy for the next seat (repeatable; instead of --strategies)', parse: collect },
  games: { flags: '-n, --games <n>', description: 'games to play', defaultValue: 10000, parse: integerIn('--games', 1, MAX_GAMES) },
  seed: { flags: '--seed <text>', description: 'master seed; the same seed replays the same games', defaultValue: 'parlor' },
  workers: {
    flags: '-w, --workers <n>',
    description: 'worker threads',
    defaultValue: availableParallelism(),
    defaultDescription: 'the number of cores',
    parse: integerIn('--workers', 1, 256),
  },
  rules: { flags: '--rules <key=value,...>', description: 'rule options (see `parlor games`)', parse: keyValuePairs('--rules') },
  json: { flags: '--json', description: 'print the summary as JSON on stdout' },
  quiet: { flags: '-q, --quiet', description: 'no progress on stderr' },
} as const satisfies Record<string, OptionDef>;

export type OptionName = keyof typeof Options;

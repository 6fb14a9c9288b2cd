import type { CommandContext } from './command.ts';
import type { BotOptions } from './commands/bot.ts';
import { runChart } from './commands/chart.ts';
import { runCompare, type CompareOptions } from './commands/compare.ts';
import { runGames, runStrategies } from './commands/listings.ts';
import { runReplay, type ReplayOptions } from './commands/replay.ts';
import { runSim, type SimOptions } from './commands/sim.ts';
import { runTournament, type TournamentOptions } from './commands/tournament.ts';
import type { OptionName } from './options.ts';

/** A command as data: the program, its help and the README are built from this list. */
export interface CommandDef {
  readonly name: string;
  readonly summary: string;
  readonly arguments?: string;
  readonly options: readonly OptionName[];
  /** Resolves to the process exit code. `given` names the options typed on the command line (not defaulted). */
  run(context: CommandContext, options: any, args: string[], given: ReadonlySet<string>): Promise<number>;
}

/** What a match-up is made of, for the commands that play one or many. */
const MATCHUP_OPTIONS: readonly OptionName[] = ['game', 'players', 'strategies', 'games', 'seed', 'design', 'rules'];
/** How a run goes and where its results land. */
const RUN_OPTIONS: readonly OptionName[] = ['workers', 'batch', 'out', 'name', 'force', 'resume', 'moveTimeout', 'transcripts', 'json', 'quiet'];

export const Commands: readonly CommandDef[] = [
  {
    name: 'sim',
    summary: 'play one match-up many times and report win rates with 95% intervals',
    options: [...MATCHUP_OPTIONS, 'seat', ...RUN_OPTIONS],
    run: (context, options: SimOptions, _args, given) => runSim(context, options, given),
  },
  {
    name: 'tournament',
    summary: 'play every table of the given size from a field of strategies, in every seating (or rotated)',
    options: [...MATCHUP_OPTIONS, 'seatings', ...RUN_OPTIONS],
    run: (context, options: TournamentOptions, _args, given) => runTournament(context, options, given),
  },
  {
    name: 'compare',
    summary: 'test a changed strategy against its baseline on the same deals until a sequential test decides (exit 0 pass, 1 fail, 2 undecided)',
    options: ['candidate', 'baseline', 'opponents', 'game', 'players', 'sprt', 'sprtElo', 'preset', 'maxGames', 'lookGames', 'seed', 'design', 'unpaired', 'rules', 'workers', 'out', 'name', 'force', 'json', 'quiet'],
    run: (context, options: CompareOptions) => runCompare(context, options),
  },
  {
    name: 'replay',
    summary: 'print one game again as the full message log in protocol syntax',
    options: ['gameIndex', 'job', 'players', 'strategies', 'seat', 'seed', 'design', 'rules', 'json'],
    run: (context, options: ReplayOptions, _args, given) => runReplay(context, options, given),
  },
  {
    name: 'games',
    summary: 'list the games with their player counts and rule options',
    options: ['json'],
    run: async (context, options: { json?: boolean }) => runGames(context, options),
  },
  {
    name: 'strategies',
    summary: 'list the built-in strategies with a line on each and their parameters',
    options: ['game', 'json'],
    run: async (context, options: { game: string; json?: boolean }) => runStrategies(context, options),
  },
  {
    name: 'chart',
    summary: "redraw a results folder's charts (.vl.json, .svg, .png) and its offline index.html report",
    arguments: '<dir>',
    options: [],
    async run(context, _options, [dir]) {
      await runChart(context, dir);
      return 0;
    },
  },
  {
    name: 'bot',
    summary: 'play a strategy as a bot of the competition manager protocol on stdin/stdout (one round, as managers start bots)',
    arguments: '<strategy>',
    options: ['game', 'handshake', 'players', 'rules', 'botSeed'],
    async run(context, options: BotOptions, [strategy]) {
      // Loaded on demand: managers start a bot every round, and other commands need none of it.
      const { runBot } = await import('./commands/bot.ts');
      await runBot(context, options, strategy);
      return 0;
    },
  },
];

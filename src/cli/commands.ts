import type { CommandContext } from './command.ts';
import type { BotOptions } from './commands/bot.ts';
import type { CompareOptions } from './commands/compare.ts';
import type { ContestOptions } from './commands/contest.ts';
import type { ReplayOptions } from './commands/replay.ts';
import type { SimOptions } from './commands/sim.ts';
import type { TournamentOptions } from './commands/tournament.ts';
import type { TuneOptions } from './commands/tune.ts';
import type { WorkerOptions } from './commands/worker.ts';
import type { OptionName } from './options.ts';

/** A command as data: the program, its help and the README are built from this list. */
export interface CommandDef {
  readonly name: string;
  readonly summary: string;
  readonly arguments?: string;
  readonly options: readonly OptionName[];
  /** Options of other commands users may type here, with what this command takes instead ('--games': '--max-games'). */
  readonly optionHints?: Readonly<Record<string, string>>;
  /** Resolves to the process exit code. `given` names the options typed on the command line (not defaulted). */
  run(context: CommandContext, options: any, args: string[], given: ReadonlySet<string>): Promise<number>;
}

/** What a match-up is made of, for the commands that play one or many (their --players defaults differ). */
function matchupOptions(players: OptionName): readonly OptionName[] {
  return ['game', players, 'strategies', 'games', 'seed', 'design', 'rules', 'trust'];
}
/** How a run goes and where its results land. */
const RUN_OPTIONS: readonly OptionName[] = [
  'workers',
  'workerMemory',
  'redis',
  'batch',
  'out',
  'name',
  'force',
  'resume',
  'moveTimeout',
  'startTimeout',
  'channel',
  'framing',
  'sandbox',
  'transcripts',
  'json',
  'quiet',
];

/** How a job of paired games (compare, tune) runs and where its results land. */
const PAIRED_JOB_OPTIONS: readonly OptionName[] = [
  'workers',
  'workerMemory',
  'redis',
  'out',
  'name',
  'force',
  'moveTimeout',
  'startTimeout',
  'channel',
  'framing',
  'resume',
  'json',
  'quiet',
];

// Each command loads its code only when it runs: start-up matters for `parlor bot`, which a
// manager starts once a round, and for quick commands like --help and --version.
export const Commands: readonly CommandDef[] = [
  {
    name: 'sim',
    summary: 'play one match-up many times and report win rates with 95% intervals',
    options: [...matchupOptions('players'), 'seat', 'untilClear', 'measure', ...RUN_OPTIONS],
    run: async (context, options: SimOptions, _args, given) => (await import('./commands/sim.ts')).runSim(context, options, given),
  },
  {
    name: 'tournament',
    summary: 'play every table of the given size from a field of strategies, in every seating (or rotated)',
    options: [...matchupOptions('tournamentPlayers'), 'seatings', ...RUN_OPTIONS],
    run: async (context, options: TournamentOptions, _args, given) =>
      (await import('./commands/tournament.ts')).runTournament(context, options, given),
  },
  {
    name: 'compare',
    summary:
      'test a changed strategy against its baseline on the same deals until a sequential test decides (exit 0 pass, 1 fail, 2 undecided)',
    options: [
      'candidate',
      'baseline',
      'opponents',
      'game',
      'pairedPlayers',
      'sprt',
      'sprtElo',
      'preset',
      'maxGames',
      'lookGames',
      'seed',
      'design',
      'unpaired',
      'measure',
      'rules',
      'trust',
      ...PAIRED_JOB_OPTIONS,
      'sandbox',
    ],
    optionHints: {
      '--games': '--max-games, the games of both arms together',
      '-n': '--max-games, the games of both arms together',
      '--strategies': '--candidate, --baseline and --opponents',
    },
    run: async (context, options: CompareOptions, _args, given) =>
      (await import('./commands/compare.ts')).runCompare(context, options, given),
  },
  {
    name: 'tune',
    summary:
      "tune a strategy's numeric parameters by SPSA on paired deals, then verify the tuned values against the starting ones with a paired compare (exit codes as compare's)",
    options: [
      'tuneStrategy',
      'param',
      'tuneOpponents',
      'game',
      'pairedPlayers',
      'iterations',
      'iterationGames',
      'rEnd',
      'verifyGames',
      'tunePreset',
      'measure',
      'seed',
      'tuneDesign',
      'rules',
      'trust',
      ...PAIRED_JOB_OPTIONS,
      'sandbox',
    ],
    run: async (context, options: TuneOptions, _args, given) => (await import('./commands/tune.ts')).runTune(context, options, given),
  },
  {
    name: 'worker',
    summary:
      "take batches from a Redis server's queue and play them on this machine's threads, for sim, tournament, compare and tune runs given --redis",
    options: ['workerRedis', 'workerThreads', 'workerThreadMemory', 'refuseTrust'],
    run: async (context, options: WorkerOptions) => (await import('./commands/worker.ts')).runWorker(context, options),
  },
  {
    name: 'replay',
    summary: 'print one game again as the full message log in protocol syntax',
    options: [
      'replayGame',
      'index',
      'job',
      'arm',
      'players',
      'strategies',
      'seat',
      'replaySeed',
      'design',
      'rules',
      'trust',
      'moveTimeout',
      'replayWorkerMemory',
      'startTimeout',
      'channel',
      'framing',
      'sandbox',
      'json',
    ],
    run: async (context, options: ReplayOptions, _args, given) => (await import('./commands/replay.ts')).runReplay(context, options, given),
  },
  {
    name: 'contest',
    summary:
      "run the SpeedClue contest's tournament over its own protocol: every table of 3 to 6 entrants in every seating; a disqualification ends its game at once and drops the bot's games, as the contest rules it",
    options: [
      'contestGame',
      'launch',
      'strategies',
      'perSeating',
      'seed',
      'rules',
      'trust',
      'moveTimeout',
      'startTimeout',
      'framing',
      'sandbox',
      'entrantMemory',
      'transcripts',
      'out',
      'name',
      'force',
      'json',
      'quiet',
    ],
    run: async (context, options: ContestOptions) => (await import('./commands/contest.ts')).runContest(context, options),
  },
  {
    name: 'games',
    summary: 'list the games with their player counts and rule options',
    options: ['json'],
    run: async (context, options: { json?: boolean }) => (await import('./commands/listings.ts')).runGames(context, options),
  },
  {
    name: 'strategies',
    summary: 'list the built-in strategies with a line on each and their parameters',
    options: ['listedGame', 'json'],
    run: async (context, options: { game?: string; json?: boolean }) =>
      (await import('./commands/listings.ts')).runStrategies(context, options),
  },
  {
    name: 'chart',
    summary: "redraw a results folder's charts (.vl.json, .svg, .png) and its offline index.html report",
    arguments: '<dir>',
    options: [],
    async run(context, _options, [dir]) {
      await (await import('./commands/chart.ts')).runChart(context, dir);
      return 0;
    },
  },
  {
    name: 'bot',
    summary:
      "play a strategy as a bot of the game's competition server: Love Letter's on stdin/stdout for one round, Hearts' on the FIFOs it makes (named after [name]) for a whole run, Dominion's JSON lines on stdin/stdout for one game, SpeedClue's on a TCP port (as [name] [port], the contest's identifier and port)",
    arguments: '<strategy> [name] [port]',
    options: ['game', 'handshake', 'botPlayers', 'rules', 'trust', 'channel', 'framing', 'botSeed'],
    async run(context, options: BotOptions, [strategy, name, port]) {
      const { runBot } = await import('./commands/bot.ts');
      await runBot(context, { ...options, name, port }, strategy);
      return 0;
    },
  },
];

import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Registry } from '../core/registry.ts';
import { splitStrategyList } from '../core/strategy-spec.ts';
import { parseDesign } from '../runner/play/design.ts';
import { parseSeatings } from '../runner/job/tournament.ts';
import { Errors } from '../core/errors.ts';
import { DEFAULT_MOVE_TIMEOUT_SECONDS, DEFAULT_START_TIMEOUT_SECONDS } from '../protocol/transport/process.ts';
import { CHANNEL_KINDS, FRAMING_KINDS } from '../core/wire.ts';
import { collect, integerIn, keyValuePairs, oneOf, parseSandbox, positiveNumber } from './parse.ts';
import { parsePreset, parseSprtBounds, parseSprtElo } from './compare-options.ts';
import { SPSA_DEFAULTS } from '../tune/spsa.ts';
import { MIN_WORKER_MEMORY_MB } from '../runner/job/worker-memory.ts';

/**
 * Every option of every command, declared once. The commander program, `--help` and the README's
 * option table are all generated from this list, so they cannot drift apart.
 */
export interface OptionDef {
  readonly flags: string;
  readonly description: string;
  readonly defaultValue?: unknown;
  /** A default that the games and strategies decide, for options whose values they name. */
  readonly defaultFrom?: (registry: Registry) => unknown;
  /** A default made afresh for each run, which help and the README describe rather than show. */
  readonly fresh?: () => unknown;
  /** How the default reads in help, when the value itself would not say it well. */
  readonly defaultDescription?: string;
  readonly parse?: (text: string, previous: any) => unknown;
  /** The command cannot run without it. */
  readonly mandatory?: boolean;
  /** The value of an option whose value is optional (`--flag [value]`) when it is given alone. */
  readonly preset?: string;
}

const MAX_GAMES = 1e12;
/** 1 TiB: past any machine's memory, short of what a thread's limit can say. */
const MAX_WORKER_MEMORY_MB = 1 << 20;
const WORKER_MEMORY_DEFAULT = "three quarters of this machine's memory shared among the threads, at most V8's own limit";
/** --worker-memory, whichever command takes it. */
const parseWorkerMemory = integerIn('--worker-memory', MIN_WORKER_MEMORY_MB, MAX_WORKER_MEMORY_MB);

/** --preset of compare and tune, which differ in the default only. */
const PRESET = {
  flags: '--preset <name>',
  description: 'gainer (SPRT [0, 2]) or non-regression ([-1.75, 0.25]), normalized Elo',
  parse: parsePreset,
};

/** --opponents of compare and tune, which differ in the default only. */
const OPPONENTS = {
  flags: '--opponents <list>',
  description: 'comma-separated strategies for the other seats (one fills them all)',
  parse: (text: string) => splitStrategyList(text, '--opponents'),
};

/** --players, whichever command takes it. */
const parsePlayers = integerIn('--players', 1, 16);

/** 64 random bits: no run's deals can be guessed before its seed is printed. */
function freshSeed(): string {
  return randomBytes(8).toString('hex');
}

export const Options = {
  game: {
    flags: '--game <id>',
    description: 'game to play (see `parlor games`)',
    defaultFrom: (registry: Registry) => registry.gameIds()[0],
    defaultDescription: 'the first game `parlor games` lists',
  },
  contestGame: {
    flags: '--game <id>',
    description: "the contest's game: one whose bots stay connected for the whole contest (speedclue)",
    defaultValue: 'speedclue',
  },
  replayGame: { flags: '--game <id>', description: 'game to replay (see `parlor games`); --job names it instead' },
  listedGame: { flags: '--game <id>', description: "list only this game's strategies", defaultDescription: 'every game' },
  index: {
    flags: '--index <i>',
    description: 'index of the game to replay, as printed with an anomaly (`--game <id> --seed S --index i`)',
    parse: integerIn('--index', 0, MAX_GAMES),
    mandatory: true,
  },
  players: {
    flags: '-p, --players <n>',
    description: "players at the table (each game's range: `parlor games`)",
    defaultDescription: "one per strategy given (--strategies or --seat); without them, the game's largest table",
    parse: parsePlayers,
  },
  tournamentPlayers: {
    flags: '-p, --players <n>',
    description: "players at each table (each game's range: `parlor games`)",
    defaultDescription: "as many as the field, within the game's range",
    parse: parsePlayers,
  },
  pairedPlayers: {
    flags: '-p, --players <n>',
    description: "players at the table (each game's range: `parlor games`)",
    defaultDescription: "one more than --opponents lists, or the game's smallest table when it lists one strategy (as by default)",
    parse: parsePlayers,
  },
  botPlayers: {
    flags: '-p, --players <n>',
    description:
      "players at the table, for Love Letter's classic greeting, which never says it (every other greeting says it, and the bot goes by that)",
    defaultDescription:
      "4, Love Letter's largest table, aiming only at players known to be there: up to the bot's own number or the highest a message named, at least 2",
    parse: parsePlayers,
  },
  strategies: {
    flags: '-s, --strategies <list>',
    description: 'comma-separated strategies (name, name:key=value,... or a file path): one per seat, or the field of a tournament',
    parse: (text: string) => splitStrategyList(text, '--strategies'),
  },
  trust: {
    flags: '--trust <path>',
    description:
      "run this strategy file unconfined, in parlor's own realm with all of Node (repeatable); every other strategy file runs confined",
    // A mistyped path would leave the file meant confined or trusted running the other way unnoticed.
    parse: (text: string, previous?: string[]) => {
      if (!existsSync(text)) throw Errors.badOption(`--trust ${text}: no such file`);
      return collect(text, previous);
    },
  },
  refuseTrust: {
    flags: '--refuse-trust',
    description:
      'refuse the batches of jobs that trust a strategy file (--trust), failing them with the reason: every file this worker plays runs confined',
  },
  seat: {
    flags: '--seat <spec>',
    description: 'strategy for the next seat (repeatable; instead of --strategies)',
    parse: (text: string, previous?: string[]) => {
      if (text.trim() === '') throw Errors.badOption("--seat needs a strategy (a name, name:key=value,... or a file path), got ''");
      return collect(text, previous);
    },
  },
  games: {
    flags: '-n, --games <n>',
    description: 'games to play (a tournament spreads them evenly over its seatings)',
    defaultValue: 10000,
    parse: integerIn('--games', 1, MAX_GAMES),
  },
  seed: {
    flags: '--seed <text>',
    description: 'master seed; the same seed replays the same games',
    // A known default would let a strategy work out the deals from the seat streams' coordinates.
    fresh: freshSeed,
    defaultDescription: 'a fresh random seed, printed with the results and kept in job.json',
  },
  replaySeed: {
    flags: '--seed <text>',
    description: "the run's master seed, as it printed it (required without --job, which names it instead)",
  },
  workers: {
    flags: '-w, --workers <n>',
    description:
      'worker threads; with --redis, the threads of all the workers together (they size the batches and the queue), by default those taking batches when the run starts',
    defaultValue: availableParallelism(),
    defaultDescription: 'the number of cores',
    parse: integerIn('--workers', 1, 256),
  },
  workerThreads: {
    flags: '-w, --workers <n>',
    description: 'threads playing batches on this machine',
    defaultValue: availableParallelism(),
    defaultDescription: 'the number of cores',
    parse: integerIn('--workers', 1, 256),
  },
  workerMemory: {
    flags: '--worker-memory <MB>',
    description:
      "the most each worker thread's JavaScript heap may take: a strategy file's call that fills it forfeits (crashed) and the run goes on; its loading or create that fills it stops the command, naming the file; with --redis, each `parlor worker` sets its own",
    defaultDescription: WORKER_MEMORY_DEFAULT,
    parse: parseWorkerMemory,
  },
  replayWorkerMemory: {
    flags: '--worker-memory <MB>',
    description:
      "the most the JavaScript heap of the worker thread that replays a game with strategy files may take: the run's own limit (--job's) shows its crashes again",
    defaultDescription: "with --job, the run's when it set one; else three quarters of this machine's memory, at most V8's own limit",
    parse: parseWorkerMemory,
  },
  entrantMemory: {
    flags: '--entrant-memory <MB>',
    description:
      "the most the JavaScript heap of each strategy file's bot process may take: a file whose call fills it is disqualified (crashed); its loading that fills it stops the command, naming the file",
    defaultDescription: "three quarters of this machine's memory shared among the strategy files, at most V8's own limit",
    parse: integerIn('--entrant-memory', MIN_WORKER_MEMORY_MB, MAX_WORKER_MEMORY_MB),
  },
  workerThreadMemory: {
    flags: '--worker-memory <MB>',
    description: "the most each thread's JavaScript heap may take: a strategy file's call that fills it forfeits (crashed)",
    defaultDescription: WORKER_MEMORY_DEFAULT,
    parse: parseWorkerMemory,
  },
  redis: {
    flags: '--redis <url>',
    description:
      'queue the batches on this Redis server (redis://host:port) for `parlor worker` processes to play, on any number of machines',
  },
  workerRedis: {
    flags: '--redis <url>',
    description: 'the Redis server (redis://host:port) to take batches from',
    mandatory: true,
  },
  rules: { flags: '--rules <key=value,...>', description: 'rule options (see `parlor games`)', parse: keyValuePairs('--rules') },
  design: {
    flags: '--design <name>',
    description:
      'independent (a fresh deal per game) or duplicate (each deal replayed with the seats rotated, the seats in a new order around the table each deal)',
    defaultDescription:
      'duplicate for compare and sim --until-clear (a strategy kept in one seat would be credited with its advantage); independent otherwise',
    parse: parseDesign,
  },
  seatings: {
    flags: '--seatings <how>',
    description:
      'how a tournament seats each table: all (every order, a match-up each) or rotated (the table as one match-up under the duplicate design: each deal in every rotation, the seats in a new order around the table each deal)',
    defaultValue: 'all',
    parse: parseSeatings,
  },
  batch: {
    flags: '--batch <games>',
    description: 'games per worker task (results do not depend on it; with --until-clear, the games between two looks)',
    defaultDescription: 'about a quarter second of play',
    parse: integerIn('--batch', 1, MAX_GAMES),
  },
  sandbox: {
    flags: '--sandbox [limits]',
    description:
      'run cmd: and launch-file bots in a sandbox (bubblewrap): no network but their channel to parlor, only their own folder writable, a private /tmp, and limits memory=MB,cpu=SECONDS,processes=N',
    defaultDescription: 'off; memory=1024,cpu=600,processes=64 when given without a value',
    preset: 'on',
    parse: parseSandbox,
  },
  untilClear: {
    flags: '--until-clear [confidence]',
    description:
      'stop once the strategy with the best win rate is ahead of every other at this confidence, held at every look (a confidence sequence); --games is then the cap',
    defaultDescription: 'off; 0.95 when given without a value',
    preset: '0.95',
    parse: (text: string) => {
      const value = Number(text);
      if (text.trim() === '' || !(value > 0 && value < 1))
        throw Errors.badNumber('--until-clear', text, 'a confidence between 0 and 1, like 0.95');
      return value;
    },
  },
  measure: {
    flags: '--measure <id>',
    description:
      "the game's measure of strength that compare tests, sim --until-clear judges the leader on and tune scores (Hearts: points, lower is better; win-share in every game)",
    defaultDescription: "the game's first: points for Hearts, win-share for the others",
  },
  out: { flags: '-o, --out <dir>', description: 'results folder', defaultDescription: 'results/<date>-<time>-<name>' },
  name: { flags: '--name <text>', description: 'name of the run, for the default results folder', defaultDescription: 'the command' },
  force: { flags: '--force', description: 'overwrite an existing results folder' },
  resume: { flags: '--resume <dir>', description: 'continue an interrupted run from its results folder' },
  job: {
    flags: '--job <dir>',
    description:
      "take the match-up from an earlier run's results folder, and the timeouts, channel, framing, worker heap limit and sandbox the run played it with (an option typed replaces the run's)",
  },
  arm: {
    flags: '--arm <name>',
    description: 'with --job of a compare run: the arm whose game to play, candidate or baseline (each numbers its games from 0)',
    defaultDescription: 'candidate',
    parse: oneOf('--arm', ['candidate', 'baseline']),
  },
  json: { flags: '--json', description: 'print the summary as JSON on stdout' },
  quiet: { flags: '-q, --quiet', description: 'no progress on stderr' },
  moveTimeout: {
    flags: '--move-timeout <seconds>',
    description: 'strategy files and external bots: time allowed per call before the seat forfeits',
    defaultValue: DEFAULT_MOVE_TIMEOUT_SECONDS,
    parse: positiveNumber('--move-timeout'),
  },
  startTimeout: {
    flags: '--start-timeout <seconds>',
    description:
      'external bots: time allowed to start and open their channel (on stdio, added to the first answer), apart from --move-timeout',
    defaultValue: DEFAULT_START_TIMEOUT_SECONDS,
    parse: positiveNumber('--start-timeout'),
  },
  channel: {
    flags: '--channel <kind>',
    description:
      "how bots and parlor talk: stdio (the bot's stdin and stdout), fifo (named pipes the bot makes, /tmp/<name>In and /tmp/<name>Out, as the original Hearts server expects; a `cmd:` bot gets <name> as its last argument) or tcp (the bot connects to a port on 127.0.0.1 and says '<identifier> alive', as the SpeedClue contest expects; a `cmd:` bot gets <identifier> <port> where its command has {...} and %%, else at its end); each game's framing either way",
    defaultDescription: "the game's original channel: stdio for Love Letter and Dominion, fifo for Hearts, tcp for SpeedClue",
    parse: oneOf('--channel', CHANNEL_KINDS),
  },
  framing: {
    flags: '--framing <kind>',
    description:
      "how messages are cut, where a game offers more than its original server's: raw (one unterminated message per read, as the SpeedClue contest server) or lines (newline-ended, as its Python port)",
    defaultDescription: "the game's original framing",
    parse: oneOf('--framing', FRAMING_KINDS),
  },
  launch: {
    flags: '--launch <file>',
    description:
      "bots entering a contest, in the SpeedClue contest's launch file format: a command a line, split on single spaces, with the bot's identifier in braces ({name}) and %% where it takes the port",
  },
  perSeating: {
    flags: '--per-seating <n>',
    description: 'games each seating of a contest plays (the contest played 100)',
    defaultValue: 100,
    parse: integerIn('--per-seating', 1, MAX_GAMES),
  },
  transcripts: { flags: '--transcripts', description: "keep each game's protocol message log in the results folder (transcripts/)" },
  handshake: {
    flags: '--handshake <kind>',
    description: 'protocol greeting: classic (players numbered from 1) or ident (from 0); short for --rules handshake=<kind>',
  },
  candidate: {
    flags: '--candidate <strategy>',
    description: 'the changed strategy under test (name, name:key=value,... or a file path)',
  },
  baseline: { flags: '--baseline <strategy>', description: 'the version the candidate is tested against' },
  opponents: { ...OPPONENTS, defaultDescription: 'the baseline' },
  // tune has no baseline: each iteration's arms play theta+ and theta- against the same opponents.
  tuneOpponents: { ...OPPONENTS, defaultDescription: 'the strategy at its starting values' },
  sprt: {
    flags: '--sprt <elo0,elo1>',
    description: 'SPRT hypotheses: the Elo of the candidate over the baseline under H0 and under H1',
    parse: parseSprtBounds,
  },
  sprtElo: {
    flags: '--sprt-elo <scale>',
    description: 'how --sprt reads its Elo: normalized (per game, like the presets) or logistic (head-to-head Elo, as compare reports it)',
    defaultValue: 'normalized',
    parse: parseSprtElo,
  },
  preset: { ...PRESET, defaultDescription: 'gainer, unless --sprt is given' },
  // tune's verification takes a preset only.
  tunePreset: { ...PRESET, defaultDescription: 'gainer' },
  maxGames: {
    flags: '--max-games <n>',
    description:
      "most games to play, both arms together; reaching it undecided exits 2 (the default is about four times the presets' expected length of 523,000)",
    defaultValue: 2000000,
    parse: integerIn('--max-games', 1, MAX_GAMES),
  },
  lookGames: {
    flags: '--batch <games>',
    description: 'games per arm between two looks of the test (the verdict depends on it, never on --workers)',
    defaultValue: 200,
    parse: integerIn('--batch', 1, MAX_GAMES),
  },
  unpaired: {
    flags: '--unpaired',
    description: "give the baseline's arm deals and streams of its own (a control measuring what pairing saves)",
  },
  tuneStrategy: {
    flags: '--strategy <spec>',
    description:
      'the strategy to tune: a built-in or file (its declared numeric parameters), or a `cmd:` bot (given each value as a --name=value argument at the end of its command line)',
  },
  param: {
    flags: '--param <name=start:min:max[:step]>',
    description:
      "a parameter to tune (repeatable): its starting value, its bounds, and the perturbation at the end of the run (fishtest's c_end); integers as the strategy declares them, or for a bot when every number is written whole (1.0 makes a real)",
    defaultDescription: "step: a twentieth of the range (an integer's rounded, at least 0.5)",
    parse: collect,
  },
  iterations: {
    flags: '--iterations <n>',
    description: 'SPSA iterations: each plays the perturbed values theta+ against theta- on deals of its own',
    defaultValue: 100,
    parse: integerIn('--iterations', 1, 1e7),
  },
  iterationGames: {
    flags: '--iteration-games <n>',
    description: 'games of each arm per iteration, on the same deals and opponent streams (whole blocks of the design)',
    defaultValue: 200,
    parse: integerIn('--iteration-games', 1, MAX_GAMES),
  },
  rEnd: {
    flags: '--r-end <rate>',
    description:
      "SPSA's learning rate at the end of the run (fishtest's r_end): a parameter then moves r_end * step * (the iteration's score difference summed over its games), more at the start",
    defaultValue: SPSA_DEFAULTS.rEnd,
    parse: positiveNumber('--r-end'),
  },
  verifyGames: {
    flags: '--verify-games <n>',
    description: 'most games of the final paired comparison of the tuned values against the starting ones, both arms together',
    defaultValue: 20000,
    parse: integerIn('--verify-games', 2, MAX_GAMES),
  },
  tuneDesign: {
    flags: '--design <name>',
    description:
      'independent (a fresh deal per game) or duplicate (each deal replayed with the seats rotated, in a new order around the table each deal: every seat balanced)',
    defaultValue: 'duplicate',
    parse: parseDesign,
  },
  botSeed: {
    flags: '--seed <text>',
    description: "seed of the bot strategy's random stream",
    defaultDescription: 'a fresh one each process',
  },
} as const satisfies Record<string, OptionDef>;

export type OptionName = keyof typeof Options;

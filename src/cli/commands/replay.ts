import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { Errors } from '../../core/errors.ts';
import type { GameState, PlayerView } from '../../core/game.ts';
import { MatchPlayer, type GameRange } from '../../runner/play/batch.ts';
import { Counters } from '../../runner/play/counters.ts';
import type { DesignName } from '../../runner/play/design.ts';
import { isExternalSpec, parseStrategySpec } from '../../core/strategy-spec.ts';
import { jobId, locateGame, matchSpecOf, recordedSettings, type JobFile, type RecordedSettings } from '../../runner/job/job.ts';
import { looksLikePath } from '../../runner/play/loading/strategies.ts';
import { prepareMatch, seatsUntrusted, type MatchSpec } from '../../runner/play/match.ts';
import { readJob, readJobCommand } from '../../runner/job/results.ts';
import { timedGuard } from '../../runner/play/choice-guard.ts';
import { loadExternalHost } from '../../app.ts';
import { fullRules, seatSpecs } from '../../runner/job/plan.ts';
import { Runners } from '../../runner/job/runners.ts';
import { gameHeading, TranscriptRecorder, transcriptPath } from '../../runner/play/transcript.ts';
import type { CommandContext } from '../command.ts';
import { removedOnStop } from '../stopping.ts';
import type { SandboxLimits } from '../../runner/play/external.ts';

export interface ReplayOptions {
  /** The game's id; --job names it instead. */
  readonly game?: string;
  /** The game index (`--index <i>`). */
  readonly index: number;
  readonly job?: string;
  /** Which arm of a compare run's folder (--arm); the candidate's when absent. */
  readonly arm?: 'candidate' | 'baseline';
  readonly players?: number;
  readonly strategies?: string[];
  readonly seat?: string[];
  readonly seed: string;
  readonly design?: DesignName;
  readonly rules?: Record<string, string>;
  /** Seconds a strategy file or bot process may take per decision. */
  readonly moveTimeout?: number;
  /** The heap of the worker thread that plays a game with strategy files, in MB (--worker-memory). */
  readonly workerMemory?: number;
  readonly startTimeout?: number;
  readonly channel?: string;
  readonly framing?: string;
  /** Run `cmd:` bots in a sandbox with these limits (--sandbox). */
  readonly sandbox?: SandboxLimits;
  readonly json?: boolean;
}

/** Options that describe the match-up, which --job supplies instead. */
const MATCHUP_OPTIONS = ['game', 'players', 'strategies', 'seat', 'seed', 'design', 'rules'];

interface ReplayTarget {
  readonly match: MatchSpec;
  readonly design: DesignName;
  readonly offset: number;
  readonly local: number;
}

/** How the game is played again: the options, with the job's own settings where --job names one. */
type ReplaySettings = Pick<ReplayOptions, 'moveTimeout' | 'workerMemory' | 'startTimeout' | 'channel' | 'framing' | 'sandbox'> & {
  /** Where the bots run and their relative paths start. */
  readonly cwd?: string;
};

/**
 * The settings the job's games were played with, each unless typed: a game played with other
 * timeouts, another channel or without the sandbox may end otherwise than the run's did.
 */
function jobSettings(job: JobFile, options: ReplayOptions, given: ReadonlySet<string>): ReplaySettings {
  const recorded = recordedSettings(job);
  const kept = (Object.keys(recorded) as (keyof RecordedSettings)[]).filter((option) => !given.has(option));
  return { ...options, ...Object.fromEntries(kept.map((option) => [option, recorded[option]])) };
}

/** A compare run's job, whose two match-ups are its arms, both numbering their games from 0. */
type ComparisonJob = JobFile & { readonly comparison: { readonly baselineSeed?: string } };

function fromJob(dir: string, job: JobFile, gameIndex: number, arm?: ReplayOptions['arm']): ReplayTarget {
  if ('comparison' in job) return fromComparison(dir, job as ComparisonJob, gameIndex, arm ?? 'candidate');
  if (arm !== undefined) throw Errors.badOption(`--arm applies to a compare run's folder; ${dir} holds a ${job.command} run`);
  const place = locateGame(job, gameIndex);
  if (!place) throw Errors.badOption(`--index ${gameIndex}: the job in ${dir} has games 0 to ${job.games - 1}`);
  return target(job, matchSpecOf(job, place.matchup), job.matchups[place.matchup].offset, place.local);
}

/** Game `gameIndex` of one arm: the baseline's is played on its own seed where the run was unpaired. */
function fromComparison(dir: string, job: ComparisonJob, gameIndex: number, arm: 'candidate' | 'baseline'): ReplayTarget {
  const matchup = arm === 'candidate' ? 0 : 1;
  const games = job.matchups[matchup].games;
  if (gameIndex >= games) throw Errors.badOption(`--index ${gameIndex}: each arm of the comparison in ${dir} has games 0 to ${games - 1}`);
  const match = matchSpecOf(job, matchup);
  const seed = arm === 'baseline' ? (job.comparison.baselineSeed ?? job.seed) : job.seed;
  return target(job, { ...match, seed }, job.matchups[matchup].offset, gameIndex);
}

function target(job: JobFile, match: MatchSpec, offset: number, local: number): ReplayTarget {
  const seats = job.cwd === undefined ? match.seats : match.seats.map((seat) => fromFolder(job.cwd!, seat));
  return { match: { ...match, seats }, design: job.design, offset, local };
}

/** A strategy file given by a relative path, found from the folder the run was started in, wherever the replay runs. */
function fromFolder(cwd: string, seat: string): string {
  if (isExternalSpec(seat)) return seat;
  const { name } = parseStrategySpec(seat);
  if (!looksLikePath(name) || isAbsolute(name)) return seat;
  return resolve(cwd, name) + seat.slice(name.length);
}

/**
 * Plays one game again and prints it as the manager's message log, in protocol syntax. The match-up
 * comes from an earlier run's job (`--job DIR`) or from the same options `parlor sim` takes.
 */
export async function runReplay(context: CommandContext, options: ReplayOptions, given: ReadonlySet<string>): Promise<number> {
  let target: ReplayTarget;
  let settings: ReplaySettings = options;
  if (options.job !== undefined) {
    const clash = MATCHUP_OPTIONS.find((option) => given.has(option));
    if (clash) throw Errors.badOption(`--${clash} cannot be combined with --job (the job fixes the match-up)`);
    const held = readJobCommand(options.job);
    // A tuning run's folder holds no numbered games of its own, only its verification's.
    if (held === 'tune')
      throw Errors.badOption(
        `--job ${options.job} holds a tune run, whose folder numbers no games: its verification's replay with --job ${join(options.job, 'verify')}`,
      );
    const job = readJob(options.job);
    if (jobId(job) !== job.id) throw Errors.corruptResults(options.job, 'job.json does not match its id (was it edited?)');
    target = fromJob(options.job, job, options.index, options.arm);
    settings = jobSettings(job, options, given);
  } else {
    if (options.arm !== undefined) throw Errors.badOption("--arm needs --job: it picks an arm of a compare run's folder");
    if (options.game === undefined)
      throw Errors.badOption(`--game <id> is required without --job (games: ${context.registry.gameIds().join(', ')})`);
    if (!given.has('seed')) throw Errors.badOption('--seed <text> is required without --job: the seed the run printed');
    const game = context.registry.game(options.game).id;
    const seats = seatSpecs(context.registry, { ...options, game });
    const match = { game, seats, rules: fullRules(context.registry, game, options.rules), seed: options.seed };
    target = { match, design: options.design ?? 'independent', offset: 0, local: options.index };
  }
  const lines = await replayLines(context, target, settings);
  context.print(
    options.json ? JSON.stringify({ game: target.offset + target.local, seed: target.match.seed, lines }, null, 2) : lines.join('\n'),
  );
  return 0;
}

async function replayLines(
  context: CommandContext,
  target: ReplayTarget,
  { moveTimeout, workerMemory, startTimeout, channel, framing, sandbox, cwd }: ReplaySettings,
): Promise<string[]> {
  const runners = Runners.create(1, loadExternalHost, { moveTimeout, cwd }, { registry: context.registryModule, workerMemory });
  try {
    const match = await prepareMatch(context.registry, target.match, runners.resolverFor(target.match.seats));
    if (!runners.hasExternalSeat(match.spec.seats) && seatsUntrusted(match))
      return await workerLog(runners, target, context.registryModule);
    const player = new MatchPlayer(match, target.design, timedGuard(moveTimeout));
    const table = player.tableFor(target.local);
    const recorder = new TranscriptRecorder<GameState, PlayerView>(match.game, match.rules);
    recorder.beginGame(gameHeading(player, target.offset, target.local));
    const range = { offset: target.offset, from: target.local, to: target.local + 1 };
    const counters = new Counters(match.layout);
    if (runners.hasExternalSeat(match.spec.seats)) {
      recorder.lines.push(
        ...(await externalLog(runners, player, range, counters, { moveTimeout, startTimeout, channel, framing, sandbox, cwd })),
      );
    } else {
      table.observer = recorder;
      player.play(range, counters);
      table.observer = null;
    }
    recorder.endGame(table);
    return recorder.lines;
  } finally {
    await runners.close();
  }
}

/**
 * The message log of a game with strategy files, played on a worker thread as the run played it:
 * a call that fills the thread's heap is cut short there as it was in the run, where in this
 * thread it would end the process.
 */
function workerLog(runners: Runners, target: ReplayTarget, registry: string): Promise<string[]> {
  const { match, design, offset, local } = target;
  const task = { kind: 'games', registry, match, design, offset, from: local, to: local + 1 } as const;
  return keptTranscript(offset + local, (scratch) => runners.runnerFor(match.seats).run({ ...task, transcripts: scratch }));
}

/**
 * The message log of a game with bot processes, without its heading. The protocol host observes
 * the table itself while it plays, so the log comes from the transcript it keeps, in a scratch
 * folder that also takes the bots' stderr logs and goes when the game is done.
 */
async function externalLog(
  runners: Runners,
  player: MatchPlayer,
  range: GameRange,
  counters: Counters,
  settings: Omit<ReplaySettings, 'workerMemory'>,
): Promise<string[]> {
  const host = await runners.externalHost();
  const lines = await keptTranscript(range.offset + range.from, (scratch) =>
    host.playExternalRange(player, range, counters, { ...settings, transcripts: true, resultsDir: scratch }),
  );
  return lines.slice(1);
}

/** The lines of the transcript of game `gameIndex` that `play` keeps in a scratch results folder, which goes after. */
async function keptTranscript(gameIndex: number, play: (scratch: string) => Promise<unknown>): Promise<string[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'parlor-replay-'));
  // Removed on a stop too (Ctrl-C while a bot thinks): the signal ends the process, or the bots'
  // clean-up ends it after stopping them, and neither runs what is still to come here.
  const removed = removedOnStop(() => rmSync(scratch, { recursive: true, force: true }));
  try {
    await play(scratch);
    return readFileSync(transcriptPath(scratch, gameIndex), 'utf8').trimEnd().split('\n');
  } finally {
    removed();
  }
}

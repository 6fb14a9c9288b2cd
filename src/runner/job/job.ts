import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Errors } from '../../core/errors.ts';
import type { ParamValue } from '../../core/strategy.ts';
import { DEAL_GROUPS } from '../play/counters.ts';
import { blockGames, wholeBlocks, type DesignName } from '../play/design.ts';
import type { MatchSpec } from '../play/match.ts';
import type { SourceHashes } from '../play/loading/sources.ts';
import type { Confinement } from '../play/loading/trust.ts';
import type { ExternalSettings, SandboxLimits } from '../play/external.ts';

/** Bumped when the meaning of a job file changes, so an old folder is not resumed by a parlor that reads it differently. */
export const JOB_FORMAT = 1;

/** One seating of strategies and the slice of the job's game indices it plays. */
export interface JobMatchup {
  readonly seats: readonly string[];
  /** Game indices offset .. offset + games - 1 belong to this match-up. */
  readonly offset: number;
  readonly games: number;
}

/**
 * Everything that determines a run's results, as plain data: job.json stores it, a resume checks
 * it, and its hash names the job. Nothing here depends on the machine (workers, paths, timing).
 */
export interface JobSpec {
  readonly format: number;
  readonly command: string;
  readonly game: string;
  readonly players: number;
  /** Every rule's value, defaults filled in, so the job reads the same if a default changes. */
  readonly rules: Readonly<Record<string, string>>;
  readonly seed: string;
  readonly design: DesignName;
  /** For tournaments: every seating of each table, or its rotations. */
  readonly seatings: string | null;
  /** The distinct strategy specs, in order of first appearance. */
  readonly strategies: readonly string[];
  readonly matchups: readonly JobMatchup[];
  readonly games: number;
  /**
   * Games per task (whole blocks of the design). Results do not depend on it, except where a
   * sequential stop looks after each batch; resuming does.
   */
  readonly batchGames: number;
  /** Stop once the leader is clear at this confidence (sim --until-clear); `games` is then the cap. */
  readonly untilClear?: number;
  /** The game's measure the leader is judged on (core/game.ts Measure id); absent: the game's first. */
  readonly measure?: string;
}

/** What job.json holds: the spec plus where and when it was made. */
export interface JobFile extends JobSpec {
  readonly id: string;
  readonly name: string;
  readonly created: string;
  readonly parlor: { readonly version: string; readonly commit: string | null };
  /** The folder the run was started in: its strategy files' relative paths start there (absent in folders of older parlors). */
  readonly cwd?: string;
  /** The run keeps each game's message log (--transcripts): a resume keeps those of the games it plays too. */
  readonly transcripts?: true;
  /** Each strategy spec as loaded: the strategy's name and every parameter's value, defaults included. */
  readonly loaded?: Readonly<Record<string, { readonly strategy: string; readonly params: Readonly<Record<string, ParamValue>> }>>;
  /** Content hashes of the strategy files and the local files they import (absent in folders of older parlors). */
  readonly sources?: SourceHashes;
  /** Which strategy files ran confined and which the user trusted (--trust); absent in folders of older parlors. */
  readonly confinement?: Confinement;
  /** The limits `cmd:` bots ran under in their sandbox (--sandbox); absent when they ran without one. */
  readonly sandbox?: SandboxLimits;
  /**
   * How the games were played, those of the settings the run was given: a resume plays the rest,
   * and a replay its games, with them again. Absent in folders of older parlors, which take them
   * from the command line.
   */
  readonly play?: PlaySettings;
}

/**
 * The settings of a run that change how its games end without being part of its spec: a bot too
 * slow for --move-timeout forfeits, one spoken to on a channel it does not listen on crashes.
 */
export interface PlaySettings {
  /** Seconds a strategy file or bot may take per decision (--move-timeout). */
  readonly moveTimeout?: number;
  /** Seconds a bot may take to start and open its channel (--start-timeout). */
  readonly startTimeout?: number;
  /** How `cmd:` bots talk to parlor (--channel); the game's own when absent. */
  readonly channel?: string;
  /** How their messages are framed (--framing); the game's own when absent. */
  readonly framing?: string;
  /** MB each worker thread's heap may take (--worker-memory): a strategy file's call that fills it crashes. */
  readonly workerMemory?: number;
}

/** Each play setting's command-line flag, for the commands parlor prints to run a job's games again. */
export const PLAY_SETTING_FLAGS = {
  moveTimeout: '--move-timeout',
  startTimeout: '--start-timeout',
  channel: '--channel',
  framing: '--framing',
  workerMemory: '--worker-memory',
} as const satisfies Record<keyof PlaySettings, string>;

const PLAY_SETTINGS = Object.keys(PLAY_SETTING_FLAGS) as (keyof PlaySettings)[];

/** What job.json records of a run's settings: those given, each absent that was not. */
export function playSettingsOf(settings: PlaySettings): PlaySettings {
  return Object.fromEntries(PLAY_SETTINGS.filter((key) => settings[key] !== undefined).map((key) => [key, settings[key]]));
}

/** The settings a run of `job` plays its games with, as its start did: they replace those of a resume or a replay. */
export type RecordedSettings = PlaySettings & Pick<ExternalSettings, 'sandbox' | 'cwd'>;

/**
 * What `job` fixes of how its games are played: every setting it records (one it records as
 * absent stays absent, the default), and the folder its bots' relative paths start from, while it
 * exists. A folder of an older parlor fixes only what it recorded: its sandbox and folder.
 */
export function recordedSettings(job: Pick<JobFile, 'cwd' | 'play' | 'sandbox'>): Partial<RecordedSettings> {
  // A folder that is gone (the project moved) cannot be run in: its bots then start where this process is.
  const where = job.cwd === undefined || !existsSync(job.cwd) ? {} : { cwd: job.cwd };
  if (job.play === undefined) return { ...where, ...(job.sandbox ? { sandbox: job.sandbox } : {}) };
  return {
    ...where,
    ...Object.fromEntries(PLAY_SETTINGS.map((key) => [key, job.play![key]])),
    sandbox: job.sandbox,
  };
}

export interface JobInput extends Pick<
  JobSpec,
  'command' | 'game' | 'players' | 'rules' | 'seed' | 'design' | 'batchGames' | 'untilClear' | 'measure'
> {
  readonly seatings?: string;
  /** Seat specs of each match-up, in the order they are played. */
  readonly matchupSeats: readonly (readonly string[])[];
  /** Games wanted in all; each match-up gets an equal share rounded up to whole blocks. */
  readonly games: number;
}

export function buildJob(input: JobInput): JobSpec {
  const block = blockGames(input.design, input.players);
  const perMatchup = wholeBlocks(Math.ceil(input.games / input.matchupSeats.length), input.design, input.players);
  let offset = 0;
  const matchups = input.matchupSeats.map((seats): JobMatchup => {
    const matchup = { seats: [...seats], offset, games: perMatchup };
    offset += perMatchup;
    return matchup;
  });
  return {
    format: JOB_FORMAT,
    command: input.command,
    game: input.game,
    players: input.players,
    rules: input.rules,
    seed: input.seed,
    design: input.design,
    seatings: input.seatings ?? null,
    strategies: [...new Set(input.matchupSeats.flat())],
    matchups,
    games: offset,
    batchGames: Math.max(block, Math.round(input.batchGames / block) * block),
    ...(input.untilClear === undefined ? {} : { untilClear: input.untilClear }),
    ...(input.measure === undefined ? {} : { measure: input.measure }),
  };
}

/** The fields of a JobSpec, in a fixed order, so equal jobs hash equally whatever built them. */
const SPEC_KEYS: readonly (keyof JobSpec)[] = [
  'format',
  'command',
  'game',
  'players',
  'rules',
  'seed',
  'design',
  'seatings',
  'strategies',
  'matchups',
  'games',
  'batchGames',
  // Absent from most jobs, and then from their canonical form: their ids stay what they were.
  'untilClear',
  'measure',
];

export function specOf(job: JobSpec): JobSpec {
  return Object.fromEntries(SPEC_KEYS.map((key) => [key, job[key]])) as unknown as JobSpec;
}

export function jobId(job: JobSpec): string {
  const canonical = JSON.stringify(specOf(job), (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

export function matchSpecOf(job: JobSpec, matchup: number): MatchSpec {
  const { seats, games } = job.matchups[matchup];
  // Block b plays deal b, in group b mod DEAL_GROUPS: a match-up of fewer blocks reaches fewer groups.
  const dealGroups = Math.max(1, Math.min(DEAL_GROUPS, Math.ceil(games / blockGames(job.design, seats.length))));
  return { game: job.game, seats, rules: job.rules, seed: job.seed, ...(dealGroups < DEAL_GROUPS ? { dealGroups } : {}) };
}

/** One task of a job: local games [from, to) of a match-up. */
export interface BatchSpec {
  readonly matchup: number;
  readonly from: number;
  readonly to: number;
}

/**
 * The batches of a job, worked out from their index (a plan of a trillion games takes no memory,
 * and planning it no time), round by round: round k holds the k-th batch of every match-up, in
 * match-up order, and results are merged in this order. A run stopped part way has then played
 * every match-up alike, each seating of a tournament's table as often as the others: played one
 * after another, a stop would leave a table seated one way only, and a seat's advantage would pass
 * for the strength of whoever held it.
 */
export class BatchPlan {
  readonly count: number;
  /** Batches per round: one per match-up. */
  readonly roundSize: number;
  private readonly matchupGames: number;
  private readonly batchGames: number;

  constructor(job: Pick<JobSpec, 'matchups' | 'batchGames'>) {
    this.matchupGames = job.matchups[0].games;
    if (job.matchups.some((matchup) => matchup.games !== this.matchupGames))
      throw Errors.internal('the match-ups of a job play as many games each');
    this.roundSize = job.matchups.length;
    this.batchGames = job.batchGames;
    this.count = Math.ceil(this.matchupGames / this.batchGames) * this.roundSize;
  }

  batch(index: number): BatchSpec {
    const from = Math.floor(index / this.roundSize) * this.batchGames;
    return { matchup: index % this.roundSize, from, to: Math.min(this.matchupGames, from + this.batchGames) };
  }

  /** The batch that plays local game `local` of match-up `matchup`. */
  batchOf(matchup: number, local: number): number {
    return Math.floor(local / this.batchGames) * this.roundSize + matchup;
  }

  games(index: number): number {
    const batch = this.batch(index);
    return batch.to - batch.from;
  }

  /** Games in batches [0, end): whole rounds, then the first match-ups' batches of the next. */
  gamesBefore(end: number): number {
    if (end >= this.count) return this.roundSize * this.matchupGames;
    const { matchup, from } = this.batch(end);
    return this.roundSize * from + matchup * (Math.min(this.matchupGames, from + this.batchGames) - from);
  }

  /** Games each match-up plays in batches [0, end). */
  gamesPerMatchupBefore(end: number): number[] {
    if (end >= this.count) return new Array<number>(this.roundSize).fill(this.matchupGames);
    const { matchup, from } = this.batch(end);
    return Array.from({ length: this.roundSize }, (_, m) => (m < matchup ? Math.min(this.matchupGames, from + this.batchGames) : from));
  }

  /** The batches of the round that holds batch `index`: [first, end). */
  roundOf(index: number): { first: number; end: number } {
    const first = index - (index % this.roundSize);
    return { first, end: first + this.roundSize };
  }
}

/** The match-up and local index of a job's game index (for replays). */
export function locateGame(job: JobSpec, gameIndex: number): { matchup: number; local: number } | null {
  const matchup = job.matchups.findIndex((m) => gameIndex >= m.offset && gameIndex < m.offset + m.games);
  return matchup < 0 ? null : { matchup, local: gameIndex - job.matchups[matchup].offset };
}

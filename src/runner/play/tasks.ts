import type { DesignName } from './design.ts';
import type { MatchSpec } from './match.ts';
import type { PairedSpec } from '../compare/paired.ts';
import type { TaskWatch } from './choice-guard.ts';
import type { ForfeitNote } from './counters.ts';

/**
 * Work for one worker as plain data (it crosses threads by structured clone). Tasks carry the
 * match-up's spec texts, not loaded strategies: the worker resolves them itself and caches the
 * result, so a task costs a few hundred bytes whatever the strategies are.
 */
export interface GamesTask {
  readonly kind: 'games';
  /** URL of the module whose `builtinRegistry()` names the games and built-in strategies. */
  readonly registry: string;
  readonly match: MatchSpec;
  readonly design: DesignName;
  /** Local games [from, to) of the match-up (whole blocks); game indices are offset + local. */
  readonly offset: number;
  readonly from: number;
  readonly to: number;
  readonly watch?: TaskWatch;
  /** Strategy files run unconfined besides those the thread started with: a queued batch's, as the worker caches them. */
  readonly trusted?: readonly string[];
  /** A results folder: write each game's transcript under its transcripts/ (only when the run asks). */
  readonly transcripts?: string;
}

export interface PairedTask {
  readonly kind: 'paired';
  readonly registry: string;
  readonly paired: PairedSpec;
  /** Blocks [fromBlock, toBlock): each arm plays the same game indices. */
  readonly fromBlock: number;
  readonly toBlock: number;
  readonly watch?: TaskWatch;
  /** Strategy files run unconfined besides those the thread started with: a queued batch's, as the worker caches them. */
  readonly trusted?: readonly string[];
}

export type Task = GamesTask | PairedTask;

/**
 * Times the first blocks of a job's match-ups on a worker thread and returns the games per task
 * (calibrate.ts), for match-ups with strategy files: a file that fills its heap while timed there
 * ends that thread, where in the main thread it would end the run.
 */
export interface TimingTask {
  readonly kind: 'timing';
  readonly registry: string;
  readonly matches: readonly MatchSpec[];
  readonly design: DesignName;
  /** The job's games, and the workers that will share them. */
  readonly games: number;
  readonly workers: number;
  readonly moveTimeout?: number;
}

/**
 * Loads a match-up's strategies and creates its seats on a worker thread, for a match-up with
 * strategy files, to check that they start before any game: a file that fills its heap there ends
 * that thread, where in the main thread it would end the run. The tables are kept for the
 * match-up's games.
 */
export interface StartTask {
  readonly kind: 'start';
  readonly registry: string;
  readonly match: MatchSpec;
  readonly design: DesignName;
  readonly moveTimeout?: number;
}

/**
 * Plays once more, on fresh tables, the game of a forfeit for a strategy's error, and sends back
 * what the error said and where it was thrown (forfeit-replay.ts). On a worker thread, the main
 * thread runs no strategy file's code even to describe its failures.
 */
export interface DetailTask {
  readonly kind: 'detail';
  readonly registry: string;
  readonly match: MatchSpec;
  readonly design: DesignName;
  /** The match-up's first game index: the note's game less this is the local game played again. */
  readonly offset: number;
  readonly note: ForfeitNote;
  readonly moveTimeout?: number;
}

/** Work a worker does for the main thread besides the job's games: none of it plays them for the results. */
export type AsideTask = TimingTask | StartTask | DetailTask;

/** Runs tasks somewhere (worker threads, or the main thread for external seats) and returns their counters. */
export interface TaskRunner {
  run(task: Task, signal?: AbortSignal): Promise<Float64Array>;
  close(): Promise<void>;
}

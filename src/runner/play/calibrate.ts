import { performance } from 'node:perf_hooks';
import type { MatchPlayer } from './batch.ts';
import { TIMED_OUT, TimedChoiceGuard } from './choice-guard.ts';
import { Counters } from './counters.ts';

/** A task this long keeps messaging far below a percent and still lets progress and interrupts react quickly. */
const TARGET_SECONDS = 0.25;
const WARM_UP_MS = 100;
const TIMING_MS = 100;
/** The timing is cut into slices, and the fastest counts (see measure). */
const TIMING_SLICES = 5;
const MAX_TIMING_BLOCKS = 2000;
/** Tasks per worker at least, so workers finish together and the progress meter moves. */
const TASKS_PER_WORKER = 8;
/**
 * Tasks per worker at most, however short timing says they should be: each task costs the main
 * thread a message, a merge and a share of the checkpoints, and on many cores thousands of tiny
 * tasks make it, not the workers, set the pace. The last batches are cut finer anyway (pieces.ts).
 */
const MOST_TASKS_PER_WORKER = 64;
/**
 * But never tasks longer than this many times the target: a huge job must still report progress,
 * checkpoint and stop on Ctrl-C within a second or so, however few tasks per worker that makes.
 */
const LONGEST_TASK_TARGETS = 4;

/**
 * The match-ups timed at most. The timing plays a block of each in turn, and the tables of every
 * one are made before it starts: 11,880 Love Letter seatings held 1.7 GB of tables for a timing
 * that played 35 blocks, all of them seatings of the first five strategies.
 */
const TIMED_MATCHUPS = 64;

/**
 * The match-ups a job's timing plays: all of them, or TIMED_MATCHUPS spread evenly through the
 * job, so that a tournament is timed on tables of all its strategies rather than its first few.
 */
export function timedSample<T>(matchups: readonly T[]): T[] {
  if (matchups.length <= TIMED_MATCHUPS) return [...matchups];
  return Array.from({ length: TIMED_MATCHUPS }, (_, i) => matchups[Math.floor((i * matchups.length) / TIMED_MATCHUPS)]);
}

/**
 * Games per task, from timing a few blocks of the job's own match-ups in this thread. The choice
 * changes how work is cut, never the results (counts are exact and merged in order). With a move
 * timeout, one limit covers the whole timing: a limit per call would cost more than the games.
 */
export function chooseBatchGames(players: readonly MatchPlayer[], totalGames: number, workers: number, moveTimeout?: number): number {
  const blockSize = players[0].blockSize;
  const counters = players.map((player) => new Counters(player.match.layout));
  let played = 0;
  const time = (milliseconds: number) => {
    const start = performance.now();
    let blocks = 0;
    let elapsed = 0;
    while (elapsed < milliseconds && blocks < MAX_TIMING_BLOCKS) {
      const index = played % players.length;
      players[index].play({ offset: played, from: 0, to: blockSize }, counters[index]);
      blocks++;
      played++;
      elapsed = performance.now() - start;
    }
    return elapsed / blocks;
  };
  // The first games run before the JIT has compiled the hot path, several times slower than the
  // workers will play; they only warm up. Strategies that keep learning what to compile (counter,
  // say) are still speeding up after that, so the fastest slice of the timing is taken as their
  // speed: timed as a whole, their tasks came out a few milliseconds long on warm workers, so
  // many that the main thread, not the workers, set the pace.
  const measure = () => {
    time(WARM_UP_MS);
    const fastest = Math.min(...Array.from({ length: TIMING_SLICES }, () => time(TIMING_MS / TIMING_SLICES)));
    return Math.max(1, Math.round((TARGET_SECONDS * 1000) / fastest));
  };
  const byBalance = balancedBlocks(blockSize, totalGames, workers);
  const fewest = Math.ceil(totalGames / blockSize / (workers * MOST_TASKS_PER_WORKER));
  const bounded = (byTime: number) => Math.min(Math.max(byTime, Math.min(fewest, byTime * LONGEST_TASK_TARGETS)), byBalance) * blockSize;
  // Timing could only pick fewer games per task than one block: a job this small is not worth the time it takes.
  if (byBalance === 1) return blockSize;
  if (moveTimeout === undefined) return bounded(measure());
  for (const player of players) player.guardChoices(null);
  const limit = new TimedChoiceGuard(moveTimeout + (WARM_UP_MS + TIMING_MS) / 1000);
  const byTime = limit.within(measure);
  // A strategy ran past the limit: no timing, the games are shared out evenly.
  return byTime === TIMED_OUT ? byBalance * blockSize : bounded(byTime);
}

/** Games per task without timing: the job's games shared out evenly, several tasks per worker. */
export function evenBatchGames(blockSize: number, totalGames: number, workers: number): number {
  return balancedBlocks(blockSize, totalGames, workers) * blockSize;
}

function balancedBlocks(blockSize: number, totalGames: number, workers: number): number {
  return Math.max(1, Math.ceil(totalGames / blockSize / (workers * TASKS_PER_WORKER)));
}

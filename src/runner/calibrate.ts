import { performance } from 'node:perf_hooks';
import type { MatchPlayer } from './batch.ts';
import { TIMED_OUT, TimedChoiceGuard } from './choice-guard.ts';
import { Counters } from './counters.ts';

/** A task this long keeps messaging far below a percent and still lets progress and interrupts react quickly. */
const TARGET_SECONDS = 0.25;
const WARM_UP_MS = 100;
const TIMING_MS = 100;
const MAX_TIMING_BLOCKS = 2000;
/** Tasks per worker at least, so workers finish together and the progress meter moves. */
const TASKS_PER_WORKER = 8;

/**
 * Games per task, from timing a few blocks of the job's own match-ups in this thread. The choice
 * changes how work is cut, never the results (counts are exact and merged in order). With a move
 * timeout, one limit covers the whole timing: a limit per call would cost more than the games.
 */
export function chooseBatchGames(players: readonly MatchPlayer[], totalGames: number, workers: number, moveTimeout?: number): number {
  const blockSize = players[0].blockSize;
  const counters = players.map((player) => new Counters(player.match.layout));
  const time = (milliseconds: number) => {
    const start = performance.now();
    let blocks = 0;
    let elapsed = 0;
    while (elapsed < milliseconds && blocks < MAX_TIMING_BLOCKS) {
      const index = blocks % players.length;
      players[index].play({ offset: blocks, from: 0, to: blockSize }, counters[index]);
      blocks++;
      elapsed = performance.now() - start;
    }
    return elapsed / blocks;
  };
  // The first games run before the JIT has compiled the hot path, several times slower than the
  // workers will play; they only warm up.
  const measure = () => {
    time(WARM_UP_MS);
    return Math.max(1, Math.round((TARGET_SECONDS * 1000) / time(TIMING_MS)));
  };
  const byBalance = Math.max(1, Math.ceil(totalGames / blockSize / (workers * TASKS_PER_WORKER)));
  // Timing could only pick fewer games per task than one block: a job this small is not worth the time it takes.
  if (byBalance === 1) return blockSize;
  if (moveTimeout === undefined) return Math.min(measure(), byBalance) * blockSize;
  for (const player of players) player.guardChoices(null);
  const limit = new TimedChoiceGuard(moveTimeout + (WARM_UP_MS + TIMING_MS) / 1000);
  const byTime = limit.within(measure);
  // A strategy ran past the limit: no timing, the games are shared out evenly.
  return (byTime === TIMED_OUT ? byBalance : Math.min(byTime, byBalance)) * blockSize;
}

// One thread of the scaling bench's ceiling lines: parlor's play loop on one Love Letter table,
// started by scaling.ts in a worker thread of its own. Bare, it is the engine alone (deal, moves,
// round ends); counted, every game is also added to a Counters as a worker's task adds it, so the
// two lines tell the engine's scaling apart from the counting's. No tasks and no messages either
// way. Every thread warms up, says it is ready, waits for the common start, then plays for the
// same seconds and posts its games per second: the threads' figures overlap exactly, with no
// start-up, planning or messaging in them.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { builtinRegistry } from '../../src/app.ts';
import { MatchPlayer } from '../../src/runner/play/batch.ts';
import { Counters } from '../../src/runner/play/counters.ts';
import { prepareMatch } from '../../src/runner/play/match.ts';
import { playGame } from '../../src/runner/play/table.ts';
import { askMainThreadForEsbuild } from '../../src/runner/play/loading/main-thread-esbuild.ts';

export interface PlayThreadSetup {
  readonly seats: readonly string[];
  /** Whether every game is counted too, as a worker counts a task's games. */
  readonly counted: boolean;
  /** Where the games of this thread begin: each thread plays games of its own. */
  readonly firstGame: number;
  readonly warmUpSeconds: number;
  readonly seconds: number;
  /** One 32-bit cell the main thread sets to 1 once every thread is ready. */
  readonly start: SharedArrayBuffer;
  /** Where the main thread hears the thread's esbuild work: a strategy file's bundle. */
  readonly esbuild?: string;
}

export type PlayThreadMessage = { readonly kind: 'ready' } | { readonly kind: 'played'; readonly gamesPerSecond: number };

/** Games checked against the clock at once: a clock read per game would be part of the figure. */
const STEP = 500;

const setup = workerData as PlayThreadSetup;
askMainThreadForEsbuild(setup.esbuild);
const match = await prepareMatch(builtinRegistry(), { game: 'love-letter', seats: setup.seats, rules: {}, seed: 'scaling' });
// One design's player and one set of counters for the thread's life: a task builds its counters
// afresh, a cost per task and not per game. The bare loop plays on the player's own table.
const player = new MatchPlayer(match, 'independent');
const table = player.tables[0];
const counters = new Counters(match.layout);
let game = setup.firstGame;

/** Plays steps of games until `seconds` have passed; the games played. */
function playFor(seconds: number): number {
  const from = game;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    if (setup.counted) {
      player.play({ offset: 0, from: game, to: game + STEP }, counters);
      game += STEP;
    } else {
      for (const last = game + STEP; game < last; game++) playGame(table, match.key, game);
    }
  }
  return game - from;
}

playFor(setup.warmUpSeconds);
const start = new Int32Array(setup.start);
parentPort!.postMessage({ kind: 'ready' } satisfies PlayThreadMessage);
Atomics.wait(start, 0, 0);
const began = performance.now();
const games = playFor(setup.seconds);
const gamesPerSecond = games / ((performance.now() - began) / 1000);
parentPort!.postMessage({ kind: 'played', gamesPerSecond } satisfies PlayThreadMessage);

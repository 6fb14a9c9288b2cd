import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  ChoiceOutOfMemory,
  ChoiceTimeout,
  DecisionWatchdog,
  SharedChoiceGuard,
  TimedChoiceGuard,
  TIMED_OUT,
  timedGuard,
  type SeatCall,
} from '../../../src/runner/play/choice-guard.ts';
import { Forfeit } from '../../../src/core/forfeits.ts';
import type { Strategy } from '../../../src/core/strategy.ts';
import { Rng } from '../../../src/core/random.ts';
import { parlor, startParlor } from '../../cli/cli.ts';
import { HUNG_MS, PROMPT_MS } from '../../helpers/patience.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const RUNAWAY = 'test/fixtures/strategies/runaway.ts';
const HOARDER = 'test/fixtures/strategies/hoarder.ts';
const HOARDER_AT_LOAD = 'test/fixtures/strategies/hoarder-at-load.ts';
const HOARDER_AT_CREATE = 'test/fixtures/strategies/hoarder-at-create.ts';
const SHIFTS_BLAME = 'test/fixtures/strategies/shifts-blame.ts';
const BIG_MONEY_FILE = 'strategies/examples/dominion-big-money.ts';
// A random decision takes microseconds; a process descheduled on a loaded machine may still not
// make one for a good part of a second. Each runaway decision costs the whole limit.
const MOVE_TIMEOUT = '1';
const LIMIT = ['--move-timeout', MOVE_TIMEOUT, '--seed', 'loop', '-q', '--json', '--force'];

interface Summary {
  readonly resultsDir: string;
  readonly games: number;
  readonly forfeits: { strategy: string; what: string; count: number }[];
  readonly strategies: Record<string, { wins: number; rounds: number; roundWins: number }>;
}

function timeouts(summary: Summary): number {
  return summary.forfeits.filter((row) => row.what === 'timeout').reduce((sum, row) => sum + row.count, 0);
}

function strategyOf(choose: () => number, restart: () => void = () => {}): Strategy {
  return { observes: false, restart, inform() {}, choose };
}

describe('the vm guard of games played in the main thread', () => {
  // Long enough for a call that returns at once to finish on a loaded machine, where a descheduled
  // process may not run for a good part of a second; each call that never returns costs all of it.
  const GUARD_SECONDS = 1;
  const guard = new TimedChoiceGuard(GUARD_SECONDS);
  const legal = new Int32Array([7]);

  test('is one per limit, shared by every table made with it, a call under it free to make another', () => {
    // A vm context a table made thousands of them for a tournament's seatings: 2.1 GB for 11,880.
    assert.equal(timedGuard(5), timedGuard(5));
    assert.notEqual(timedGuard(5), timedGuard(6));
    assert.equal(timedGuard(undefined), null);
    const shared = timedGuard(GUARD_SECONDS)!;
    assert.equal(
      shared.within(() => (shared.within(() => 3) as number) + 4),
      7,
    );
    assert.equal(
      shared.within(() => {
        for (;;);
      }),
      TIMED_OUT,
    );
  });

  test('interrupts a function of this context that never returns, and lets the next call run', () => {
    const started = performance.now();
    const spin = strategyOf(() => {
      for (;;);
    });
    assert.throws(() => guard.choose(0, spin, {} as never, legal, 1, new Rng()), ChoiceTimeout);
    assert.ok(performance.now() - started < PROMPT_MS);
    assert.equal(
      guard.choose(
        0,
        strategyOf(() => 7),
        {} as never,
        legal,
        1,
        new Rng(),
      ),
      7,
    );
    const cut = guard.hook(
      0,
      strategyOf(
        () => 7,
        () => {
          for (;;);
        },
      ),
      null,
    );
    assert.ok(cut instanceof ChoiceTimeout && cut.reason === Forfeit.TIMEOUT, String(cut));
    assert.equal(
      guard.hook(
        0,
        strategyOf(() => 7),
        null,
      ),
      null,
    );
  });

  test("passes a strategy's own errors through as they are", () => {
    const failing = strategyOf(() => {
      throw new RangeError('no idea');
    });
    assert.throws(() => guard.choose(0, failing, {} as never, legal, 1, new Rng()), RangeError);
  });
});

describe("a worker's guard, which publishes its calls and skips those an earlier attempt cut short", () => {
  const legal = new Int32Array([7]);
  const isTimeout = (error: unknown) => error instanceof ChoiceTimeout && error.reason === Forfeit.TIMEOUT;

  function watched(test: (watchdog: DecisionWatchdog) => void): void {
    const watchdog = new DecisionWatchdog(60_000, () => assert.fail('nothing stalls here'));
    try {
      test(watchdog);
    } finally {
      watchdog.stop();
    }
  }

  test('forfeits the listed calls by their reasons, and calls the strategy for the others', () => {
    watched((watchdog) => {
      const guard = new SharedChoiceGuard({
        buffer: watchdog.buffer,
        seconds: 1,
        timedOut: [{ game: 1, seat: 0, call: 1 }],
        outOfMemory: [{ game: 1, seat: 0, call: 3 }],
      });
      const seen: (SeatCall | null)[] = [];
      const strategy = strategyOf(() => {
        seen.push(watchdog.callInProgress());
        return 7;
      });
      const call = () => guard.choose(0, strategy, {} as never, legal, 1, new Rng());
      guard.beginGame();
      assert.throws(call, isTimeout);
      assert.equal(call(), 7);
      assert.throws(call, (error) => error instanceof ChoiceOutOfMemory && error.reason === Forfeit.CRASHED);
      assert.equal(call(), 7);
      assert.deepEqual(
        seen,
        [
          { game: 1, seat: 0, call: 2 },
          { game: 1, seat: 0, call: 4 },
        ],
        'the main thread reads which call is running',
      );
      assert.equal(watchdog.callInProgress(), null, 'and nothing between calls');
    });
  });

  test("names a call by its game, its seat and that seat's own count, which no other seat's calls move", () => {
    watched((watchdog) => {
      // Seat 1's second call of the second game ran out; this attempt, seat 0 makes more calls
      // before it than the attempt that stalled did.
      const guard = new SharedChoiceGuard({
        buffer: watchdog.buffer,
        seconds: 1,
        timedOut: [{ game: 2, seat: 1, call: 2 }],
        outOfMemory: [],
      });
      const made: string[] = [];
      const seat = (index: number) =>
        strategyOf(
          () => (made.push(`choose ${index}`), 7),
          () => void made.push(`restart ${index}`),
        );
      const [zero, one] = [seat(0), seat(1)];
      const choose = (index: number) => guard.choose(index, index === 0 ? zero : one, {} as never, legal, 1, new Rng());
      guard.beginGame();
      for (const index of [0, 1, 0, 1, 0, 1]) assert.equal(choose(index), 7, 'the first game has nothing cut short');
      guard.beginGame();
      assert.equal(guard.hook(1, one, null), null, "a seat's restart is one of its calls");
      for (const index of [0, 0, 0, 0]) assert.equal(choose(index), 7);
      assert.throws(() => choose(1), isTimeout);
      assert.equal(choose(0), 7);
      assert.equal(choose(1), 7);
      assert.equal(made.filter((call) => call.endsWith(' 1')).length, 5, 'seat 1 is spared only the call that ran out');
      assert.equal(made.filter((call) => call.endsWith(' 0')).length, 8, 'seat 0 is never cut short');
    });
  });

  test('a seat that makes fewer calls than the one listed forfeits nothing, and later games count afresh', () => {
    watched((watchdog) => {
      const guard = new SharedChoiceGuard({
        buffer: watchdog.buffer,
        seconds: 1,
        timedOut: [{ game: 1, seat: 0, call: 3 }],
        outOfMemory: [],
      });
      const strategy = strategyOf(() => 7);
      const choose = (index: number) => guard.choose(index, strategy, {} as never, legal, 1, new Rng());
      guard.beginGame();
      for (const index of [0, 1, 0, 1, 1, 1]) assert.equal(choose(index), 7);
      guard.beginGame();
      for (const index of [0, 0, 0, 1]) assert.equal(choose(index), 7);
    });
  });
});

describe(`--move-timeout on strategy files (real processes, ${MOVE_TIMEOUT} s)`, () => {
  test('a choose that never returns forfeits on time, alike on 1 and 2 workers; replay shows it', async () => {
    const dir = scratchDir();
    try {
      const args = ['sim', '-p', '2', '--strategies', `${RUNAWAY}:percent=1,random`, '--games', '6', ...LIMIT];
      const [one, two] = await Promise.all([
        parlor([...args, '-w', '1', '-o', join(dir, 'one')]),
        parlor([...args, '-w', '2', '-o', join(dir, 'two')]),
      ]);
      assert.equal(one.code, 0, one.stderr);
      assert.equal(two.code, 0, two.stderr);
      const summary = JSON.parse(one.stdout) as Summary;
      assert.equal(summary.games, 6);
      assert.ok(timeouts(summary) > 0, one.stdout);
      // The figures agree; only where each run wrote its folder differs.
      assert.deepEqual({ ...JSON.parse(two.stdout), resultsDir: summary.resultsDir }, summary);
      const hint = /forfeit in game (\d+) \(--game love-letter --seed loop --index \1\): seat 0, .*runaway.*, timeout/.exec(one.stderr);
      assert.ok(hint, one.stderr);
      const replay = await parlor(['replay', '--job', join(dir, 'one'), '--index', hint[1], '--move-timeout', MOVE_TIMEOUT]);
      assert.equal(replay.code, 0, replay.stderr);
      assert.match(replay.stdout, new RegExp(`forfeits: timeout \\(no choice within the ${MOVE_TIMEOUT} s move timeout\\)`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('create, restart and inform that never return: tournament and compare go on and count the forfeits', async () => {
    const dir = scratchDir();
    try {
      const [tournament, restarts, compare] = await Promise.all([
        // Each of the file's seats costs the whole limit: a game for each of the two seatings is enough.
        parlor(['tournament', '-p', '2', '--strategies', `${RUNAWAY}:in=create,random`, '--games', '2', ...LIMIT, '-o', join(dir, 't')]),
        parlor(['sim', '-p', '2', '--strategies', `${RUNAWAY}:in=restart,random`, '--games', '1', ...LIMIT, '-o', join(dir, 's')]),
        parlor([
          'compare',
          '--candidate',
          `${RUNAWAY}:in=inform`,
          '--baseline',
          'random',
          '--opponents',
          'random',
          '-p',
          '2',
          // The fewest a compare plays, one block in each arm: each draw of the card it hangs on costs the whole limit.
          '--max-games',
          '4',
          '--batch',
          '2',
          ...LIMIT,
          '-o',
          join(dir, 'c'),
        ]),
      ]);
      for (const run of [tournament, restarts]) {
        assert.equal(run.code, 0, run.stderr);
        const summary = JSON.parse(run.stdout) as Summary;
        assert.ok(timeouts(summary) > 0, run.stdout);
      }
      assert.equal(compare.code === 0 || compare.code === 1 || compare.code === 2, true, compare.stderr);
      assert.match(compare.stderr, /runaway\.ts:in=inform: \d+ forfeits \(timeout\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('compare whose candidate never returns from create ends, the summary making its seats under the limit too', async () => {
    const dir = scratchDir();
    const args = ['compare', '--candidate', `${RUNAWAY}:in=create`, '--baseline', 'random', '--max-games', '4', '--batch', '2'];
    const { child, finished } = startParlor([...args, ...LIMIT, '-o', dir]);
    // Before, the summary made the seats with no limit and the process spun for good; this is
    // hundreds of times what the run takes.
    const stuck = setTimeout(() => child.kill('SIGKILL'), HUNG_MS);
    try {
      const run = await finished;
      assert.equal(run.signal, null, `still running after ${HUNG_MS / 1000} s`);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /runaway\.ts:in=create: \d+ forfeits \(timeout\)/);
    } finally {
      clearTimeout(stuck);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a strategy file that throws in restart or inform forfeits its next decision, and the run goes on', async () => {
    const dir = scratchDir();
    try {
      const runs = await Promise.all(
        ['restart', 'inform'].map((where) =>
          parlor([
            'sim',
            '-p',
            '2',
            '--strategies',
            `${RUNAWAY}:in=${where},how=throw,card=1,random`,
            '--games',
            '20',
            ...LIMIT,
            '-o',
            join(dir, where),
          ]),
        ),
      );
      for (const run of runs) {
        assert.equal(run.code, 0, run.stderr);
        const summary = JSON.parse(run.stdout) as Summary;
        assert.equal(summary.games, 20);
        assert.ok(
          summary.forfeits.some((row) => row.what === 'strategy-error' && row.count > 0),
          run.stdout,
        );
        assert.equal(timeouts(summary), 0, run.stdout);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a strategy file that plays a task differently when the task is played again (real processes)', () => {
  test('its seat forfeits for the call it stalled in, timed out or out of memory, and the other file never does', async () => {
    const dir = scratchDir();
    try {
      // One worker keeps the seats from the first task of 10 games to the second, where the file
      // stalls; the task is played again on a fresh thread, where it keeps its habit.
      const args = [
        'sim',
        '--game',
        'dominion',
        '-p',
        '2',
        '--games',
        '20',
        '--batch',
        '10',
        '-w',
        '1',
        '--seed',
        'blame',
        '-q',
        '--json',
        '--force',
      ];
      const [timedOut, filledHeap] = await Promise.all([
        // A decision of the other file takes microseconds; its limit is far past that on a loaded machine.
        parlor([...args, '--strategies', `${SHIFTS_BLAME},${BIG_MONEY_FILE}`, '--move-timeout', '5', '-o', join(dir, 'loop')]),
        parlor([
          ...args,
          '--strategies',
          `${SHIFTS_BLAME}:how=hoard,${BIG_MONEY_FILE}`,
          '--move-timeout',
          '60',
          '--worker-memory',
          '96',
          '-o',
          join(dir, 'hoard'),
        ]),
      ]);
      for (const [run, spec, what] of [
        [timedOut, SHIFTS_BLAME, 'timeout'],
        [filledHeap, `${SHIFTS_BLAME}:how=hoard`, 'crashed'],
      ] as const) {
        assert.equal(run.code, 0, run.stderr);
        const summary = JSON.parse(run.stdout) as Summary;
        assert.equal(summary.games, 20);
        assert.deepEqual(summary.forfeits, [{ strategy: spec, what, count: 1 }], run.stderr);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('--worker-memory on strategy files (real processes)', () => {
  test("a call that fills its worker's heap forfeits as crashed, alike on 1 and 2 workers, and the run goes on", async () => {
    const dir = scratchDir();
    try {
      // A limit far past the filling, which takes a fraction of a second, even on a loaded machine.
      // The seeded games deal the file its pair in game 16 and play three more after it; forty
      // dealt it again in game 35, and each fill costs seconds.
      const args = ['sim', '-p', '2', '--strategies', `${HOARDER}:card=2,random`, '--games', '20', '--worker-memory', '96'];
      const settings = ['--move-timeout', '60', '--seed', 'mem', '-q', '--json', '--force'];
      const [one, two] = await Promise.all([
        parlor([...args, ...settings, '-w', '1', '-o', join(dir, 'one')]),
        parlor([...args, ...settings, '-w', '2', '-o', join(dir, 'two')]),
      ]);
      assert.equal(one.code, 0, one.stderr);
      assert.equal(two.code, 0, two.stderr);
      const summary = JSON.parse(one.stdout) as Summary;
      assert.equal(summary.games, 20);
      assert.deepEqual({ ...JSON.parse(two.stdout), resultsDir: summary.resultsDir }, summary);
      assert.deepEqual(
        summary.forfeits.map((row) => [row.strategy, row.what]),
        [[`${HOARDER}:card=2`, 'crashed']],
        'the hoarder alone forfeits, and only as crashed',
      );
      assert.ok(summary.forfeits[0].count > 0);
      const csv = readFileSync(join(dir, 'one', 'forfeits.csv'), 'utf8');
      assert.match(csv, /crashed,\d+,filled its worker thread's memory/);
      // The replay the run suggests plays the game on a worker with the limit the job recorded, and shows the crash.
      assert.equal(JSON.parse(readFileSync(join(dir, 'one', 'job.json'), 'utf8')).play.workerMemory, 96);
      const hint = /forfeit in game (\d+) .*hoarder.*, crashed: .*; transcript: .* replay (--job \S+ --index \1)$/m.exec(one.stderr);
      assert.ok(hint, one.stderr);
      const replay = await parlor(['replay', ...hint[2].split(' ')]);
      assert.equal(replay.code, 0, replay.stderr);
      assert.match(replay.stdout, /\{ player 1 forfeits: crashed \(filled its worker thread's memory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a file whose top-level code fills the heap fails the command in one line naming it, in sim, tune and compare', async () => {
    const dir = scratchDir();
    try {
      const runs = await Promise.all([
        parlor([
          'sim',
          '-p',
          '2',
          '--strategies',
          `${HOARDER_AT_LOAD},random`,
          '--games',
          '10',
          '--worker-memory',
          '96',
          '-o',
          join(dir, 'sim'),
        ]),
        parlor(['tune', '--strategy', HOARDER_AT_LOAD, '--param', 'x=1:0:2', '--worker-memory', '96', '-o', join(dir, 'tune')]),
        parlor(['compare', '--candidate', HOARDER_AT_LOAD, '--baseline', 'random', '--worker-memory', '96', '-o', join(dir, 'compare')]),
      ]);
      for (const run of runs) {
        assert.equal(run.code, 3, run.stderr);
        assert.equal(
          run.stderr,
          `parlor: strategy module ${HOARDER_AT_LOAD}: its top-level code filled a worker thread's heap (96 MB, --worker-memory)\n`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a file whose create fills the heap fails the command in one line naming it, in sim and in compare', async () => {
    const dir = scratchDir();
    try {
      const memory = ['--worker-memory', '96', '--force'];
      const runs = await Promise.all([
        parlor(['sim', '-p', '2', '--strategies', `${HOARDER_AT_CREATE},random`, '--games', '10', ...memory, '-o', join(dir, 'sim')]),
        parlor([
          'compare',
          '--candidate',
          HOARDER_AT_CREATE,
          '--baseline',
          'random',
          '--max-games',
          '40',
          ...memory,
          '-o',
          join(dir, 'compare'),
        ]),
      ]);
      for (const run of runs) {
        assert.equal(run.code, 3, run.stderr);
        assert.match(
          run.stderr,
          new RegExp(
            `^parlor: strategy module ${HOARDER_AT_CREATE}: filled a worker thread's heap as its match-up was loaded and its seats made \\(96 MB, --worker-memory\\)\n$`,
            'm',
          ),
        );
        assert.doesNotMatch(run.stderr, /FATAL|games \d+ to \d+ failed/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('refuses a limit too small to hold parlor', async () => {
    const run = await parlor(['sim', '--games', '10', '--worker-memory', '8', '-q']);
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stderr, /--worker-memory/);
  });
});

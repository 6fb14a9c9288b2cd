// A confined strategy file that misbehaves where its code meets parlor's ends as a forfeit of its
// own seat, or as one line naming it before any game: never a hang, never a crash of the run.
// Every evaluation of its code is timed, a seat's evaluation of its top-level code with its
// create, and nothing it makes crosses into parlor, whose code would run the file's untimed in
// showing it. Each command runs as users run it, and one that hangs is ended after HUNG_MS.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { ROOT, startParlor, type Finished } from '../../../cli/cli.ts';
import { HUNG_MS } from '../../../helpers/patience.ts';
import { PYTHON } from '../../../protocol/helpers.ts';
import { scratchDir } from '../../../helpers/scratch.ts';

const fixture = (name: string) => `test/fixtures/strategies/${name}.js`;
const SETTINGS = ['-p', '2', '--games', '4', '-w', '1', '--seed', 'misbehaving', '-q', '--json', '--force'];

interface Summary {
  readonly games: number;
  readonly forfeits: { strategy: string; what: string; count: number }[];
}

/** Runs `body` with a scratch folder of its own, removed after it whatever happens. */
async function inScratch(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = scratchDir();
  try {
    await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The run's --json summary counts `games` games, and forfeits of `spec` alone, all for `reason`. */
function assertForfeitsOf(stdout: string, games: number, spec: string, reason: string): void {
  const summary = JSON.parse(stdout) as Summary;
  assert.equal(summary.games, games);
  assert.deepEqual(
    summary.forfeits.map((row) => [row.strategy, row.what]),
    [[spec, reason]],
  );
}

/** The command, run to its end: one still running after HUNG_MS is stuck for good. */
async function ended(args: readonly string[]): Promise<Finished> {
  const { child, finished } = startParlor(args);
  const stuck = setTimeout(() => child.kill('SIGKILL'), HUNG_MS);
  try {
    const run = await finished;
    assert.equal(run.signal, null, `still running after ${HUNG_MS / 1000} s: parlor ${args.join(' ')}`);
    return run;
  } finally {
    clearTimeout(stuck);
  }
}

describe("a strategy file's top-level code, run again for each seat", () => {
  test('is timed with its create: past the move timeout, the seat forfeits every decision on time', async () => {
    await inScratch(async (dir) => {
      // It idles 4 s each time it runs: within the load's 10 s, far past the seat's limit.
      const spec = fixture('slow-top-level');
      const run = await ended(['sim', '--strategies', `${spec},random`, ...SETTINGS, '--move-timeout', '0.5', '-o', dir]);
      assert.equal(run.code, 0, run.stderr);
      assertForfeitsOf(run.stdout, 4, spec, 'timeout');
    });
  });

  test('that spins only where it is evaluated for a seat, not where it was loaded, forfeits on time there', async () => {
    // A match-up with a bot makes its seats in the command's own thread, whose stack is shorter
    // than that of the thread the file was loaded on: there the file spins.
    const bot = `cmd:${quote([PYTHON, join(ROOT, 'strategies/external/random_bot.py'), '2', '7'])}`;
    const run = await ended([
      'replay',
      '--game',
      'love-letter',
      '--strategies',
      `${fixture('spins-on-a-short-stack')},${bot}`,
      '--seed',
      'misbehaving',
      '--index',
      '0',
      '--move-timeout',
      '1',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const forfeits = run.stdout.split('\n').filter((line) => line.includes(' forfeits: '));
    assert.ok(forfeits.length > 0, run.stdout);
    for (const line of forfeits) assert.equal(line, '{ player 1 forfeits: timeout (create did not return within the 1 s move timeout) }');
  });
});

describe('what a strategy file throws or hands over', () => {
  test('an Error whose message is not a string forfeits its decision, in fixed words; its message is never shown', async () => {
    await inScratch(async (dir) => {
      const specs = ['loop', 'throw'].map((how) => `${fixture('message-bomb')}:how=${how}`);
      const runs = await Promise.all(
        specs.map((spec, index) =>
          ended(['sim', '--strategies', `${spec},random`, ...SETTINGS, '--move-timeout', '1', '-o', join(dir, `${index}`)]),
        ),
      );
      for (const [index, run] of runs.entries()) {
        assert.equal(run.code, 0, run.stderr);
        assertForfeitsOf(run.stdout, 4, specs[index], 'strategy-error');
        const csv = readFileSync(join(dir, `${index}`, 'forfeits.csv'), 'utf8');
        assert.match(csv, /,strategy-error,\d+,\[a message that is not a string\] \(test\/fixtures\/strategies\/message-bomb\.js:\d+\)\n/);
      }
    });
  });

  test('what is not an action, and a failure with no message, forfeit with words that say so', async () => {
    await inScratch(async (dir) => {
      const details: Record<string, RegExp> = {
        nan: /^choose returned NaN, not an action$/,
        object: /^choose returned object, not an action$/,
        'empty-error': /^\[an empty message\] \(test\/fixtures\/strategies\/non-actions\.js:\d+\)$/,
        'empty-string': /^\[an empty message\]$/,
      };
      for (const [how, detail] of Object.entries(details)) {
        const spec = `${fixture('non-actions')}:how=${how}`;
        const out = join(dir, how);
        const run = await ended(['sim', '--strategies', `${spec},random`, ...SETTINGS, '-o', out]);
        assert.equal(run.code, 0, run.stderr);
        assertForfeitsOf(run.stdout, 4, spec, 'strategy-error');
        const [, row] = readFileSync(join(out, 'forfeits.csv'), 'utf8').trim().split('\n');
        // strategy,reason,count,first: the detail is what follows the count.
        const first = /^[^,]+,strategy-error,\d+,(.*)$/.exec(row)![1];
        assert.match(first.replace(/^"(.*)"$/, '$1'), detail, how);
      }
    });
  });

  test('its words reach forfeits.csv as text a spreadsheet does not run, and stderr without marks that reorder them', async () => {
    await inScratch(async (dir) => {
      const spec = fixture('formula-thrower');
      const run = await ended(['sim', '--strategies', `${spec},random`, ...SETTINGS, '-o', dir]);
      assert.equal(run.code, 0, run.stderr);
      const csv = readFileSync(join(dir, 'forfeits.csv'), 'utf8');
      assert.ok(csv.includes(`,strategy-error,`), csv);
      assert.ok(csv.includes(`"'=HYPERLINK(""https://example.invalid/?""&B2,""details"")\\u202e"\n`), csv);
      assert.ok(!run.stderr.includes('\u202e'), 'the override is escaped on stderr');
      assert.match(run.stderr, /details"\)\\u202e/);
    });
  });

  test("a seat of the file's own making, thrown from create, is never played: the command fails naming the file", async () => {
    await inScratch(async (dir) => {
      const spec = fixture('forged-seat');
      const run = await ended(['sim', '--strategies', `${spec},random`, ...SETTINGS, '--move-timeout', '1', '-o', dir]);
      assert.equal(run.code, 3, run.stderr);
      assert.equal(run.stderr, `parlor: strategy module ${spec}: failed to start: create failed: [a message that is not a string]\n`);
    });
  });

  test("a module of the file's own making, exported or handed to the realm, is never called: the file plays as it exports", async () => {
    await inScratch(async (dir) => {
      const run = await ended(['sim', '--strategies', `${fixture('forged-module')},random`, ...SETTINGS, '--move-timeout', '1', '-o', dir]);
      assert.equal(run.code, 0, run.stderr);
      const summary = JSON.parse(run.stdout) as Summary;
      assert.equal(summary.games, 4);
      assert.deepEqual(summary.forfeits, []);
    });
  });
});

describe("a strategy file's memory outside the heap", () => {
  test("counts against --worker-memory, copies into the realm's own constructors too: a call that meets it crashes, and the run goes on", async () => {
    await inScratch(async (dir) => {
      for (const how of ['construct', 'buffer-copy', 'view-copy']) {
        const spec = `${fixture('hoards-buffers')}:how=${how}`;
        const out = join(dir, how);
        // The seeded games give it some twenty calls, which keep 320 MiB and more: far past a
        // worker of 96 MB, the limit met a few calls in and every call after it crashing too.
        const run = await ended(['sim', '--strategies', `${spec},random`, ...SETTINGS, '--worker-memory', '96', '-o', out]);
        assert.equal(run.code, 0, run.stderr);
        assertForfeitsOf(run.stdout, 4, spec, 'crashed');
        assert.match(
          readFileSync(join(out, 'forfeits.csv'), 'utf8'),
          /,crashed,\d+,filled its worker thread's memory \(--worker-memory\)\n/,
        );
      }
    });
  });

  test('counts against --worker-memory at a table with a bot too, on the thread that hosts its bots: the bot is never charged', async () => {
    await inScratch(async (dir) => {
      const spec = fixture('hoards-buffers');
      const bot = `cmd:${PYTHON} strategies/external/random_bot.py 2 7`;
      // Four games keep a few hundred MiB: past 96 MB, and far below V8's own limit of gigabytes,
      // the one the thread would have had with none set.
      const run = await ended(['sim', '--strategies', `${spec},${bot}`, ...SETTINGS, '--worker-memory', '96', '-o', dir]);
      assert.equal(run.code, 0, run.stderr);
      assertForfeitsOf(run.stdout, 4, spec, 'crashed');
    });
  });

  test('a file at a table with a bot that fills the heap forfeits that call, as on a worker: the bot is never charged', async () => {
    await inScratch(async (dir) => {
      // The bot's own seed fixes its plays, and with them whether the file is ever dealt its pair.
      const bot = `cmd:${PYTHON} strategies/external/random_bot.py 2 7`;
      const spec = 'test/fixtures/strategies/hoarder.ts';
      // Time enough to fill the heap on a slow machine: a call cut short by the limit would forfeit on time.
      const slack = ['--move-timeout', '60'];
      // The file is dealt its pair in the first game, and the second is played after the fill:
      // each fill costs seconds, and more games would only fill it again.
      const games = ['--games', '2'];
      const run = await ended([
        'sim',
        '--strategies',
        `${spec},${bot}`,
        ...SETTINGS,
        ...games,
        ...slack,
        '--worker-memory',
        '96',
        '-o',
        dir,
      ]);
      assert.equal(run.code, 0, run.stderr);
      assertForfeitsOf(run.stdout, 2, spec, 'crashed');
      assert.match(readFileSync(join(dir, 'forfeits.csv'), 'utf8'), /,crashed,\d+,filled its worker thread's memory \(--worker-memory\)\n/);
    });
  });

  test('in a tournament whose bot tables share one thread, a call that fills its heap is charged to the file alone, and every game is counted', async () => {
    await inScratch(async (dir) => {
      const bot = `cmd:${PYTHON} strategies/external/random_bot.py 2 7`;
      const spec = 'test/fixtures/strategies/hoarder.ts';
      // One thread hosts the bot's tables against both the file and random: their tasks take turns on it.
      // A game for each of the six seatings: the file fills its heap in the first, at the bot's
      // table. Twelve filled it once more, at random's table on a worker, which tests elsewhere play.
      const run = await ended([
        ...['tournament', '--strategies', `${spec},${bot},random`, '-p', '2', '--games', '6', '-w', '1', '--seed', 'misbehaving'],
        ...['-q', '--json', '--move-timeout', '60', '--worker-memory', '96', '-o', dir],
      ]);
      assert.equal(run.code, 0, run.stderr);
      const summary = JSON.parse(run.stdout) as Summary;
      assert.equal(summary.games, 6);
      assert.deepEqual(
        summary.forfeits.map((row) => [row.strategy, row.what]),
        [[spec, 'crashed']],
      );
    });
  });

  test("counts its WebAssembly memories against --worker-memory, at the most each may grow to: the seat's own limits bound one seat, not the thread's many", async () => {
    await inScratch(async (dir) => {
      for (const how of ['made', 'grown']) {
        const spec = `${fixture('hoards-wasm-memory')}:how=${how}`;
        const out = join(dir, how);
        // Two seats of 64 MiB each, within their own limits, are past a worker of 96 MB together.
        const run = await ended(['sim', '--strategies', `${spec},${spec}`, ...SETTINGS, '--worker-memory', '96', '-o', out]);
        assert.equal(run.code, 0, run.stderr);
        assertForfeitsOf(run.stdout, 4, spec, 'crashed');
        assert.match(readFileSync(join(out, 'forfeits.csv'), 'utf8'), /,crashed,1,filled its worker thread's memory \(--worker-memory\)\n/);
      }
    });
  });
});

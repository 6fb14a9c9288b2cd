import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { quote } from 'shell-quote';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { Illegal } from '../../../src/games/speedclue/index.ts';
import type { ReadFailure } from '../../../src/protocol/index.ts';
import { ANSWERING_SECONDS, PROMPT_MS } from '../../helpers/patience.ts';
import { startParlor } from '../../cli/cli.ts';
import { PYTHON, ROOT, forfeitsOf, liveHandles, playExternal, processesMarked, botZombies } from '../helpers.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const fixture = (name: string) => join(ROOT, 'test/fixtures/bots/speedclue', name);
const cmd = (...words: string[]) => `cmd:${quote(words)}`;
const EXAMPLE = join(ROOT, 'strategies/external/speedclue_bot.py');
const CONSTRAINT = join(ROOT, 'strategies/external/speedclue_constraint_bot.py');
const GCC = spawnSync('gcc', ['--version']).status === 0;

const marker = `PARLOR_SPEEDCLUE_TEST=${process.pid}`;
const env = { ...process.env, PARLOR_SPEEDCLUE_TEST: String(process.pid) };
const limits = { graceMs: 200 };

let scratch: string;
before(() => {
  scratch = scratchDir('speedclue-host');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

async function assertNothingLeft(): Promise<void> {
  assert.deepEqual(processesMarked(marker), [], 'no bot process is left running');
  assert.deepEqual(await botZombies(), [], 'every bot process was reaped');
  // The port closes a moment after its last bot is gone.
  for (let waited = 0; liveHandles().TCPServerWrap !== undefined && waited < 1000; waited += 20) await sleep(20);
  assert.equal(liveHandles().TCPServerWrap, undefined, 'no port is left listening');
  assert.equal(liveHandles().TCPSocketWrap, undefined, 'no connection is left open');
}

/** Plays `games` games of the bot in seat 0 against two built-ins, and what went wrong with it. */
async function playBot(
  bot: string,
  games: number,
  name: string,
  moveTimeout?: number,
  extra: { framing?: string; startTimeout?: number } = {},
) {
  const failures: ReadFailure[] = [];
  const resultsDir = join(scratch, name);
  const started = performance.now();
  const played = await playExternal([bot, 'simple', 'inference'], games, {
    game: 'speedclue',
    seed: name,
    env,
    limits,
    moveTimeout,
    resultsDir,
    ...extra,
    onFailure: (_label, failure) => failures.push(failure),
  });
  const logDir = join(resultsDir, 'bots');
  const logs = existsSync(logDir) ? readdirSync(logDir).map((file) => readFileSync(join(logDir, file), 'utf8')) : [];
  return { ...played, failures, log: logs.join(''), seconds: (performance.now() - started) / 1000 };
}

describe('SpeedClue bots on TCP', () => {
  const pythonBots: [string, string, number][] = [
    ['the example Python bot', EXAMPLE, 20],
    ['the constraint-propagation bot', CONSTRAINT, 6],
  ];
  for (const [what, file, games] of pythonBots) {
    test(`${what} plays a whole run legally on one connection, and answers done with dead`, async () => {
      const { counters, stats, failures, log } = await playBot(cmd(PYTHON, file), games, basename(file, '.py'));
      assert.equal(forfeitsOf(counters, 0).size, 0);
      assert.deepEqual(failures, []);
      assert.equal(stats.botsStarted, 1);
      assert.equal(stats.games, games);
      assert.doesNotMatch(log, /dead|ignoring|Traceback/);
      await assertNothingLeft();
    });
  }

  test("a bot moved from seat to seat keeps each game's messages in that game's transcript", async () => {
    // Under the duplicate design the one process sits at another seat each game, and moves on while
    // its last game's news still waits for an ok: that news stays in its own game.
    const out = join(scratch, 'moving');
    const { finished } = startParlor(
      [
        'sim',
        '--game',
        'speedclue',
        '--seat',
        cmd(PYTHON, EXAMPLE),
        '--seat',
        'inference',
        '--seat',
        'simple',
        '--design',
        'duplicate',
        '--games',
        '6',
        '--seed',
        'moving',
        '--transcripts',
        '--move-timeout',
        String(ANSWERING_SECONDS),
        '--start-timeout',
        String(ANSWERING_SECONDS),
        '-w',
        '1',
        '-q',
        '--out',
        out,
      ],
      ROOT,
      env,
    );
    const run = await finished;
    assert.equal(run.code, 0, run.stderr);
    for (let game = 0; game < 6; game++) {
      const wire = readFileSync(join(out, 'transcripts', `game-${game}.txt`), 'utf8').match(/^\[wire .*$/gm) ?? [];
      const opening = /^\[wire manager -> (\d)\] reset 3 (\d) /.exec(wire[0] ?? '');
      assert.ok(opening && opening[1] === opening[2], `game ${game} opens with its own reset: ${wire[0]}`);
      const seat = opening[1];
      for (const line of wire) assert.match(line, new RegExp(`^\\[wire (manager -> ${seat}|${seat} -> manager)\\] `), `game ${game}`);
    }
    assert.deepEqual(processesMarked(marker), []);
  });

  test('the example C bot, compiled here, plays a whole run sending NUL-ended replies', { skip: !GCC && 'no gcc' }, async () => {
    const program = join(scratch, 'speedclue_bot');
    execFileSync('gcc', ['-O2', '-o', program, join(ROOT, 'strategies/external/speedclue_bot.c')]);
    const { counters, stats, failures } = await playBot(cmd(program), 20, 'c-bot');
    assert.equal(forfeitsOf(counters, 0).size, 0);
    assert.deepEqual(failures, []);
    assert.equal(stats.botsStarted, 1);
    await assertNothingLeft();
  });

  test('a bot written for the Python port plays with --framing lines, and fails to start without it', async () => {
    const lines = await playBot(cmd(PYTHON, fixture('newline.py')), 5, 'lines', undefined, { framing: 'lines' });
    assert.equal(forfeitsOf(lines.counters, 0).size, 0);
    const raw = await playBot(cmd(PYTHON, fixture('newline.py')), 1, 'raw-newline');
    assert.equal(raw.failures[0].failure, Forfeit.MALFORMED);
    assert.match(raw.failures[0].detail, /^greeted with "p\w+ alive\\n", not 'p\w+ alive'$/);
    await assertNothingLeft();
  });

  // Games enough for each misbehaviour to show: a disproof asked of a seat is not certain in one.
  // The bots that never come up are given half a second to (--start-timeout), the others the default.
  const misbehaving: [string, number, RegExp, number][] = [
    ['never_alive.py', Forfeit.TIMEOUT, /^did not connect to port \d+ and say 'p\w+ alive' within 500 ms$/, 1],
    ['silent.py', Forfeit.TIMEOUT, /^did not connect to port \d+ and say 'p\w+ alive' within 500 ms$/, 1],
    ['disconnects.py', Forfeit.CRASHED, /^closed its connection while still running$/, 1],
    ['floods.py', Forfeit.FLOODED, /^wrote \d+ bytes in one message \(at most 4096\)$/, 1],
    ['garbage.py', Forfeit.MALFORMED, /^sent 'suggest the butler did it'$/, 1],
    ['illegal_show.py', Illegal.INVALID_DISPROVE, /^chose 'show \w\w'$/, 6],
    ['timeout.py', Forfeit.TIMEOUT, /^no reply within 500 ms$/, 1],
  ];
  for (const [file, reason, detail, games] of misbehaving) {
    test(`${file.replace('.py', '').replace('_', ' ')}: disqualified with its reason, nothing hangs or is left`, async () => {
      // Short only where running out of time is what is tested.
      const startTimeout = /did not connect/.test(detail.source) ? 0.5 : undefined;
      const { counters, failures, seconds } = await playBot(
        cmd(PYTHON, fixture(file)),
        games,
        file,
        reason === Forfeit.TIMEOUT ? 0.5 : undefined,
        { startTimeout },
      );
      assert.ok(forfeitsOf(counters, 0).get(reason)! > 0, `forfeits: ${JSON.stringify([...forfeitsOf(counters, 0)])}`);
      const first = failures.find((failure) => failure.failure === reason);
      assert.ok(first && detail.test(first.detail), JSON.stringify(failures));
      assert.ok(seconds * 1000 < PROMPT_MS, `took ${seconds} s`);
      await assertNothingLeft();
    });
  }

  test('a run interrupted while a bot thinks stops it without a goodbye it could not answer, and rejects with the interruption', async () => {
    const pondering = join(scratch, 'pondering');
    const resultsDir = join(scratch, 'interrupted');
    const controller = new AbortController();
    const watch = setInterval(() => {
      if (existsSync(pondering)) controller.abort(new Error('interrupted'));
    }, 20);
    const played = playExternal([cmd(PYTHON, fixture('timeout.py')), 'simple', 'inference'], 1, {
      game: 'speedclue',
      seed: 'interrupted',
      env: { ...env, PONDERING: pondering },
      limits,
      moveTimeout: ANSWERING_SECONDS,
      resultsDir,
      signal: controller.signal,
    });
    await assert.rejects(played, /^Error: interrupted$/);
    clearInterval(watch);
    const logs = join(resultsDir, 'bots');
    for (const name of existsSync(logs) ? readdirSync(logs) : []) {
      assert.doesNotMatch(readFileSync(join(logs, name), 'utf8'), /forfeits|killed by|interrupted|ignoring/, name);
    }
    await assertNothingLeft();
  });

  // Games enough for the rule to be broken: an undisproved suggestion of its own is not certain in one.
  const rules: [string, string, number, RegExp, number][] = [
    ['repeats', 'repeats a suggestion', Illegal.REPEATED_SUGGESTION, /^chose 'suggest Gr Ca Ba'$/, 1],
    ['suicidal', 'accuses a card it holds', Illegal.SUICIDAL_ACCUSATION, /^chose 'accuse \w\w \w\w \w\w'$/, 1],
    ['misses', 'never accuses, even when it must', Illegal.MISSED_ACCUSATION, /^chose '-'$/, 8],
    ['out-of-order', "answers 'suggest' with '-'", Illegal.OUT_OF_ORDER, /^chose '-'$/, 1],
  ];
  for (const [rule, what, reason, detail, games] of rules) {
    test(`a bot that ${what}: disqualified with the restriction it broke`, async () => {
      const { counters, failures } = await playBot(cmd(PYTHON, fixture('breaks_rule.py'), rule), games, `rule-${rule}`);
      assert.ok(forfeitsOf(counters, 0).get(reason)! > 0, `forfeits: ${JSON.stringify([...forfeitsOf(counters, 0)])}`);
      const first = failures.find((failure) => failure.failure === reason);
      assert.ok(first && detail.test(first.detail), JSON.stringify(failures));
      await assertNothingLeft();
    });
  }

  test("a bot's second connection, greeting as itself while another bot is awaited, is closed and charged to nobody", async () => {
    const rendezvous = join(scratch, 'connects-twice');
    mkdirSync(rendezvous);
    const failures: [string, ReadFailure][] = [];
    const twice = cmd(PYTHON, fixture('connects_twice.py'), rendezvous);
    // The example bot starts only once the second greeting was closed, which came while it was awaited.
    const late = cmd(PYTHON, fixture('starts_late.py'), rendezvous, EXAMPLE);
    const { counters, stats } = await playExternal([twice, late, 'inference'], 4, {
      game: 'speedclue',
      seed: 'connects twice',
      env,
      limits,
      resultsDir: join(scratch, 'connects-twice-results'),
      onFailure: (label, failure) => failures.push([label, failure]),
    });
    assert.ok(existsSync(join(rendezvous, 'turned-away')), 'the second connection was closed');
    assert.deepEqual(failures, []);
    assert.equal(forfeitsOf(counters, 0).size, 0, 'the bot that connected twice plays on its first connection');
    assert.equal(forfeitsOf(counters, 1).size, 0, 'the example bot is not blamed for the greeting it never sent');
    assert.equal(stats.botsStarted, 2);
    assert.equal(stats.games, 4);
    await assertNothingLeft();
  });

  test('a bot that leaves without answering done is told of', async () => {
    const { counters, failures } = await playBot(cmd(PYTHON, fixture('no_dead.py')), 2, 'no-dead');
    assert.equal(forfeitsOf(counters, 0).size, 0);
    assert.equal(failures.length, 1);
    assert.match(failures[0].detail, /^no 'dead' for 'done': /);
    await assertNothingLeft();
  });
});

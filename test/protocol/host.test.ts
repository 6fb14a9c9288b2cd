import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { Forfeit } from '../../src/core/forfeits.ts';
import { Illegal, type LoveLetterState } from '../../src/games/love-letter/index.ts';
import { newCounters } from '../../src/runner/play/match.ts';
import { finishRun, newHostStats, playExternalRange } from '../../src/protocol/index.ts';
import { botLogName } from '../../src/protocol/host.ts';
import { runCaptured } from '../cli/cli.ts';
import {
  PYTHON,
  ROOT,
  compileCBot,
  forfeitsOf,
  liveHandles,
  playExternal,
  prepareExternal,
  processesMarked,
  botZombies,
} from './helpers.ts';
import { eventually, LONG_SLEEP_SECONDS, PROMPT_MS } from '../helpers/patience.ts';
import { scratchDir } from '../helpers/scratch.ts';

const fixture = (name: string) => join(ROOT, 'test/fixtures/bots', name);
const cmd = (...words: string[]) => `cmd:${quote(words)}`;

let scratch: string;
let cBot: string;
// Every bot of this file carries the marker in its environment, so a leftover process is found
// whatever it is called and whatever it started.
const marker = `PARLOR_PROTOCOL_TEST=${process.pid}`;
const env = { ...process.env, PARLOR_PROTOCOL_TEST: String(process.pid) };
const limits = { graceMs: 200 };

before(() => {
  scratch = scratchDir('host');
  cBot = compileCBot(scratch);
});

after(() => rmSync(scratch, { recursive: true, force: true }));

async function assertNothingLeft(handlesBefore: Record<string, number>): Promise<void> {
  assert.deepEqual(processesMarked(marker), [], 'no bot process is left running');
  assert.deepEqual(await botZombies(), [], 'every bot process was reaped');
  // Child processes and pipes are checked above (tsx keeps a compiler process of its own): here, timers.
  assert.ok((liveHandles().Timeout ?? 0) <= (handlesBefore.Timeout ?? 0), 'no timer left running');
}

interface Misbehaving {
  readonly name: string;
  readonly seat: string;
  /** The forfeit reasons its misbehaviour may be counted as. */
  readonly reasons: readonly number[];
  /** What its log must show, when there is something to show. */
  readonly log: RegExp | null;
  /** It must never have a line of its own played (its output is all a flood). */
  readonly nothingPlayed?: boolean;
}

const misbehaving: Misbehaving[] = [
  { name: 'hangs', seat: cmd('sh', fixture('hang.sh')), reasons: [Forfeit.TIMEOUT], log: null },
  { name: 'prints garbage', seat: cmd(PYTHON, fixture('garbage.py'), '2'), reasons: [Forfeit.MALFORMED], log: null },
  {
    name: 'floods its output with one endless line',
    seat: cmd('sh', fixture('flood.sh')),
    reasons: [Forfeit.FLOODED],
    log: /wrote a line longer than 4096 characters|wrote "x{40}\.\.\." before it was asked/,
    nothingPlayed: true,
  },
  {
    name: 'floods its output with endless plays',
    seat: cmd('sh', fixture('flood_yes.sh')),
    reasons: [Forfeit.FLOODED],
    log: /wrote "play soldier 2 princess\\nplay soldier 2 p\.\.\." (before it was asked|after its answer)/,
    nothingPlayed: true,
  },
  {
    name: 'floods its output with a burst of plays',
    seat: cmd('sh', fixture('flood_burst.sh')),
    reasons: [Forfeit.FLOODED],
    log: /wrote "play soldier 2 princess\\nplay soldier 2 p\.\.\." (before it was asked|after its answer)/,
    nothingPlayed: true,
  },
  {
    name: 'exits while a child holds its output',
    seat: cmd('sh', fixture('leave_child.sh')),
    reasons: [Forfeit.CRASHED],
    log: null,
  },
  {
    name: 'plays illegal targets',
    seat: cmd(PYTHON, fixture('illegal.py'), '2'),
    reasons: [Illegal.SELF_TARGET, Illegal.WRONG_ARITY, Illegal.TARGET_OUT_OF_RANGE],
    log: null,
  },
  {
    name: 'ignores SIGTERM (and so does its child)',
    seat: cmd(PYTHON, fixture('ignore_term.py')),
    reasons: [Forfeit.TIMEOUT],
    log: /after SIGTERM: killed/,
  },
  { name: 'crashes mid-round', seat: cmd(PYTHON, fixture('crash.py'), '2'), reasons: [Forfeit.CRASHED], log: /crashing on purpose/ },
  {
    name: 'closes its output and keeps running',
    seat: cmd('sh', fixture('close_output.sh')),
    reasons: [Forfeit.CRASHED],
    log: /forfeits: crashed \(closed its connection while still running\)/,
  },
];

describe('hosting misbehaving bots', () => {
  for (const bad of misbehaving) {
    test(`a bot that ${bad.name} forfeits for that reason, and nothing is left running`, async () => {
      const handlesBefore = liveHandles();
      const resultsDir = join(scratch, bad.name.replace(/\W+/g, '-'));
      // The crashing bot plays once per round first, so it needs rounds that last.
      const rules: Record<string, string> = bad.reasons[0] === Forfeit.CRASHED ? {} : { winsNeeded: '1' };
      const { counters } = await playExternal([bad.seat, 'random'], 3, {
        rules,
        // Short only where the timeout is what is tested: a loaded machine can take longer to start Python.
        moveTimeout: bad.reasons.includes(Forfeit.TIMEOUT) ? 0.3 : undefined,
        startTimeout: bad.reasons.includes(Forfeit.TIMEOUT) ? 0.3 : undefined,
        limits,
        env,
        resultsDir,
        transcripts: true,
      });
      const forfeits = forfeitsOf(counters, 0);
      const total = [...forfeits.values()].reduce((sum, count) => sum + count, 0);
      assert.ok(total > 0, 'the bot forfeited');
      for (const reason of forfeits.keys()) assert.ok(bad.reasons.includes(reason), `unexpected forfeit reason ${reason}`);
      assert.equal(forfeitsOf(counters, 1).size, 0, 'the in-process opponent never forfeits');
      const notes = counters.notes();
      assert.ok(notes.length > 0 && notes.every((note) => note.seat === 0 && bad.reasons.includes(note.reason)), JSON.stringify(notes));
      const transcript = readFileSync(join(resultsDir, 'transcripts', `game-${notes[0].game}.txt`), 'utf8');
      assert.match(transcript, /\{ player 1 forfeits: [a-z-]+ \(.+\) \}/);
      assert.match(transcript, /\[manager -> all\] out 1/, 'the forfeit is announced as an out');
      if (bad.reasons[0] === Forfeit.CRASHED) assert.doesNotMatch(transcript, /forfeits: timeout/);
      if (bad.nothingPlayed) {
        for (const file of readdirSync(join(resultsDir, 'transcripts'))) {
          assert.doesNotMatch(
            readFileSync(join(resultsDir, 'transcripts', file), 'utf8'),
            /^\[1 -> manager\]/m,
            `a line was played (${file})`,
          );
        }
      }
      if (bad.log) {
        const logs = join(resultsDir, 'bots');
        const text = readFileSync(join(logs, botLogName(bad.seat)), 'utf8');
        assert.match(text, bad.log);
        assert.match(text, /^\[game \d+ round \d+ player 1\] /m);
      }
      await assertNothingLeft(handlesBefore);
    });
  }

  test('an illegal target is refused by the checked apply with its reason', async () => {
    const player = await prepareExternal([cmd(PYTHON, fixture('illegal.py'), '2'), 'random'], { rules: { winsNeeded: '1' } });
    // Player 1 is dealt a soldier and draws the clown: it aims the soldier at itself.
    (player.tables[0].state as LoveLetterState).stackedDecks = [[1, 1, 3, 2, 1, 1, 4, 4, 5, 5, 6, 7, 8, 2, 3, 1]];
    const counters = newCounters(player.match);
    await playExternalRange(player, { offset: 0, from: 0, to: 1 }, counters, { env, limits });
    assert.deepEqual([...forfeitsOf(counters, 0)], [[Illegal.SELF_TARGET, 1]]);
  });

  test('a program that cannot start is refused before any game', async () => {
    await assert.rejects(playExternal([cmd(join(scratch, 'no-such-bot')), 'random'], 1), /bot command .*not an executable file/);
  });

  test('an interrupted run stops its bots at once and rejects', async () => {
    const handlesBefore = liveHandles();
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 300);
    await assert.rejects(
      playExternal([cmd('sh', fixture('hang.sh')), cmd('sh', fixture('hang.sh'), 'second')], 5, {
        signal: controller.signal,
        moveTimeout: LONG_SLEEP_SECONDS,
        env,
        limits,
      }),
      { name: 'AbortError' },
    );
    assert.ok(performance.now() - started < PROMPT_MS, 'did not wait for the move timeout');
    await assertNothingLeft(handlesBefore);
  });
});

describe('hosting well-behaved bots', () => {
  test('the example Python and C bots play whole games without a forfeit, classic and ident', async () => {
    for (const handshake of ['classic', 'ident']) {
      const handlesBefore = liveHandles();
      const resultsDir = join(scratch, `examples-${handshake}`);
      const stats = newHostStats();
      const seats = [cmd(PYTHON, join(ROOT, 'strategies/external/random_bot.py'), '3'), cmd(cBot, '3'), 'random'];
      // Two games of several rounds each: every round starts both bots again, so a third game would
      // only repeat what the first two show.
      const games = 2;
      const { counters } = await playExternal(seats, games, { rules: { handshake }, env, limits, resultsDir, stats, transcripts: true });
      for (const slot of [0, 1, 2]) assert.equal(forfeitsOf(counters, slot).size, 0, `slot ${slot} (${handshake})`);
      assert.equal(stats.games, games);
      assert.ok(stats.botsStarted >= 2 * games * 4, `a fresh bot per seat and round (${stats.botsStarted})`);
      if (handshake === 'ident') {
        const log = readFileSync(join(resultsDir, 'bots', botLogName(seats[1])), 'utf8');
        assert.match(log, /\] name: random-c$/m, 'the ident greeting asked the bot its name');
        // The name reply sits in the transcript right after the line that asked for it.
        const transcript = readFileSync(join(resultsDir, 'transcripts', 'game-0.txt'), 'utf8');
        assert.match(transcript, /^\[manager -> 1\] ident 1\n\[1 -> manager\] random-c\n\[manager -> 1\] players 3$/m);
        assert.match(transcript, /^\[manager -> 0\] ident 0\n\[0 -> manager\] random-python\n\[manager -> 0\] players 3$/m);
      } else {
        assert.equal(existsSync(join(resultsDir, 'bots')), false, 'quiet bots leave no log');
      }
      await assertNothingLeft(handlesBefore);
    }
  });

  test("a bot slow to start has --start-timeout for it, apart from each decision's --move-timeout", async () => {
    const slow = cmd('sh', '-c', `sleep 1; exec ${quote([PYTHON, join(ROOT, 'strategies/external/random_bot.py'), '2'])}`);
    const options = { rules: { winsNeeded: '1' }, env, limits, moveTimeout: 0.5 };
    const started = await playExternal([slow, 'random'], 1, { ...options, startTimeout: 10, resultsDir: join(scratch, 'slow-start') });
    assert.equal(forfeitsOf(started.counters, 0).size, 0, 'a second to start is within the allowance');
    const late = await playExternal([slow, 'random'], 1, { ...options, startTimeout: 0.1, resultsDir: join(scratch, 'slow-late') });
    assert.deepEqual([...forfeitsOf(late.counters, 0).keys()], [Forfeit.TIMEOUT], 'not within 0.6 s');
    await assertNothingLeft(liveHandles());
  });
});

describe('what bots leave behind', () => {
  test("a chatty bot's log stays under the cap across the run, and says what it dropped", async () => {
    const resultsDir = join(scratch, 'chatty');
    const seat = cmd(PYTHON, fixture('chatty.py'), '2');
    const { counters } = await playExternal([seat, 'random'], 4, { env, limits: { ...limits, maxLogBytes: 50_000 }, resultsDir });
    finishRun();
    assert.equal(forfeitsOf(counters, 0).size, 0);
    const path = join(resultsDir, 'bots', botLogName(seat));
    const text = readFileSync(path, 'utf8');
    assert.ok(statSync(path).size < 50_000 + 200, `${statSync(path).size} bytes`);
    assert.match(text, /^\(log cut at 50000 bytes: the rest of this run is dropped and counted\)$/m);
    const dropped = /^\(dropped after the cut: (\d+) bytes\)\n$/m.exec(text.slice(text.lastIndexOf('\n(') + 1));
    assert.ok(dropped && Number(dropped[1]) > 50_000, text.slice(-200));
  });

  test('processes a bot detached with setsid, with an empty environment or through a double fork, do not outlive the run', async () => {
    const pidFile = join(scratch, 'detached-pids');
    const seat = cmd('sh', fixture('detach.sh'), pidFile, PYTHON, join(ROOT, 'strategies/external/random_bot.py'), '2');
    const { counters } = await playExternal([seat, 'random'], 2, { env, limits });
    assert.equal(forfeitsOf(counters, 0).size, 0);
    const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
    assert.ok(pids.length >= 6, `${pids.length} detached children`);
    // SIGKILL is sent before the round ends; give the kernel a moment to finish them.
    await eventually('the bots and their children gone', () => !pids.some(isRunning));
    assert.deepEqual(processesMarked(marker), []);
  });
});

describe('a run with many forfeits', () => {
  test('prints the first ones with their replay command, and how many more it did not print', async () => {
    const out = join(scratch, 'many-forfeits');
    const seat = cmd(PYTHON, fixture('garbage.py'), '2');
    const result = await runCaptured([
      'sim',
      '--seat',
      seat,
      '--seat',
      'random',
      '--games',
      // The bot forfeits in every game: a few games past the sixteen listed show the rest counted.
      '24',
      '--rules',
      'winsNeeded=1',
      '--out',
      out,
      '-q',
      '--json',
    ]);
    assert.equal(result.code, 0, result.warnings.join('\n'));
    const summary = JSON.parse(result.out.join('\n')) as { forfeits: { count: number }[] };
    const total = summary.forfeits.reduce((sum, row) => sum + row.count, 0);
    assert.ok(total > 16, `${total} forfeits`);
    assert.equal(result.warnings.filter((line) => line.startsWith('forfeit in game ')).length, 16);
    // One round a game: each forfeit has a game of its own, so every one is a note.
    assert.ok(
      result.warnings.includes(`and ${total - 16} more forfeits not listed (one per game, seat and reason); forfeits.csv counts them all`),
    );
  });
});

/** Alive, and not a zombie waiting for its parent. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('replies in capitals', () => {
  test("are read like any other, and logged in the protocol's lower case", async () => {
    const resultsDir = join(scratch, 'shout');
    const { counters } = await playExternal([cmd(PYTHON, fixture('shout.py'), '2'), 'random'], 2, {
      env,
      limits,
      resultsDir,
      transcripts: true,
    });
    assert.equal(forfeitsOf(counters, 0).size, 0);
    const transcript = readFileSync(join(resultsDir, 'transcripts', 'game-0.txt'), 'utf8');
    assert.match(transcript, /^\[1 -> manager\] play [a-z]+( \d)?( [a-z]+)?$/m);
  });
});

describe('a program hosting bots', () => {
  test('ends by itself once its games are played: no timer, pipe or process keeps it alive', () => {
    // Kept alive, it would be killed at the timeout, without the status 0 of a program that ended.
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/fixtures/host-exits.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      env,
      timeout: 2 * PROMPT_MS,
    });
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, 'played 2 games\n');
    assert.equal(result.status, 0);
    assert.deepEqual(processesMarked(marker), []);
  });

  test('interrupted while a bot is being stopped, kills what the SIGTERM left outside its tree and group', async () => {
    // The bot's grandchild, in a session of its own and with an empty environment, is orphaned by
    // the stop's SIGTERM; the grace before the SIGKILL outlasts the test, so only the interruption
    // (a second Ctrl-C ends parlor before any grace is out) can end it.
    const pidFile = join(scratch, 'orphaned-pid');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'test/fixtures/host-stopping.ts'), pidFile, join(scratch, 'orphaned')],
      {
        cwd: ROOT,
        env,
        stdio: 'ignore',
      },
    );
    const exited = once(child, 'exit');
    await eventually('the grandchild orphaned', () => existsSync(pidFile));
    const orphan = Number(readFileSync(pidFile, 'utf8'));
    try {
      child.kill('SIGINT');
      assert.deepEqual(await exited, [null, 'SIGINT']);
      await eventually('the orphaned grandchild gone', () => !isRunning(orphan));
    } finally {
      if (isRunning(orphan)) process.kill(orphan, 'SIGKILL');
    }
    assert.deepEqual(processesMarked(marker), []);
  });

  test('interrupted while its bots think, leaves none of their processes, detached or not', async () => {
    const pidFile = join(scratch, 'interrupted-pids');
    const seat = cmd('sh', fixture('detach.sh'), pidFile, 'sh', fixture('hang.sh'));
    const args = [
      'sim',
      '--seat',
      seat,
      '--seat',
      seat,
      '--games',
      '100',
      '--move-timeout',
      '30',
      '--out',
      join(scratch, 'interrupted'),
      '-q',
    ];
    const child = spawn(process.execPath, [join(ROOT, 'bin/parlor.js'), ...args], { cwd: ROOT, env, stdio: 'ignore' });
    const exited = once(child, 'exit');
    // Both bots have started their detached children once the file holds four pids.
    await eventually('four bot pids', () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim().split('\n').length >= 4);
    child.kill('SIGINT');
    assert.deepEqual(await exited, [130, null]);
    const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
    await eventually('the bots and their children gone', () => !pids.some(isRunning));
    assert.deepEqual(processesMarked(marker), []);
    // Stopped by parlor, in games that do not count: no bot's log blames it for that.
    const logs = join(scratch, 'interrupted', 'bots');
    for (const name of existsSync(logs) ? readdirSync(logs) : []) {
      assert.doesNotMatch(readFileSync(join(logs, name), 'utf8'), /forfeits|killed by|interrupted/, name);
    }
  });
});

// What bots write besides their messages, and what their logs keep of it: a bot that writes its
// stderr without end costs the others nothing, no Node warning about the host's file descriptors
// reaches parlor's stderr, and every forfeit of a bot is told in its log with its reason.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { Forfeit } from '../../src/core/forfeits.ts';
import { finishRun } from '../../src/protocol/index.ts';
import { botLogName } from '../../src/protocol/host.ts';
import { startParlor } from '../cli/cli.ts';
import { ANSWERING_SECONDS, HUNG_MS } from '../helpers/patience.ts';
import { PYTHON, ROOT, forfeitsOf, playExternal, processesMarked, botZombies } from './helpers.ts';
import { scratchDir } from '../helpers/scratch.ts';

const cmd = (...words: string[]) => `cmd:${quote(words)}`;
const fixture = (name: string) => join(ROOT, 'test/fixtures/bots', name);
const HEARTS_BOT = cmd(PYTHON, join(ROOT, 'strategies/external/hearts_bot.py'));

const marker = `PARLOR_BOT_LOGS_TEST=${process.pid}`;
const markerEnv = { PARLOR_BOT_LOGS_TEST: String(process.pid) };
const env = { ...process.env, ...markerEnv };

/**
 * How much longer than without the flood the flooded run below may take: the flood is allowed the
 * cores it takes and a loaded machine, no more. Where each line of it cost the host's thread work
 * of its own, the run took twenty times as long.
 */
const FLOOD_SLOWDOWN = 4;
const FLOOD_ALLOWANCE_SECONDS = 20;

let scratch: string;
before(() => {
  scratch = scratchDir('bot-logs');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs bin/parlor.js to its end, stopped (SIGTERM: its bots go with it) if it takes longer than `ms`. */
async function runParlor(args: readonly string[], ms: number) {
  const started = performance.now();
  const { child, finished } = startParlor(args, ROOT, markerEnv);
  const stop = setTimeout(() => child.kill('SIGTERM'), ms);
  const result = await finished;
  clearTimeout(stop);
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

function logOf(resultsDir: string, seat: string): string {
  return join(resultsDir, 'bots', botLogName(seat));
}

async function assertNothingLeft(): Promise<void> {
  assert.deepEqual(processesMarked(marker), [], 'no bot process is left running');
  assert.deepEqual(await botZombies(), [], 'every bot process was reaped');
}

describe('a bot that writes its stderr without end', () => {
  test('costs the other bots of its thread nothing: nobody forfeits, the run ends promptly, and its log is cut', async () => {
    const seconds = String(ANSWERING_SECONDS);
    const run = (seat: string, out: string, ms: number) =>
      runParlor(
        [
          'sim',
          '--game',
          'hearts',
          '--seat',
          seat,
          '--seat',
          HEARTS_BOT,
          '--seat',
          'ducking',
          '--seat',
          'random',
          '--rules',
          'hands=2',
        ].concat(['-n', '6', '-w', '1', '--move-timeout', seconds, '--start-timeout', seconds, '-q', '--out', out]),
        ms,
      );
    const quiet = await run(HEARTS_BOT, join(scratch, 'stderr-quiet'), HUNG_MS);
    assert.equal(quiet.code, 0, quiet.stderr);
    const out = join(scratch, 'stderr-flood');
    const flooding = cmd(PYTHON, fixture('hearts/stderr_flood.py'));
    const limit = FLOOD_SLOWDOWN * quiet.seconds + FLOOD_ALLOWANCE_SECONDS;
    const flooded = await run(flooding, out, limit * 1000);
    assert.equal(
      flooded.code,
      0,
      `ended within ${limit.toFixed(1)} s (${quiet.seconds.toFixed(1)} s without the flood) with status 0\n${flooded.stderr}`,
    );
    assert.deepEqual(readFileSync(join(out, 'forfeits.csv'), 'utf8').trim().split('\n').slice(1), [], 'no forfeit');
    const log = logOf(out, flooding);
    const cap = 1 << 22;
    assert.ok(statSync(log).size < cap + 200, `${statSync(log).size} bytes`);
    const text = readFileSync(log, 'utf8');
    assert.match(text, /^\(log cut at 4194304 bytes: the rest of this run is dropped and counted\)$/m);
    const dropped = /\(dropped after the cut: (\d+) bytes\)\n$/.exec(text);
    assert.ok(dropped && Number(dropped[1]) > cap, text.slice(-200));
    assert.doesNotMatch(readFileSync(logOf(out, HEARTS_BOT), 'utf8'), /forfeits/);
    await assertNothingLeft();
  });
});

describe('Hearts bots started afresh on their FIFOs, game after game', () => {
  test('leave no Node warning on parlor stderr', async () => {
    const out = join(scratch, 'fifo-warnings');
    // Forfeits every game, so each game starts a new process with new FIFOs.
    const garbage = cmd(PYTHON, fixture('hearts/garbage_frame.py'));
    const result = await runParlor(
      ['sim', '--game', 'hearts', '--seat', garbage, '--seat', HEARTS_BOT, '--seat', 'ducking', '--seat', 'random'].concat([
        '--rules',
        'hands=2',
        '-n',
        '6',
        '-w',
        '1',
        '-q',
        '--out',
        out,
      ]),
      HUNG_MS,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(readFileSync(join(out, 'forfeits.csv'), 'utf8'), /garbage_frame\.py,malformed,6,/);
    assert.doesNotMatch(result.stderr, /Warning|\(node:\d+\)/);
    await assertNothingLeft();
  });
});

describe("a bot's log", () => {
  test('is its own, with a cap of its own, where two commands differ only in what a file name cannot hold', async () => {
    // Both read 'cmd_sh_c_exit_3_' in a file name's letters. A third seat plays on after the first
    // bot's crash, so that the second is asked too and its exit is read: with two seats the game
    // ends at the first crash, and whether the second had exited by itself before it was stopped
    // would be the machine's speed.
    const bots = [cmd('sh', '-c', 'exit 3'), cmd('sh', '-c', 'exit  3')];
    const resultsDir = join(scratch, 'alike');
    const { counters } = await playExternal([...bots, 'random'], 1, {
      rules: { winsNeeded: '1' },
      resultsDir,
      env,
      limits: { graceMs: 200 },
    });
    finishRun();
    for (const seat of [0, 1]) assert.deepEqual(forfeitsOf(counters, seat), new Map([[Forfeit.CRASHED, 1]]));
    assert.equal(readdirSync(join(resultsDir, 'bots')).length, 2);
    for (const seat of bots) {
      const text = readFileSync(logOf(resultsDir, seat), 'utf8');
      assert.equal(text.match(/\] exited with code 3$/gm)?.length, 1, text);
    }
    await assertNothingLeft();
  });

  const cases = [
    {
      name: 'hangs',
      game: 'love-letter',
      seat: cmd('sh', fixture('hang.sh')),
      reason: Forfeit.TIMEOUT,
      line: /^\[game 0 round 1 player 1\] forfeits: timeout \(no reply within \d+ ms\)$/m,
    },
    {
      name: 'exits with status 0 before it answers',
      game: 'love-letter',
      seat: cmd('sh', '-c', 'exit 0'),
      reason: Forfeit.CRASHED,
      line: /^\[game 0 round 1 player 1\] forfeits: crashed \(exited with code 0\)$/m,
    },
    {
      name: 'exits with status 0 before it says its name',
      game: 'dominion',
      seat: cmd('sh', '-c', 'exit 0'),
      reason: Forfeit.CRASHED,
      line: /^\[game 0 round 1 player 1\] forfeits: crashed \(no name after the greeting: exited with code 0\)$/m,
    },
  ];
  for (const c of cases) {
    test(`tells each forfeit of a ${c.game} bot that ${c.name}, with its reason`, async () => {
      const resultsDir = join(scratch, `${c.game}-${c.name.replaceAll(' ', '-')}`);
      const { counters } = await playExternal([c.seat, c.game === 'dominion' ? 'big-money' : 'random'], 1, {
        game: c.game,
        rules: c.game === 'love-letter' ? { winsNeeded: '1' } : {},
        resultsDir,
        env,
        limits: { graceMs: 200 },
        // Short only where running out of time is what is tested: an exit must be seen as one, however slow the machine.
        ...(c.reason === Forfeit.TIMEOUT ? { moveTimeout: 0.5, startTimeout: 0.5 } : {}),
      });
      finishRun();
      const forfeits = forfeitsOf(counters, 0);
      assert.deepEqual([...forfeits.keys()], [c.reason]);
      const text = readFileSync(logOf(resultsDir, c.seat), 'utf8');
      assert.match(text, c.line);
      // A bot out for the rest of its game forfeits each later decision alike: told once.
      const told = text.match(/ forfeits: /g)?.length ?? 0;
      assert.ok(c.game === 'dominion' ? told === 1 : told === forfeits.get(c.reason), text);
      assert.deepEqual(readdirSync(join(resultsDir, 'bots')).length, 1);
      await assertNothingLeft();
    });
  }
});

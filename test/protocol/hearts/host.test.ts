import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { Illegal } from '../../../src/games/hearts/index.ts';
import { finishRun } from '../../../src/protocol/index.ts';
import { runCaptured, startParlor } from '../../cli/cli.ts';
import { ANSWERING_SECONDS } from '../../helpers/patience.ts';
import type { StrategyResolver } from '../../../src/runner/play/match.ts';
import {
  PYTHON,
  ROOT,
  forfeitsOf,
  loopbackResolver,
  playExternal,
  playInProcess,
  fifosLeftBy,
  processesMarked,
  botZombies,
  assertSameGames,
  playHosted,
} from '../helpers.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const fixture = (name: string) => join(ROOT, 'test/fixtures/bots/hearts', name);
const cmd = (...words: string[]) => `cmd:${quote(words)}`;
const DIGEST = join(ROOT, 'test/fixtures/hearts-digest-strategy.ts');
const THROUGH_PROTOCOL = 'digest-through-protocol';
/** The original server's rules, two hands a game to keep the tests short. */
const SERVER = { profile: 'zadikian-server', hands: '2' };
const SPEC = { endScore: '0', hands: '2' };
const GCC = spawnSync('gcc', ['--version']).status === 0;

const marker = `PARLOR_HEARTS_TEST=${process.pid}`;
const env = { ...process.env, PARLOR_HEARTS_TEST: String(process.pid) };
const limits = { graceMs: 200 };

let scratch: string;
before(() => {
  scratch = scratchDir('hearts-host');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

async function assertNothingLeft(): Promise<void> {
  assert.deepEqual(processesMarked(marker), [], 'no bot process is left running');
  assert.deepEqual(await botZombies(), [], 'every bot process was reaped');
  assert.deepEqual(fifosLeftBy(process.pid), [], "every bot's FIFOs were removed");
}

const inProcess = (seats: readonly string[], games: number, rules: Record<string, string>) =>
  playInProcess('hearts', seats, games, rules, 'hearts parity');

const throughLoopback = loopbackResolver(THROUGH_PROTOCOL, DIGEST);

async function hosted(
  seats: readonly string[],
  games: number,
  rules: Record<string, string>,
  name: string,
  options: { resolve?: StrategyResolver; channel?: string } = {},
) {
  const resultsDir = join(scratch, name);
  const played = await playHosted(seats, games, { game: 'hearts', rules, seed: 'hearts parity', resultsDir, env, limits, ...options });
  finishRun();
  return played;
}

describe('a Hearts strategy behind the protocol plays as it does in-process', () => {
  test('300 games of the original server, two seats through the bot in this thread', async () => {
    const seats = [DIGEST, 'first-legal', DIGEST, 'ducking'];
    const expected = await inProcess(seats, 300, SERVER);
    const through = [THROUGH_PROTOCOL, 'first-legal', THROUGH_PROTOCOL, 'ducking'];
    assertSameGames(await hosted(through, 300, SERVER, 'loopback-server', { resolve: throughLoopback }), expected);
  });

  test('200 games to 100 points, five players, the spec rules', async () => {
    const rules = { endScore: '100' };
    const expected = await inProcess(['random', DIGEST, 'ducking', DIGEST, 'first-legal'], 200, rules);
    const through = ['random', THROUGH_PROTOCOL, 'ducking', THROUGH_PROTOCOL, 'first-legal'];
    assertSameGames(await hosted(through, 200, rules, 'loopback-spec', { resolve: throughLoopback }), expected);
  });

  for (const channel of ['fifo', 'stdio']) {
    test(`\`parlor bot\` processes on ${channel}, one per seat for the whole run`, async () => {
      const bot = cmd(
        process.execPath,
        join(ROOT, 'bin/parlor.js'),
        'bot',
        '--game',
        'hearts',
        DIGEST,
        '--channel',
        channel,
        '--rules',
        'profile=zadikian-server,hands=2',
      );
      const expected = await inProcess([DIGEST, 'ducking', DIGEST, 'first-legal'], 12, SERVER);
      const played = await hosted([bot, 'ducking', bot, 'first-legal'], 12, SERVER, `processes-${channel}`, { channel });
      assertSameGames(played, expected);
      assert.equal(played.stats.botsStarted, 2);
      await assertNothingLeft();
    });
  }

  test('the example C bot plays as the first-legal strategy does', { skip: GCC ? false : 'gcc not found' }, async () => {
    const binary = join(scratch, 'hearts_bot');
    const built = spawnSync('gcc', ['-O2', '-o', binary, join(ROOT, 'strategies/external/hearts_bot.c')], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const expected = await inProcess(['first-legal', 'ducking', 'first-legal', 'random'], 40, SERVER);
    const played = await hosted([cmd(binary), 'ducking', cmd(binary), 'random'], 40, SERVER, 'c-bot');
    assertSameGames(played, expected);
    assert.equal(played.stats.botsStarted, 2);
    await assertNothingLeft();
  });

  for (const channel of ['fifo', 'stdio']) {
    test(`the example Python bot plays whole runs on ${channel}`, async () => {
      const words = [PYTHON, join(ROOT, 'strategies/external/hearts_bot.py'), ...(channel === 'stdio' ? ['--stdio'] : [])];
      const played = await hosted([cmd(...words), 'first-legal', 'ducking', 'random'], 20, SERVER, `python-${channel}`, { channel });
      assert.equal(played.stats.botsStarted, 1);
      await assertNothingLeft();
    });
  }
});

describe('a Hearts run from the command line', () => {
  test('keeps one process per bot seat for the whole run on one worker, and leaves no FIFO behind', async () => {
    const out = join(scratch, 'cli-run');
    const bot = cmd(PYTHON, join(ROOT, 'strategies/external/hearts_bot.py'));
    const result = await runCaptured([
      'sim',
      '--game',
      'hearts',
      '--seat',
      bot,
      '--seat',
      'first-legal',
      '--seat',
      'ducking',
      '--seat',
      bot,
      '--rules',
      'profile=zadikian-server,hands=2',
      '-n',
      '40',
      '-w',
      '1',
      '-q',
      '--out',
      out,
    ]);
    assert.equal(result.code, 0, result.warnings.join('\n'));
    const log = readFileSync(join(out, 'bots', readdirSync(join(out, 'bots'))[0]), 'utf8');
    assert.equal(log.match(/name: /g)?.length, 2, log);
    assert.equal(readFileSync(join(out, 'forfeits.csv'), 'utf8').trim().split('\n').length, 1, 'no forfeit');
    assert.deepEqual(fifosLeftBy(process.pid), []);
  });

  test('moves its one bot process from seating to seating and from table to table', async () => {
    // A duplicate design seats the bot at every position, and a tournament plays every seating as
    // a table of its own: one process plays them all in turn on one worker, told its seat by each
    // hand's deal. Run as a user runs it, in a process of its own.
    const bot = cmd(PYTHON, join(ROOT, 'strategies/external/hearts_bot.py'));
    const runs = [
      ['sim', '--design', 'duplicate', '--seat', bot, '--seat', 'first-legal', '--seat', 'ducking', '--seat', 'random', '-n', '48'],
      ['tournament', '--strategies', `${bot},first-legal,ducking,random`, '-p', '4', '-n', '48'],
    ];
    for (const [index, args] of runs.entries()) {
      const out = join(scratch, `moving-bot-${index}`);
      const rules = ['--game', 'hearts', '--rules', 'profile=zadikian-server,hands=1'];
      const patience = ['--move-timeout', String(ANSWERING_SECONDS), '--start-timeout', String(ANSWERING_SECONDS)];
      const { finished } = startParlor([...args, ...rules, ...patience, '-w', '1', '-q', '--out', out], ROOT, env);
      const result = await finished;
      assert.equal(result.code, 0, result.stderr);
      const log = readFileSync(join(out, 'bots', readdirSync(join(out, 'bots'))[0]), 'utf8');
      assert.equal(log.match(/name: /g)?.length, 1, `${args[0]}: one process for the whole run\n${log}`);
      assert.equal(readFileSync(join(out, 'forfeits.csv'), 'utf8').trim().split('\n').length, 1, 'no forfeit');
    }
    assert.deepEqual(processesMarked(marker), [], 'no bot process is left running');
  });
});

describe('hosting misbehaving Hearts bots', () => {
  const cases = [
    { name: 'answers with an index past its hand', seat: cmd(PYTHON, fixture('illegal_index.py')), reason: Illegal.NOT_HELD, log: null },
    {
      name: 'answers with a frame that never ends its header',
      seat: cmd(PYTHON, fixture('garbage_frame.py')),
      reason: Forfeit.MALFORMED,
      log: /wrote a length header longer than 4 bytes/,
    },
    { name: 'never answers a play', seat: cmd(PYTHON, fixture('silent.py')), reason: Forfeit.TIMEOUT, log: null },
    {
      name: 'crashes in the middle of the run',
      seat: cmd(PYTHON, fixture('crash_mid_run.py')),
      reason: Forfeit.CRASHED,
      log: /crashing on purpose/,
    },
    {
      name: 'never makes its FIFOs',
      seat: cmd('sh', fixture('no_fifos.sh')),
      reason: Forfeit.TIMEOUT,
      log: /did not open \/tmp\/p\w+In within 500 ms/,
    },
  ];
  for (const c of cases) {
    test(`a bot that ${c.name} forfeits each game it plays, and is started afresh for the next`, async () => {
      const resultsDir = join(scratch, c.name.replaceAll(' ', '-'));
      const games = 3;
      const { counters, stats } = await playExternal([c.seat, 'first-legal', 'first-legal', 'first-legal'], games, {
        game: 'hearts',
        rules: SERVER,
        resultsDir,
        env,
        limits,
        // Short only where running out of time is what is tested.
        moveTimeout: c.reason === Forfeit.TIMEOUT ? 0.5 : undefined,
        startTimeout: c.reason === Forfeit.TIMEOUT ? 0.5 : undefined,
      });
      finishRun();
      assert.deepEqual(forfeitsOf(counters, 0), new Map([[c.reason, games]]));
      assert.equal(stats.botsStarted, games);
      assert.equal(stats.games, games);
      if (c.log) {
        const [log] = readdirSync(join(resultsDir, 'bots'));
        assert.match(readFileSync(join(resultsDir, 'bots', log), 'utf8'), c.log);
      }
      await assertNothingLeft();
    });
  }

  test('a bot whose replies carry junk after the NUL is read up to the NUL and plays on', async () => {
    const { counters, stats } = await playExternal([cmd(PYTHON, fixture('junk_after_nul.py')), 'first-legal', 'ducking', 'random'], 6, {
      game: 'hearts',
      rules: SERVER,
      resultsDir: join(scratch, 'junk'),
      env,
      limits,
    });
    finishRun();
    assert.equal(forfeitsOf(counters, 0).size, 0);
    assert.equal(stats.botsStarted, 1);
    await assertNothingLeft();
  });

  /** `games` games of `seats` under `rules`, their results in the scratch folder `name`; the run finished. */
  async function playProfile(seats: string[], games: number, rules: Record<string, string>, name: string) {
    const played = await playExternal(seats, games, { game: 'hearts', rules, resultsDir: join(scratch, name), env, limits });
    finishRun();
    return played;
  }

  // The server reads a play with atoi: the digits it starts with are the index.
  test("a play with text after its index plays on under the original server's profile, and is malformed under the spec's", async () => {
    const seats = [cmd(PYTHON, fixture('trailing_text.py')), 'first-legal', 'ducking', 'random'];
    const games = 2;
    const server = await playProfile(seats, games, SERVER, 'trailing-server');
    assert.equal(forfeitsOf(server.counters, 0).size, 0);
    assert.equal(server.stats.botsStarted, 1);
    const spec = await playProfile(seats, games, SPEC, 'trailing-spec');
    assert.deepEqual(forfeitsOf(spec.counters, 0), new Map([[Forfeit.MALFORMED, games]]));
    await assertNothingLeft();
  });

  // The server reads a reply into 20 bytes; a header saying more is a network error that stops the group.
  test("a reply over the original server's 20 bytes forfeits each game under its profile, and plays on under the spec's", async () => {
    const seats = [cmd(PYTHON, fixture('long_reply.py')), 'first-legal', 'first-legal', 'first-legal'];
    const games = 2;
    const server = await playProfile(seats, games, SERVER, 'long-server');
    assert.deepEqual(forfeitsOf(server.counters, 0), new Map([[Forfeit.FLOODED, games]]));
    const [log] = readdirSync(join(scratch, 'long-server', 'bots'));
    assert.match(readFileSync(join(scratch, 'long-server', 'bots', log), 'utf8'), /message of 21 bytes, more than 20/);
    const spec = await playProfile(seats, games, SPEC, 'long-spec');
    assert.equal(forfeitsOf(spec.counters, 0).size, 0);
    await assertNothingLeft();
  });
});

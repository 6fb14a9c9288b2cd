import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processesMarked, PYTHON, ROOT } from '../../protocol/helpers.ts';
import { parlor, runCaptured, startParlor } from '../cli.ts';
import { ANSWERING_MS, ANSWERING_SECONDS, eventually, HUNG_MS, LONG_SLEEP_SECONDS } from '../../helpers/patience.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const marker = `PARLOR_CONTEST_TEST=${process.pid}`;
const fixture = (name: string) => join(ROOT, 'test/fixtures/bots/speedclue', name);

function csv(path: string): string[][] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
}

/** Each entrant's row of a contest's outcomes.csv, by its identifier. */
function outcomesOf(out: string): Map<string, string[]> {
  return new Map(csv(join(out, 'outcomes.csv')).map((row) => [row[0], row]));
}

/** After how many games a stopped contest's contest.json says it stopped. */
function stoppedAfter(out: string): number {
  return (JSON.parse(readFileSync(join(out, 'contest.json'), 'utf8')) as { stoppedAfterGames: number }).stoppedAfterGames;
}

/** Time for a strategy file's bot process to start and to answer, on a loaded machine. */
const PATIENT = ['--move-timeout', String(ANSWERING_SECONDS), '--start-timeout', String(ANSWERING_SECONDS)];

let scratch: string;
before(() => {
  scratch = scratchDir('contest');
  // The bots inherit it: what is left of them afterwards can be found.
  process.env.PARLOR_CONTEST_TEST = String(process.pid);
});
after(() => {
  rmSync(scratch, { recursive: true, force: true });
  delete process.env.PARLOR_CONTEST_TEST;
});

describe('parlor contest', () => {
  test('plays every seating of the live entrants, drops the games of the disqualified, and says why', async () => {
    const launch = join(scratch, 'entries.txt');
    writeFileSync(
      launch,
      [
        `${PYTHON} ${join(ROOT, 'strategies/external/speedclue_bot.py')} {PyBot} %%`,
        `${process.execPath} ${join(ROOT, 'bin/parlor.js')} bot --game speedclue simple {ParlorSimple} %%`,
        `${PYTHON} ${fixture('never_alive.py')} {Sleepy} %%`,
        `${PYTHON} ${fixture('garbage.py')} {Garbage} %%`,
      ].join('\n'),
    );
    const out = join(scratch, 'run');
    const args = ['contest', '--game', 'speedclue', '--launch', launch, '--strategies', 'inference'];
    const { code, out: printed } = await runCaptured([
      ...args,
      '--per-seating',
      '2',
      '--move-timeout',
      String(ANSWERING_SECONDS),
      // Starting has an allowance of its own, told apart from the move limit by a second more.
      '--start-timeout',
      String(ANSWERING_SECONDS + 1),
      '--seed',
      'contest',
      '--out',
      out,
    ]);
    assert.equal(code, 0);
    const outcomes = outcomesOf(out);
    assert.match(
      outcomes.get('Sleepy')![6],
      new RegExp(`^failed to start: did not connect to port \\d+ and say 'Sleepy alive' within ${ANSWERING_MS + 1000} ms$`),
    );
    assert.equal(outcomes.get('Garbage')![6], "malformed: sent 'suggest the butler did it'");
    // Only the three live entrants' six seatings count, two games each.
    const games = csv(join(out, 'games.csv'));
    const counted = games.filter((row) => row[2] === '1');
    assert.equal(counted.length, 12);
    assert.ok(
      games.some((row) => row[2] === '0' && row.includes('Garbage')),
      'the game Garbage played is listed, not counted',
    );
    for (const name of ['PyBot', 'ParlorSimple', 'inference']) {
      assert.equal(outcomes.get(name)![2], '12');
      assert.equal(outcomes.get(name)![6], '');
    }
    const wins = ['PyBot', 'ParlorSimple', 'inference'].reduce((sum, name) => sum + Number(outcomes.get(name)![1]), 0);
    assert.equal(wins, 12, 'one winner a counted game');
    // Garbage is out at the first game that asks it something, which need not be its first (a
    // game can end before its turn, as the Python bot plays): every game it sat in is dropped.
    const dropped = games.filter((row) => row[2] === '0');
    assert.ok(dropped.every((row) => row.includes('Garbage')));
    assert.match(
      printed.join('\n'),
      new RegExp(`^12 games counted, ${dropped.length} dropped because a disqualified entrant played in them\n`),
    );
    assert.match(printed.join('\n'), /Garbage +0 +0 +- +- +disqualified: malformed: sent 'suggest the butler did it'/);
    assert.deepEqual(processesMarked(marker), [], 'every bot is stopped');
  });

  test("a bot's second connection, greeting as itself as the next bot starts, is closed and disqualifies nobody", async () => {
    const rendezvous = join(scratch, 'connects-twice');
    mkdirSync(rendezvous);
    const launch = join(scratch, 'connects-twice.txt');
    writeFileSync(
      launch,
      [
        `${PYTHON} ${fixture('connects_twice.py')} ${rendezvous} {Twice} %%`,
        // Started once Twice is up, and run as the example bot once Twice's second greeting was closed.
        `${PYTHON} ${fixture('starts_late.py')} ${rendezvous} ${join(ROOT, 'strategies/external/speedclue_bot.py')} {Late} %%`,
      ].join('\n'),
    );
    const out = join(scratch, 'connects-twice-run');
    const args = ['contest', '--launch', launch, '--strategies', 'inference', '--per-seating', '1', '--seed', 'twice', '--out', out];
    const { code } = await runCaptured([...args, ...PATIENT]);
    assert.equal(code, 0);
    assert.ok(existsSync(join(rendezvous, 'turned-away')), 'the second connection was closed');
    const outcomes = outcomesOf(out);
    for (const name of ['Late', 'Twice', 'inference']) {
      assert.deepEqual([outcomes.get(name)![2], outcomes.get(name)![6]], ['6', ''], `${name} plays every seating, never disqualified`);
    }
    assert.deepEqual(processesMarked(marker), [], 'every bot is stopped');
  });

  test('a disqualification ends its game there, as the contest server aborts the match: nobody else breaks a rule in it', async () => {
    const launch = join(scratch, 'abandoned.txt');
    writeFileSync(
      launch,
      [
        `${PYTHON} ${fixture('garbage.py')} {Garbage} %%`,
        // Suggests one triple every turn: its second suggestion of a game breaks the no-repeat rule.
        `${PYTHON} ${fixture('breaks_rule.py')} repeats {Repeats} %%`,
      ].join('\n'),
    );
    const out = join(scratch, 'abandoned-run');
    const args = ['contest', '--launch', launch, '--strategies', 'inference', '--per-seating', '1', '--seed', 'abandoned', '--out', out];
    const { code } = await runCaptured([...args, ...PATIENT, '--transcripts']);
    assert.equal(code, 0);
    const outcomes = outcomesOf(out);
    assert.equal(outcomes.get('Garbage')![6], "malformed: sent 'suggest the butler did it'");
    // Garbage, seated first, broke the rules at its first turn: the one game played ended there,
    // and the rest of the only table's orders were skipped. Repeats never suggested in it.
    assert.equal(outcomes.get('Repeats')![6], '');
    assert.equal(csv(join(out, 'games.csv')).length, 1);
    const transcript = readFileSync(join(out, 'transcripts', 'game-0.txt'), 'utf8');
    assert.match(transcript, /forfeits: malformed/);
    assert.match(transcript, /\{ game abandoned at the forfeit, as the contest server aborts a match \}\n$/);
    assert.deepEqual(processesMarked(marker), [], 'every bot is stopped');
  });

  test("a bot that leaves without answering the contest's done is out for it, named with its kind as every disqualification is", async () => {
    const launch = join(scratch, 'no-dead.txt');
    writeFileSync(
      launch,
      [`${PYTHON} ${join(ROOT, 'strategies/external/speedclue_bot.py')} {PyBot} %%`, `${PYTHON} ${fixture('no_dead.py')} {Quiet} %%`].join(
        '\n',
      ),
    );
    const out = join(scratch, 'no-dead-run');
    const args = ['contest', '--launch', launch, '--strategies', 'inference', '--per-seating', '1', '--seed', 'no-dead', '--out', out];
    const { code, out: printed } = await runCaptured([...args, ...PATIENT]);
    assert.equal(code, 0);
    const outcomes = outcomesOf(out);
    assert.match(outcomes.get('Quiet')![6], /^crashed: /);
    assert.equal(outcomes.get('PyBot')![6], '');
    assert.match(printed.join('\n'), /Quiet .*disqualified: crashed: /);
    assert.deepEqual(processesMarked(marker), [], 'every bot is stopped');
  });

  test('a strategy file whose choice never returns is disqualified for it, and the contest ends', async () => {
    const stuck = 'test/fixtures/strategies/speedclue-runaway.ts';
    const out = join(scratch, 'stuck');
    const { child, finished } = startParlor(
      ['contest', '--strategies', `${stuck},simple,inference`, '--per-seating', '1'].concat([
        '--move-timeout',
        '1',
        // The file's bot process starts under an allowance of its own.
        '--start-timeout',
        String(ANSWERING_SECONDS),
        '--seed',
        'stuck',
        '--out',
        out,
      ]),
    );
    // It ends in a couple of seconds; before, the contest called the file with no limit and spun for good.
    const hung = setTimeout(() => child.kill('SIGKILL'), HUNG_MS);
    try {
      const run = await finished;
      assert.equal(run.signal, null, `still running after ${HUNG_MS / 1000} s`);
      assert.equal(run.code, 0, run.stderr);
      const outcomes = outcomesOf(out);
      assert.match(outcomes.get(stuck)![6], /^timeout/);
      assert.equal(outcomes.get('simple')![6], '');
    } finally {
      clearTimeout(hung);
    }
  });

  // These contests run as processes of their own: a file's load check leaves esbuild's service
  // running in the process that bundled it, which would be taken for a bot left behind.
  test('a strategy file plays as a bot process of its own, the same games for the same seed', async () => {
    const file = 'strategies/examples/speedclue-certain.ts';
    const contest = async (out: string) => {
      const run = await parlor([
        'contest',
        '--strategies',
        `${file},simple,inference`,
        '--per-seating',
        '2',
        '--seed',
        'own-bot',
        '--out',
        out,
        ...PATIENT,
      ]);
      assert.equal(run.code, 0, run.stderr);
      return readFileSync(join(out, 'games.csv'), 'utf8');
    };
    // Neither contest reads the other's results: they play at the same time.
    const [first, second] = await Promise.all([contest(join(scratch, 'own-1')), contest(join(scratch, 'own-2'))]);
    assert.equal(second, first);
    const outcomes = outcomesOf(join(scratch, 'own-1'));
    assert.deepEqual([outcomes.get(file)![2], outcomes.get(file)![6]], ['12', '']);
    assert.deepEqual(processesMarked(marker), [], 'its process is stopped');
  });

  test('a strategy file that fills its heap is disqualified for it, and the others play on', async () => {
    const hoarder = 'test/fixtures/strategies/speedclue-runaway.ts:hoards=true';
    const out = join(scratch, 'hoarder');
    const { code, stderr } = await parlor([
      'contest',
      '--strategies',
      `${hoarder},simple,inference,random`,
      '--per-seating',
      '1',
      '--entrant-memory',
      '64',
      '--seed',
      'hoarder',
      '--out',
      out,
      ...PATIENT,
    ]);
    // Before, the file filled the contest's own heap, and the contest died with V8's fatal error.
    assert.equal(code, 0, stderr);
    const outcomes = outcomesOf(out);
    assert.equal(outcomes.get(hoarder)![6], 'crashed: killed by SIGABRT (its JavaScript heap was full)');
    // The one table without it: its six seatings, a game each.
    for (const name of ['simple', 'inference', 'random']) assert.deepEqual([outcomes.get(name)![2], outcomes.get(name)![6]], ['6', '']);
    assert.deepEqual(processesMarked(marker), [], 'every bot is stopped');
  });

  test('a strategy file trusted with --trust runs trusted in its bot process', async () => {
    const file = 'test/fixtures/strategies/speedclue-needs-node.js';
    const out = join(scratch, 'trusted');
    const { code, stderr } = await parlor([
      'contest',
      '--strategies',
      `${file},simple,inference`,
      '--trust',
      file,
      '--per-seating',
      '1',
      '--seed',
      'trusted',
      '--out',
      out,
      ...PATIENT,
    ]);
    assert.equal(code, 0, stderr);
    const outcomes = outcomesOf(out);
    assert.deepEqual([outcomes.get(file)![2], outcomes.get(file)![6]], ['6', '']);
  });

  test('stopped by Ctrl-C, keeps the games it finished, with no entrant blamed for the stop', async () => {
    const file = 'strategies/examples/speedclue-certain.ts';
    const out = join(scratch, 'stopped');
    const { child, finished } = startParlor([
      'contest',
      '--strategies',
      `${file},simple,inference,random`,
      '--per-seating',
      '200',
      '--seed',
      'stopped',
      '--transcripts',
      '--out',
      out,
      ...PATIENT,
    ]);
    // Each game's transcript is written as it ends. The contest has 48 seatings of 200 games, far
    // more than any machine plays between the poll that sees the 11th and the signal. What is
    // checked of the games kept holds for any number of them: ten are enough, each played costs.
    const transcripts = join(out, 'transcripts');
    const ended = () => (existsSync(transcripts) ? readdirSync(transcripts).length : 0);
    await eventually('11 games', () => ended() > 10 || child.exitCode !== null, HUNG_MS);
    child.kill('SIGINT');
    const run = await finished;
    assert.equal(run.code, 130, run.stderr);
    const played = Number(/contest stopped after (\d+) games/.exec(run.stderr)?.[1]);
    assert.ok(played >= 10, run.stderr);
    const games = csv(join(out, 'games.csv'));
    assert.equal(games.length, played);
    assert.ok(
      games.every((row) => row[2] === '1'),
      'every game counts',
    );
    const outcomes = csv(join(out, 'outcomes.csv'));
    for (const row of outcomes) assert.equal(row[6], '', `${row[0]} is not disqualified for bots stopped with the contest`);
    assert.equal(
      outcomes.reduce((sum, row) => sum + Number(row[1]), 0),
      played,
      'one winner a game',
    );
    assert.equal(stoppedAfter(out), played);
    assert.deepEqual(processesMarked(marker), [], 'every bot is stopped');
  });

  test('stopped before its first game ended, as its bots start or wait on one, says so and blames none of them', async () => {
    const runaway = 'test/fixtures/strategies/speedclue-runaway.ts';
    const out = join(scratch, 'stopped-early');
    // The file moves first at the first table, and spins: no game can end before the signal.
    const { child, finished } = startParlor(
      ['contest', '--strategies', `${runaway},simple,inference`, '--seed', 'early', '--out', out].concat([
        '--move-timeout',
        String(LONG_SLEEP_SECONDS),
        '--start-timeout',
        String(ANSWERING_SECONDS),
      ]),
    );
    await eventually('the contest folder', () => existsSync(join(out, 'contest.json')) || child.exitCode !== null, HUNG_MS);
    child.kill('SIGINT');
    const run = await finished;
    assert.equal(run.code, 130, run.stderr);
    assert.match(run.stderr, /contest stopped before its first game ended: nothing was tallied/);
    assert.deepEqual(csv(join(out, 'games.csv')), []);
    for (const row of csv(join(out, 'outcomes.csv'))) assert.deepEqual([row[2], row[6]], ['0', ''], row[0]);
    assert.equal(stoppedAfter(out), 0);
    assert.deepEqual(processesMarked(marker), [], 'every bot is stopped');
  });

  test('refuses a contest without entrants, and a game whose bots are not kept for a run, in one line', async () => {
    const none = await runCaptured(['contest', '--game', 'speedclue', '--out', join(scratch, 'none')]);
    assert.equal(none.code, 3);
    const loveLetter = await runCaptured([
      'contest',
      '--game',
      'love-letter',
      '--strategies',
      'random,random,random',
      '--out',
      join(scratch, 'll'),
    ]);
    assert.equal(loveLetter.code, 3);
    assert.ok(!existsSync(join(scratch, 'll')), 'nothing is written for a contest refused');
  });
});

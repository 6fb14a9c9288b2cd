// parlor compare as a CI job runs it: a child process of bin/parlor.js, judged by its exit status.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, parlor, runCaptured, startParlor } from '../cli.ts';
import { PYTHON } from '../../protocol/helpers.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();

// Small looks keep the games used close to where the test really decides.
const CLEAR = ['--opponents', 'random', '--players', '2', '--batch', '100', '--seed', 'parlor', '--quiet'];

function summaryOf(dir: string) {
  return JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
}

describe('parlor compare', () => {
  test('a reader that stops after the first line (| head -1) leaves the run its own exit status, with no error', async () => {
    const dir = join(scratch, 'head');
    const args = ['compare', '--candidate', 'counter', '--baseline', 'cautious', '--players', '3', '--opponents', 'random,random'];
    const { child, finished } = startParlor([...args, '--max-games', '100', '--seed', 'z', '--workers', '1', '--out', dir, '-q']);
    // Closed at the first line, as head closes it: everything printed after that meets a closed pipe.
    child.stdout!.once('data', () => child.stdout!.destroy());
    const run = await finished;
    assert.equal(run.code, 2, run.stderr);
    assert.doesNotMatch(run.stderr, /EPIPE|internal error/);
    assert.equal(summaryOf(dir).comparison.verdict, 'undecided');
  });

  test("a strategy's errors are reported with their message and place, as sim reports them", async () => {
    const dir = join(scratch, 'forfeits');
    const thrower = 'test/runner/fixtures/throws.ts';
    const run = await runCaptured([
      'compare',
      '--candidate',
      thrower,
      '--baseline',
      'random',
      ...CLEAR,
      '--max-games',
      '8',
      '--workers',
      '1',
      '--out',
      dir,
    ]);
    const where = `no idea what to play \\(${thrower.replaceAll('.', '\\.')}:12\\)`;
    assert.ok(
      run.warnings.some((line) =>
        new RegExp(`^${thrower.replaceAll('.', '\\.')}: \\d+ forfeits \\(strategy-error\\), the first: ${where}; see `).test(line),
      ),
      run.warnings.join('\n'),
    );
    const rows = readFileSync(join(dir, 'forfeits.csv'), 'utf8').trim().split('\n');
    assert.ok(
      rows.some((row) => new RegExp(`strategy-error,\\d+,${where}$`).test(row)),
      rows.join('\n'),
    );
    assert.match(JSON.stringify(summaryOf(dir).forfeitGames), /no idea what to play/);
  });

  test('a clear gain passes early (exit 0), with the expected length printed first and the results folder written', async () => {
    const dir = join(scratch, 'pass');
    const run = await parlor(['compare', '--candidate', 'counter', '--baseline', 'random', ...CLEAR, '--workers', '2', '--out', dir]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    const expected = run.stdout.indexOf('expected length');
    assert.ok(expected >= 0 && expected < run.stdout.indexOf('verdict: PASS'), run.stdout);
    assert.match(
      run.stdout,
      /Elo difference \(head to head: the candidate against the baseline in every other seat, every seat in turn\): \+\d+\.\d \(95% interval \+\d+\.\d to \+\d+\.\d\); normalized Elo per game \+\d+\.\d/,
    );
    assert.match(run.stdout, /likelihood of superiority: 100\.0%/);
    assert.match(run.stdout, /biased|pulls these estimates/);
    assert.match(run.stdout, /variance per block: \d\.\d\dx that of an independent design/);
    const comparison = summaryOf(dir).comparison;
    assert.equal(comparison.verdict, 'H1');
    assert.equal(comparison.passed, true);
    assert.ok(comparison.games < comparison.maxGames / 10, `stopped early: ${comparison.games} games`);
    // The gainer preset's midpoint length, (400 ln 19 / ln 10)^2 games, plus half a look of 100
    // blocks of overshoot; the default cap leaves the test room to run well past it.
    assert.equal(comparison.expectedGames, 2 * Math.ceil(((400 * Math.log(19)) / Math.LN10) ** 2 + 50));
    assert.ok(comparison.maxGames > 3 * comparison.expectedGames, `default cap ${comparison.maxGames}`);
    assert.ok(comparison.llr >= comparison.sprt.upper);
    assert.equal(comparison.sprt.points.length - 1, comparison.games / 200, 'one point per look of 100 games per arm, after the origin');
    assert.equal(comparison.estimate.biased, true);
    const job = JSON.parse(readFileSync(join(dir, 'job.json'), 'utf8'));
    assert.equal(job.command, 'compare');
    assert.deepEqual(
      job.matchups.map((m: { seats: string[] }) => m.seats),
      [
        ['counter', 'random'],
        ['random', 'random'],
      ],
    );
    for (const file of ['sprt.csv', 'index.html', 'charts/sprt-llr.vl.json', 'charts/sprt-llr.svg', 'charts/sprt-llr.png']) {
      assert.ok(existsSync(join(dir, file)), file);
    }
    assert.equal(readFileSync(join(dir, 'sprt.csv'), 'utf8').trim().split('\n').length, comparison.sprt.points.length + 1);
  });

  test('the reverse fails (exit 1), with the same verdict after the same games on one worker or two', async () => {
    const args = ['compare', '--candidate', 'random', '--baseline', 'counter', ...CLEAR, '--json'];
    const [one, two] = await Promise.all([
      parlor([...args, '--workers', '1', '--out', join(scratch, 'fail-1')]),
      parlor([...args, '--workers', '2', '--out', join(scratch, 'fail-2')]),
    ]);
    assert.equal(one.code, 1, one.stderr);
    assert.equal(two.code, 1, two.stderr);
    const [a, b] = [JSON.parse(one.stdout).comparison, JSON.parse(two.stdout).comparison];
    assert.equal(a.verdict, 'H0');
    assert.equal(a.passed, false);
    assert.equal(a.exitCode, 1);
    assert.equal(b.verdict, a.verdict);
    assert.equal(b.games, a.games);
    assert.deepEqual(b.sprt.points, a.sprt.points);
  });

  test('arms that score alike in every block get an interval on the measure, not a point', async () => {
    // The peak fixture playing Hearts: 0.8 and 0.80001 draw the same decisions from the same streams.
    const file = join(scratch, 'hearts-peak.js');
    writeFileSync(
      file,
      readFileSync(join(ROOT, 'test/fixtures/strategies/peak.js'), 'utf8').replace("game: 'love-letter'", "game: 'hearts'"),
    );
    const args = ['compare', '--game', 'hearts', '--players', '4', '--candidate', `${file}:x=0.8`, '--baseline', `${file}:x=0.80001`];
    // One worker: the interval follows the games, and each worker loads the strategy file again.
    const run = await parlor([
      ...args,
      '--opponents',
      'random',
      '--max-games',
      '32',
      '--seed',
      'same',
      '--workers',
      '1',
      '--out',
      join(scratch, 'alike'),
    ]);
    const line = /^points per hand .*difference \+0\.000 \(95% interval (\S+) to (\S+)\)/m.exec(run.stdout);
    assert.ok(line, run.stdout);
    assert.ok(Number(line[1]) < 0 && Number(line[2]) > 0, line[0]);
  });

  test('arms that won the same games in every block get an Elo interval, not a point', async () => {
    // c=0.6977 and c=0.7 make the same decisions on these two blocks' deals and streams.
    const args = ['compare', '--candidate', 'ismcts:iterations=20,c=0.6977', '--baseline', 'ismcts:iterations=20,c=0.7'];
    const run = await runCaptured([
      ...args,
      '--max-games',
      '8',
      '--seed',
      'x/verify',
      '--workers',
      '1',
      '--out',
      join(scratch, 'same-wins'),
      '-q',
    ]);
    assert.equal(run.code, 2, run.warnings.join('\n'));
    const { comparison } = summaryOf(join(scratch, 'same-wins'));
    assert.equal(comparison.variance.observed, 0, 'the arms agreed in every block');
    const { elo } = comparison.estimate;
    assert.equal(elo.elo, 0);
    assert.ok(elo.low < -100 && elo.high > 100, `${elo.low} to ${elo.high}`);
  });

  /**
   * counter against cautious under a cap of `maxGames`, in the scratch folder `name`; on one worker,
   * as the games played under a cap do not depend on the workers, and a second costs its start.
   */
  const capped = (name: string, maxGames: number, ...more: string[]) => {
    const dir = join(scratch, name);
    const args = ['--candidate', 'counter', '--baseline', 'cautious', '--max-games', String(maxGames), '--workers', '1', ...more];
    return { dir, run: parlor(['compare', ...args, '--seed', 'parlor', '--quiet', '--out', dir]) };
  };

  test('a cap too small to decide exits 2', async () => {
    const { dir, run: running } = capped('capped', 100, '--batch', '20');
    const run = await running;
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /verdict: UNDECIDED: the cap of 100 games came first/);
    const comparison = summaryOf(dir).comparison;
    assert.equal(comparison.verdict, 'undecided');
    assert.equal(comparison.passed, null);
    assert.equal(comparison.games, 100);
    assert.equal(comparison.estimate.biased, false);
  });

  test('one block is one block, not 1 blocks', async () => {
    const run = await capped('one-block', 4).run;
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /^games: 4 \(1 block in each arm\);/m);
  });

  test('a cap that no whole block fills says how many games were played under it', async () => {
    const { dir, run: running } = capped('capped-short', 102, '--batch', '20');
    const run = await running;
    assert.equal(run.code, 2, run.stderr);
    assert.equal(summaryOf(dir).comparison.games, 100);
    assert.match(run.stdout, /verdict: UNDECIDED: the cap of 102 games came first \(100 played: both arms play whole blocks\)/);
  });

  const badInput: [string, string[], RegExp][] = [
    ['the same strategy twice', ['--candidate', 'counter', '--baseline', 'counter'], /same strategy/],
    ['reversed SPRT bounds', ['--candidate', 'counter', '--baseline', 'random', '--sprt', '2,0'], /--sprt/],
    [
      'SPRT bounds beyond any score',
      ['--candidate', 'counter', '--baseline', 'random', '--sprt', '0,150'],
      /normalized Elo must lie within \+-100/,
    ],
    ['logistic Elo with a preset', ['--candidate', 'counter', '--baseline', 'random', '--sprt-elo', 'logistic'], /needs bounds of its own/],
    [
      'an unknown preset',
      ['--candidate', 'counter', '--baseline', 'random', '--preset', 'faster'],
      /--preset must be one of gainer, non-regression/,
    ],
    [
      'both --sprt and --preset',
      ['--candidate', 'counter', '--baseline', 'random', '--sprt', '0,5', '--preset', 'gainer'],
      /--sprt or --preset/,
    ],
    ['no baseline', ['--candidate', 'counter'], /--baseline/],
    [
      'a cap below one block per arm',
      ['--candidate', 'counter', '--baseline', 'random', '--design', 'duplicate', '--max-games', '3'],
      /--max-games must be at least 4/,
    ],
    ['an unknown strategy', ['--candidate', 'counterr', '--baseline', 'random'], /unknown strategy 'counterr'/],
  ];
  test('bad input: one line on stderr, exit 3, no results folder', async () => {
    const runs = await Promise.all(
      badInput.map(([, args], index) => parlor(['compare', ...args, '--quiet', '--out', join(scratch, `bad-${index}`)])),
    );
    runs.forEach((run, index) => {
      const [what, , message] = badInput[index];
      assert.equal(run.code, 3, `${what}: ${run.stderr}`);
      assert.equal(run.stdout, '', what);
      assert.match(run.stderr, /^parlor: [^\n]+\n$/, what);
      assert.match(run.stderr, message, what);
      assert.ok(!existsSync(join(scratch, `bad-${index}`)), `${what}: nothing written`);
    });
  });
});

describe('parlor compare with a bot process', () => {
  const bot = `cmd:${PYTHON} ${join(ROOT, 'strategies/external/dominion_big_money.py')}`;
  // One seed for every run: the runs with one and two workers must play the same games.
  const args = [
    'compare',
    '--game',
    'dominion',
    '--candidate',
    bot,
    '--baseline',
    'big-money',
    '--opponents',
    'big-money',
    '--seed',
    'bots',
  ];

  test("shares each look's games among the workers' tables, to the same result, and keeps the bots' logs", async () => {
    const runs = [];
    for (const workers of ['1', '2']) {
      const dir = join(scratch, `bot-${workers}`);
      const run = await parlor([...args, '--max-games', '16', '--batch', '8', '--workers', workers, '--quiet', '--out', dir]);
      assert.equal(run.code, 2, run.stderr);
      assert.ok(readdirSync(join(dir, 'bots')).length > 0, 'a log for the bot');
      runs.push(summaryOf(dir).comparison);
    }
    assert.deepEqual(runs[1], runs[0]);
  });
});

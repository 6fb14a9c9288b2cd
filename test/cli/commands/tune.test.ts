// parlor tune as users run it: a child process of bin/parlor.js, stopped by Ctrl-C and resumed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pairingLine } from '../../../src/cli/commands/tune.ts';
import { parlor, ROOT, startParlor } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();

const TUNE = [
  'tune',
  '--game',
  'love-letter',
  '--strategy',
  'test/fixtures/strategies/peak.js',
  '--param',
  'x=0.8:0:1',
  '--param',
  'n=1:0:10',
  '--opponents',
  'random',
  '--players',
  '2',
  '--iterations',
  '40',
  '--iteration-games',
  '100',
  '--r-end',
  '0.1',
  // One look of the verification's test: the verdict line and its exit code are there however few games it plays.
  '--verify-games',
  '400',
  '--workers',
  '2',
  // Its own seed: the stopped run and the uninterrupted one must play the same games.
  '--seed',
  'tune',
];

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

describe('parlor tune', () => {
  const whole = join(scratch, 'whole');

  test('tunes, writes the trajectory, chart and report, and verifies the tuned values with a paired compare', async () => {
    const run = await parlor([...TUNE, '--out', whole]);
    assert.ok([0, 1, 2].includes(run.code ?? -1), run.stderr);
    assert.match(run.stdout, /^tune test\/fixtures\/strategies\/peak\.js on love-letter, 2 players, opponents random/);
    assert.match(run.stdout, /tuned: test\/fixtures\/strategies\/peak\.js:x=[\d.]+,n=\d+/);
    assert.match(run.stdout, /verification \(paired compare, .*verify\):\nverdict: /);
    // Against a fixed opponent (random), not the starting values, so compare says what it measured.
    assert.match(run.stdout, /Elo difference \(against the opponents random, not head to head[^)]*\): [+-]\d+\.\d \(95% interval/);
    for (const file of [
      'job.json',
      'trajectory.csv',
      'charts/trajectory.vl.json',
      'charts/trajectory.svg',
      'index.html',
      'verify/summary.json',
    ])
      assert.ok(existsSync(join(whole, file)), file);
    assert.equal(read(whole, 'trajectory.csv').trim().split('\n').length, 41);
    const summary = JSON.parse(read(whole, 'summary.json'));
    assert.equal(summary.complete, true);
    assert.equal(summary.seed, 'tune');
    assert.equal(summary.games, 2 * 40 * 100);
    assert.equal(summary.verification.games, 400);
    assert.equal(run.code, JSON.parse(read(whole, 'verify/summary.json')).comparison.exitCode);
    // `parlor chart` redraws a tuning run's folder like any other.
    rmSync(join(whole, 'charts'), { recursive: true });
    const chart = await parlor(['chart', whole]);
    assert.equal(chart.code, 0, chart.stderr);
    assert.match(chart.stdout, /^1 charts redrawn; report: .*index\.html/);
    assert.ok(existsSync(join(whole, 'charts', 'trajectory.svg')));
    // The chart starts at iteration 0, the starting values, as its subtitle says.
    const drawn = JSON.parse(read(whole, 'charts/trajectory.vl.json')).data.values as {
      parameter: string;
      iteration: number;
      value: number;
    }[];
    assert.deepEqual(
      drawn.filter((point) => point.iteration === 0).map((point) => [point.parameter, point.value]),
      [
        ['x', 0.8],
        ['n', 1],
      ],
    );
    assert.equal(Math.max(...drawn.map((point) => point.iteration)), 40);
  });

  test('Ctrl-C keeps the finished iterations; --resume ends exactly where an uninterrupted run does', async () => {
    const dir = join(scratch, 'stopped');
    const { child, finished } = startParlor([...TUNE, '--out', dir]);
    while (!existsSync(join(dir, 'trajectory.csv'))) await sleep(20);
    child.kill('SIGINT');
    const stopped = await finished;
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.match(stopped.stderr, /finished iterations, all kept; continue with: node bin\/parlor\.js tune --resume /);
    const kept = read(dir, 'trajectory.csv').trim().split('\n').length - 1;
    assert.ok(kept >= 1 && kept < 40, String(kept));
    const refused = await parlor(['tune', '--resume', dir, '--iterations', '5']);
    assert.equal(refused.code, 3);
    assert.match(refused.stderr, /--iterations cannot be changed on resume/);
    const resumed = await parlor(['tune', '--resume', dir, '--workers', '1']);
    assert.ok([0, 1, 2].includes(resumed.code ?? -1), resumed.stderr);
    assert.equal(read(dir, 'trajectory.csv'), read(whole, 'trajectory.csv'));
    assert.deepEqual(JSON.parse(read(dir, 'summary.json')), JSON.parse(read(whole, 'summary.json')));
  });

  test('--trust runs a strategy file unconfined, and a resume trusts it again as the run recorded', async () => {
    const file = 'test/fixtures/strategies/node-param.js';
    const args = ['tune', '--game', 'love-letter', '--players', '2', '--strategy', file, '--param', 'pick=1:0:4', '--opponents', 'random'];
    const short = [
      '--iterations',
      '3',
      '--iteration-games',
      '10',
      '--verify-games',
      '40',
      '--r-end',
      '1',
      '--workers',
      '1',
      '--seed',
      'trust',
    ];
    const confined = await parlor([...args, ...short, '--out', join(scratch, 'confined')]);
    assert.equal(confined.code, 3);
    assert.match(confined.stderr, /imports 'node:os'.*--trust it to lift this/);
    const whole = join(scratch, 'trusted');
    const run = await parlor([...args, '--trust', file, ...short, '--out', whole]);
    assert.ok([0, 1, 2].includes(run.code ?? -1), run.stderr);
    assert.deepEqual(JSON.parse(read(whole, 'job.json')).confinement, { confined: [], trusted: [file] });
    // As if stopped after its first iteration: the state keeps one row, and nothing was verified.
    const parts = join(scratch, 'trusted-resumed');
    cpSync(whole, parts, { recursive: true });
    const state = JSON.parse(read(parts, 'tune-state.json'));
    writeFileSync(join(parts, 'tune-state.json'), JSON.stringify({ rows: state.rows.slice(0, 1) }));
    rmSync(join(parts, 'verify'), { recursive: true, force: true });
    const resumed = await parlor(['tune', '--resume', parts]);
    assert.equal(resumed.code, run.code, resumed.stderr);
    assert.equal(read(parts, 'trajectory.csv'), read(whole, 'trajectory.csv'));
    assert.equal(
      read(parts, 'verify/summary.json').replace(/"created": "[^"]*"/, ''),
      read(whole, 'verify/summary.json').replace(/"created": "[^"]*"/, ''),
    );
  });

  test('--iteration-games below a block plays one block, with a note naming it, not an option tune does not take', async () => {
    const dir = join(scratch, 'one-block');
    const run = await parlor([
      'tune',
      '--game',
      'dominion',
      '--players',
      '2',
      '--strategy',
      'smithy-bm',
      '--opponents',
      'big-money',
      '--param',
      'secondSmithyAt=16:10:24',
      '--iteration-games',
      '1',
      '--iterations',
      '2',
      '--verify-games',
      '8',
      '--workers',
      '1',
      '--seed',
      'one-block',
      '--out',
      dir,
    ]);
    assert.ok([0, 1, 2].includes(run.code ?? -1), run.stderr);
    assert.doesNotMatch(run.stderr, /--max-games/);
    assert.equal(
      run.stderr,
      'parlor: note: --iteration-games 1 plays 2 games an arm each iteration: whole blocks of 2 games (the duplicate design deals each deal once from every seat)\n',
    );
    assert.match(run.stdout, /SPSA: 2 iterations of 2 paired games per arm \(duplicate design\)/);
    assert.equal(JSON.parse(read(dir, 'job.json')).iterationGames, 2);
  });

  test('a verdict read on a measure (Hearts points) keeps that measure in summary.json and the report', async () => {
    // The peak fixture, playing Hearts: its first legal card or a random one.
    const file = join(scratch, 'hearts-peak.js');
    writeFileSync(
      file,
      readFileSync(join(ROOT, 'test/fixtures/strategies/peak.js'), 'utf8').replace("game: 'love-letter'", "game: 'hearts'"),
    );
    const dir = join(scratch, 'hearts-measure');
    const args = ['tune', '--game', 'hearts', '--players', '4', '--strategy', file, '--param', 'x=0.8:0:1', '--opponents', 'random'];
    const run = await parlor([
      ...args,
      '--iterations',
      '2',
      '--iteration-games',
      '8',
      '--verify-games',
      '16',
      '--seed',
      'points',
      '--out',
      dir,
    ]);
    assert.notEqual(run.code, 3, run.stderr);
    const verification = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')).verification;
    assert.equal(verification.measure.id, 'points');
    assert.equal(verification.measure.lowerIsBetter, true);
    const printed = /^points per hand \(what the test read, lower is better\): .*$/m.exec(run.stdout);
    assert.ok(printed, run.stdout);
    assert.ok(readFileSync(join(dir, 'index.html'), 'utf8').includes(printed[0]), 'the report carries the line the console printed');
  });

  test('the pairing line claims fewer games only where pairing saved a tenth or more', () => {
    const line = (paired: number, unpaired: number) =>
      pairingLine({ paired, unpaired, independent: unpaired, pairingFactor: paired / unpaired, factor: paired / unpaired });
    assert.match(
      line(0.2, 0.4),
      /0\.50x that of the same blocks unpaired .*: the same precision from 2\.0 times fewer games than unpaired$/,
    );
    for (const [paired, unpaired] of [
      [0.5, 0.3],
      [0, 0.3],
      [0.38, 0.4],
    ])
      assert.doesNotMatch(line(paired, unpaired), /fewer games/, `${paired} / ${unpaired}`);
  });
});

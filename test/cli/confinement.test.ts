// What a run records of its seed and of how its strategy files ran.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandboxProblem } from '../../src/protocol/transport/sandbox.ts';
import { PYTHON, ROOT } from '../protocol/helpers.ts';
import { parlor } from './cli.ts';
import { scratchDir } from '../helpers/scratch.ts';

const scratch = scratchDir();
const FILE = 'test/fixtures/strategies/first-legal.js';
const CHEAT = 'test/fixtures/strategies/cheats/typed-array-fill.ts';

interface Job {
  readonly seed: string;
  readonly confinement: { readonly confined: readonly string[]; readonly trusted: readonly string[] };
}

const jobIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'job.json'), 'utf8')) as Job;

function sim(out: string, strategies: string, extra: readonly string[] = [], game = 'love-letter') {
  return parlor([
    'sim',
    '--game',
    game,
    '--strategies',
    strategies,
    '--games',
    '8',
    '--workers',
    '1',
    '--out',
    join(scratch, out),
    ...extra,
  ]);
}

test('without --seed a run draws a fresh seed, prints it and keeps it in job.json; files run confined', async () => {
  const [first, second] = await Promise.all([sim('fresh-1', `${FILE},random`), sim('fresh-2', `${FILE},random`)]);
  assert.equal(first.code, 0, first.stderr);
  const [one, two] = [jobIn(join(scratch, 'fresh-1')), jobIn(join(scratch, 'fresh-2'))];
  assert.match(one.seed, /^[0-9a-f]{16}$/);
  assert.notEqual(one.seed, two.seed);
  assert.ok(first.stdout.includes(`seed ${one.seed}`), first.stdout);
  assert.deepEqual(one.confinement, { confined: [FILE], trusted: [] });
});

test('--trust runs a file unconfined, and job.json says so', async () => {
  const run = await sim('trusted', `${FILE},random`, ['--seed', 'trust', '--trust', FILE]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(jobIn(join(scratch, 'trusted')).confinement, { confined: [], trusted: [FILE] });
});

test('--trust refuses a path that names no file, in one line, before anything runs', async () => {
  const out = join(scratch, 'trust-typo');
  const run = await sim('trust-typo', `${FILE},random`, ['--seed', 'typo', '--trust', 'test/fixtures/strategies/first-legl.js']);
  assert.equal(run.code, 3);
  assert.match(run.stderr, /--trust test\/fixtures\/strategies\/first-legl\.js: no such file/);
  assert.ok(!existsSync(out), 'no results folder');
});

test('compare records in job.json which of its strategy files ran confined and which trusted', async () => {
  const out = join(scratch, 'compare');
  const run = await parlor([
    'compare',
    '--candidate',
    FILE,
    '--baseline',
    'random',
    '--max-games',
    '40',
    '--seed',
    'compare',
    '--workers',
    '1',
    '--trust',
    FILE,
    '--out',
    out,
  ]);
  assert.ok(run.code === 0 || run.code === 1 || run.code === 2, run.stderr);
  assert.deepEqual(jobIn(out).confinement, { confined: [], trusted: [FILE] });
});

test('a cheat that patches a built-in plays otherwise only where it is trusted', async () => {
  const seats = (first: string) => `${first},simple,inference`;
  const runs = await Promise.all([
    sim('honest', seats('simple'), ['--seed', 'cheat', '--json', '-q'], 'speedclue'),
    sim('confined', seats(CHEAT), ['--seed', 'cheat', '--json', '-q'], 'speedclue'),
    sim('unconfined', seats(CHEAT), ['--seed', 'cheat', '--json', '-q', '--trust', CHEAT], 'speedclue'),
  ]);
  for (const run of runs) assert.equal(run.code, 0, run.stderr);
  type Seat = { wins: number; roundWins: number; rounds: number };
  const points = runs.map((run) =>
    (JSON.parse(run.stdout) as { seats: Seat[] }).seats.map((seat) => [seat.wins, seat.roundWins, seat.rounds]),
  );
  assert.deepEqual(points[1], points[0]);
  assert.notDeepEqual(points[2], points[0]);
});

test('--sandbox plays cmd: bots sandboxed, and job.json keeps its limits', { skip: sandboxProblem() ?? false }, async () => {
  const bot = `cmd:${PYTHON} strategies/external/random_bot.py`;
  const run = await sim('sandboxed', `${bot},random`, ['--players', '2', '--seed', 'sandbox', '--sandbox', 'memory=256,processes=64']);
  assert.equal(run.code, 0, run.stderr);
  const job = JSON.parse(readFileSync(join(scratch, 'sandboxed', 'job.json'), 'utf8')) as { sandbox: unknown };
  assert.deepEqual(job.sandbox, { memory: 256, cpu: 600, processes: 64 });
});

test('compare plays cmd: bots sandboxed too, and its job.json keeps the limits', { skip: sandboxProblem() ?? false }, async () => {
  const out = join(scratch, 'compare-sandboxed');
  const bot = `cmd:${PYTHON} strategies/external/random_bot.py`;
  const run = await parlor([
    'compare',
    '--candidate',
    bot,
    '--baseline',
    'random',
    '--players',
    '2',
    '--max-games',
    '8',
    '--seed',
    'sandbox',
    '--workers',
    '1',
    '--sandbox',
    'cpu=60',
    '--out',
    out,
  ]);
  assert.ok(run.code === 0 || run.code === 1 || run.code === 2, run.stderr);
  const job = JSON.parse(readFileSync(join(out, 'job.json'), 'utf8')) as { sandbox: unknown };
  assert.deepEqual(job.sandbox, { memory: 1024, cpu: 60, processes: 64 });
});

test('replay plays a cmd: bot sandboxed', { skip: sandboxProblem() ?? false }, async () => {
  // Seeded, so the bot plays the same game wherever it runs.
  const bot = `cmd:${PYTHON} strategies/external/random_bot.py 2 7`;
  const args = ['replay', '--game', 'love-letter', '--players', '2', '--strategies', `${bot},random`, '--seed', 'sandbox', '--index', '1'];
  const [plain, sandboxed] = await Promise.all([parlor(args), parlor([...args, '--sandbox', 'processes=16'])]);
  assert.equal(sandboxed.code, 0, sandboxed.stderr);
  assert.ok(sandboxed.stdout.split('\n').length > 5, sandboxed.stdout);
  assert.equal(sandboxed.stdout, plain.stdout);
});

test("contest plays its launch file's bots sandboxed, and contest.json keeps the limits", { skip: sandboxProblem() ?? false }, async () => {
  const out = join(scratch, 'contest-sandboxed');
  const launch = join(scratch, 'sandboxed-launch.txt');
  const bot = `${PYTHON} ${join(ROOT, 'strategies/external/speedclue_bot.py')}`;
  writeFileSync(launch, `${bot} {alpha} %%\n${bot} {beta} %%\n`);
  const run = await parlor([
    'contest',
    '--launch',
    launch,
    '--strategies',
    'random',
    '--per-seating',
    '1',
    '--seed',
    'sandbox',
    '--sandbox',
    'processes=32',
    '--json',
    '--out',
    out,
  ]);
  assert.equal(run.code, 0, run.stderr);
  const entrants = JSON.parse(run.stdout) as { identifier: string; played: number; disqualified: string | null }[];
  assert.deepEqual(
    entrants.map(({ identifier, played, disqualified }) => [identifier, played, disqualified]),
    [
      ['alpha', 6, null],
      ['beta', 6, null],
      ['random', 6, null],
    ],
  );
  const spec = JSON.parse(readFileSync(join(out, 'contest.json'), 'utf8')) as { sandbox: unknown };
  assert.deepEqual(spec.sandbox, { memory: 1024, cpu: 600, processes: 32 });
});

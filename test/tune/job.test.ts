// Tuning from code: SPSA finds a known optimum, and its runs are exactly reproducible however
// they are interrupted or spread over workers.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinJobContext, resumeTune, startTune, type TuneOutcome, type TuneRequest } from '../../src/index.ts';
import { trajectoryCsv, type IterationRow, type TuneJob } from '../../src/tune/job.ts';
import { parseParamRange } from '../../src/tune/params.ts';
// @ts-expect-error: a plain JavaScript fixture
import { PEAK } from '../fixtures/strategies/peak.js';
import { scratchDir } from '../helpers/scratch.ts';

const scratch = scratchDir('tune');
const PEAK_FILE = 'test/fixtures/strategies/peak.js';

function request(x: number, n: number, overrides: Partial<TuneRequest> = {}): TuneRequest {
  return {
    strategy: PEAK_FILE,
    params: [parseParamRange(`x=${x}:0:1`), parseParamRange(`n=${n}:0:10`)],
    opponents: ['random'],
    game: 'love-letter',
    players: 2,
    iterations: 60,
    iterationGames: 200,
    rEnd: 0.1,
    seed: 'tune',
    design: 'duplicate',
    verifyGames: 4,
    ...overrides,
  };
}

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

describe('parlor tune', () => {
  // One short run played through, read by the tests that compare other runs with it.
  const through = { iterations: 8, iterationGames: 20, verifyGames: 40 };
  const throughDir = join(scratch, 'whole');
  let played: Promise<TuneOutcome> | undefined;
  const playedThrough = () => (played ??= startTune(builtinJobContext(), request(0.8, 1, through), { workers: 1, out: throughDir }));

  // The fixture's strength peaks at x = 0.3, n = 6 (a quadratic fall in the chance of playing well):
  // 60 iterations of 200 paired games end within 0.1 of x and 1 of n from every start (and seed) tried.
  for (const [x, n] of [
    [0.8, 1],
    [0.05, 10],
    [0.6, 9],
  ]) {
    test(`recovers the optimum from x = ${x}, n = ${n}`, async () => {
      const outcome = await startTune(builtinJobContext(), request(x, n), { workers: 1, out: join(scratch, `peak-${x}-${n}`) });
      assert.ok(outcome.status === 'complete', outcome.status);
      const [tunedX, tunedN] = outcome.summary.params.map((param) => param.tuned);
      assert.ok(Math.abs(tunedX - PEAK.x) <= 0.1, `x = ${tunedX}`);
      assert.ok(Math.abs(tunedN - PEAK.n) <= 1, `n = ${tunedN}`);
    });
  }

  test('a run stopped after some iterations and resumed ends exactly as one played through, on any number of workers', async () => {
    const straight = await playedThrough();
    assert.ok(straight.status === 'complete');
    const parts = join(scratch, 'parts');
    const stop = new AbortController();
    const stopped = await startTune(
      builtinJobContext(),
      request(0.8, 1, through),
      { workers: 2, out: parts, signal: stop.signal },
      { iterated: (_job, row) => row.iteration === 2 && stop.abort() },
    );
    assert.deepEqual(stopped, { status: 'interrupted', dir: parts, iterations: 3, verifying: false });
    assert.equal(read(parts, 'trajectory.csv').trim().split('\n').length, 4);
    const resumed = await resumeTune(builtinJobContext(), parts, { workers: 2 });
    assert.ok(resumed.status === 'complete');
    assert.equal(read(parts, 'trajectory.csv'), read(throughDir, 'trajectory.csv'));
    assert.equal(read(parts, 'tune-state.json'), read(throughDir, 'tune-state.json'));
    assert.deepEqual(resumed.summary, straight.summary);
    // Sharing deals and streams between theta+ and theta- cut the variance of their score difference.
    assert.ok(straight.summary.pairing && straight.summary.pairing.pairingFactor < 0.6, JSON.stringify(straight.summary.pairing));
    // Verified by a paired comparison in verify/, its verdict and Elo in summary.json.
    const summary = JSON.parse(read(throughDir, 'summary.json'));
    assert.equal(summary.verification.folder, 'verify');
    assert.equal(summary.verification.games, 40);
    assert.ok(Number.isFinite(summary.verification.elo.elo));
    assert.ok(existsSync(join(throughDir, 'verify', 'summary.json')));
  });

  test('a run stopped while verifying leaves a summary of every iteration, marked unfinished, and resumes to the same end', async () => {
    const short = { iterations: 4, iterationGames: 20, verifyGames: 4000 };
    const whole = await startTune(builtinJobContext(), request(0.8, 1, short), { workers: 1, out: join(scratch, 'verify-whole') });
    assert.ok(whole.status === 'complete');
    const dir = join(scratch, 'verify-stopped');
    const stop = new AbortController();
    const stopped = await startTune(
      builtinJobContext(),
      request(0.8, 1, short),
      { workers: 1, out: dir, signal: stop.signal },
      { verify: { looked: () => stop.abort() } },
    );
    assert.deepEqual(stopped, { status: 'interrupted', dir, iterations: 4, verifying: true });
    const summary = JSON.parse(read(dir, 'summary.json'));
    assert.equal(summary.complete, false);
    assert.equal(summary.iterations, 4);
    assert.equal(summary.verification, null);
    assert.equal(summary.tuned, whole.summary.tuned);
    const resumed = await resumeTune(builtinJobContext(), dir, { workers: 1 });
    assert.ok(resumed.status === 'complete');
    assert.deepEqual({ ...resumed.summary, verification: null }, { ...whole.summary, verification: null });
    assert.equal(resumed.summary.verification?.verdict, whole.summary.verification?.verdict);
  });

  test("scores the game's first measure by default, or the one asked for, and records it in job.json", async () => {
    const plain = await playedThrough();
    assert.ok(plain.status === 'complete');
    assert.equal(JSON.parse(read(plain.dir, 'job.json')).measure, 'win-share');
    const rounds = join(scratch, 'round-win-share');
    const asked = await startTune(builtinJobContext(), request(0.8, 1, { ...through, measure: 'round-win-share' }), {
      workers: 1,
      out: rounds,
    });
    assert.ok(asked.status === 'complete');
    assert.equal(JSON.parse(read(rounds, 'job.json')).measure, 'round-win-share');
    assert.match(read(join(rounds, 'verify'), 'job.json'), /round-win-share/);
    // The same deals scored on rounds won rather than games won move theta differently.
    assert.notEqual(read(rounds, 'trajectory.csv'), read(plain.dir, 'trajectory.csv'));
    await assert.rejects(
      startTune(builtinJobContext(), request(0.8, 1, { ...through, measure: 'vp' }), { workers: 1, out: join(scratch, 'vp') }),
      /vp/,
    );
  });

  test('names an unknown game as such, not as a built-in strategy it lacks, and makes no folder', async () => {
    const out = join(scratch, 'no-game');
    const tuning = { ...request(0.8, 1), strategy: 'ismcts', params: [parseParamRange('c=0.7:0.1:2')], opponents: ['counter'] };
    await assert.rejects(startTune(builtinJobContext(), { ...tuning, game: 'nosuch' }, { workers: 1, out }), /unknown game 'nosuch'/);
    assert.equal(existsSync(out), false);
  });

  test('counts the games of the iterations that played: none where theta+ and theta- came to the same values', () => {
    const job = { iterationGames: 10, params: [{ name: 'n' }] } as unknown as TuneJob;
    const row = (iteration: number, played: boolean): IterationRow => ({
      iteration,
      plus: [played ? 3 : 2],
      minus: [2],
      score: 0,
      theta: [2],
      variance: played ? { paired: 0.1, unpaired: 0.2, independent: 0.2 } : null,
    });
    const games = trajectoryCsv(job, [row(0, true), row(1, false), row(2, true)])
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[1]));
    assert.deepEqual(games, [20, 20, 40]);
  });
});

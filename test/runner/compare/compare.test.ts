import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  comparisonEstimate,
  comparisonScale,
  runComparison,
  sprtHistogram,
  varianceReduction,
  measuredAs,
} from '../../../src/runner/compare/compare.ts';
import type { PairedSpec, PairedTotals } from '../../../src/runner/compare/paired.ts';
import { runPairedBatches } from '../../../src/runner/compare/paired-run.ts';
import { pairedEloToBlockScore, scoreToElo } from '../../../src/stats/elo.ts';
import { evaluateSprt, normalizedMeanSprt, SPRT_PRESETS, type SprtConfig, type SprtResult } from '../../../src/stats/sprt.ts';
import { Options } from '../../../src/cli/options.ts';
import { builtinRegistry, loadExternalHost } from '../../../src/app.ts';
import { Runners } from '../../../src/runner/job/runners.ts';
import { assertClose } from '../../helpers/numbers.ts';

const REGISTRY = new URL('../../../src/app.ts', import.meta.url).href;

// The runs here share two worker threads: a pool of each run's own would start and load its threads
// again for every run, which cost more than most runs' games. Each run waits for its batches in
// flight before it returns, so none leaves work behind for the next.
const WORKERS = 2;
const runners = Runners.create(WORKERS, loadExternalHost);
after(() => runners.close());

function spec(candidate: string, baseline: string, extra: Partial<PairedSpec> = {}): PairedSpec {
  return { game: 'love-letter', candidate, baseline, opponents: ['random'], rules: {}, seed: 'compare', design: 'independent', ...extra };
}

async function lastTotals(paired: PairedSpec, blocks: number): Promise<PairedTotals> {
  let last: PairedTotals | null = null;
  for await (const totals of runPairedBatches(builtinRegistry(), paired, {
    workers: WORKERS,
    runners,
    registryModule: REGISTRY,
    loadExternalHost,
    batchBlocks: blocks / 2,
    maxBlocks: blocks,
  })) {
    last = totals;
  }
  assert.ok(last);
  return last;
}

describe('the histogram the sequential test reads', () => {
  test('maps each difference d to the head-to-head score (1 + d) / 2 and always holds the extremes', () => {
    assert.deepEqual(sprtHistogram({ support: [-0.5, 0, 0.5], counts: [2, 5, 3] }), {
      support: [0, 0.25, 0.5, 0.75, 1],
      counts: [0, 2, 5, 3, 0],
    });
    assert.deepEqual(sprtHistogram({ support: [-1, 0, 1], counts: [1, 2, 3] }), { support: [0, 0.5, 1], counts: [1, 2, 3] });
    // Every block a tie: the test still has a support around its hypotheses, and next to no evidence.
    const ties = sprtHistogram({ support: [0], counts: [40] });
    assert.deepEqual(ties, { support: [0, 0.5, 1], counts: [0, 40, 0] });
    assert.ok(Math.abs(evaluateSprt(SPRT_PRESETS.gainer, ties.support, ties.counts).llr) < 0.01);
  });
});

describe('a comparison on a measure', () => {
  test("reads Hearts' points per hand, lower better, where win shares alone would take far longer", async () => {
    const hearts = spec('ducking', 'random', {
      game: 'hearts',
      opponents: ['random', 'random', 'random'],
      design: 'duplicate',
      measure: 'points',
    });
    const result = await runComparison(builtinRegistry(), hearts, {
      workers: WORKERS,
      runners,
      registryModule: REGISTRY,
      loadExternalHost,
      batchBlocks: 25,
      maxBlocks: 2000,
      sprt: SPRT_PRESETS.gainer,
    });
    assert.equal(result.verdict, 'H1');
    assert.ok(result.totals.blocks <= 400, `${result.totals.blocks} blocks`);
    const measure = comparisonEstimate(hearts, result.totals).measure;
    assert.ok(measure);
    assert.equal(measure.label, 'points per hand');
    assert.ok(measure.candidate < measure.baseline && measure.high < 0, JSON.stringify(measure));
    assertClose(measure.difference, measure.candidate - measure.baseline, 1e-9);
  });

  test('the normalized test on continuous block values accepts a clear gain, rejects a clear loss, waits on no spread, and weighs blocks alike at 0', () => {
    const gain = normalizedMeanSprt(SPRT_PRESETS.gainer, 400, 1, 1, 4);
    assert.equal(gain.status, 'H1');
    assert.equal(normalizedMeanSprt(SPRT_PRESETS.gainer, 400, -1, 1, 4).status, 'H0');
    assert.equal(normalizedMeanSprt(SPRT_PRESETS.gainer, 400, 0.5, 0, 4).status, 'continue');
    // Blocks all alike at no difference: the evidence of a change that alters nothing.
    assert.equal(normalizedMeanSprt(SPRT_PRESETS.gainer, 10, 0, 0, 4).status, 'continue');
    assert.equal(normalizedMeanSprt(SPRT_PRESETS.nonRegression, 100_000, 0, 0, 4).status, 'H1');
    assert.equal(normalizedMeanSprt(SPRT_PRESETS.gainer, 100_000, 0, 0, 4).status, 'H0');
    assert.equal(normalizedMeanSprt(SPRT_PRESETS.gainer, 1000, 0, 0, 4).llr, normalizedMeanSprt(SPRT_PRESETS.gainer, 1000, 0, 1, 4).llr);
    // (t1 - t0) S / sigma - N (t1^2 - t0^2) / 2, t per block = elo sqrt(k) ln 10 / 800.
    const t1 = (2 * Math.sqrt(4) * Math.LN10) / 800;
    assertClose(gain.llr, t1 * 400 - (400 * t1 * t1) / 2, 1e-12);
    assert.throws(() => normalizedMeanSprt({ ...SPRT_PRESETS.gainer, model: 'elo' }, 10, 0, 1, 1), RangeError);
  });
});

describe('a sequential comparison', () => {
  // Wide plain-Elo bounds: a clear case decides in a few hundred games.
  const wide: SprtConfig = { model: 'elo', elo0: 0, elo1: 60, alpha: 0.05, beta: 0.05 };

  async function run(paired: PairedSpec, workers: number, sprt: SprtConfig = wide, maxBlocks = 4000, batchBlocks = 50) {
    const seen: { totals: PairedTotals; sprt: SprtResult; support: number[]; counts: number[] }[] = [];
    const result = await runComparison(builtinRegistry(), paired, {
      workers,
      // One worker plays on a pool of its own, as a run given --workers 1 does.
      runners: workers === WORKERS ? runners : undefined,
      registryModule: REGISTRY,
      loadExternalHost,
      batchBlocks,
      maxBlocks,
      sprt,
      onBatch: (totals, sprtResult) => seen.push({ totals, sprt: sprtResult, support: [...totals.support], counts: [...totals.counts] }),
    });
    return { result, seen };
  }

  test('after every batch the test is evaluateSprt on the differences accumulated so far', async () => {
    // Small batches, so that the test sees several before a clear case decides.
    const paired = spec('counter', 'cautious');
    const { result, seen } = await run(paired, 2, wide, 4000, 10);
    assert.equal(result.verdict, 'H1');
    assert.ok(seen.length >= 2, 'the test needed more than one batch');
    seen.forEach((step, index) => {
      assert.equal(step.totals.blocks, 10 * (index + 1));
      assert.equal(
        step.counts.reduce((sum, count) => sum + count, 0),
        step.totals.blocks,
      );
      const histogram = sprtHistogram(step);
      const expected = evaluateSprt(wide, histogram.support, histogram.counts, comparisonScale(paired, step.totals));
      assert.equal(step.sprt.llr, expected.llr);
      assert.equal(result.trajectory[index + 1].llr, expected.llr);
      assert.equal(result.trajectory[index + 1].games, 2 * step.totals.blocks);
      // Only the last look crossed a bound; the run stopped there.
      assert.equal(step.sprt.status, index === seen.length - 1 ? 'H1' : 'continue');
    });
    assert.deepEqual(result.trajectory[0], { blocks: 0, games: 0, llr: 0 });
    assert.ok(result.sprt.llr >= result.sprt.upper);
  });

  test('the same verdict after the same games on one worker or two', async () => {
    const paired = spec('cautious', 'counter', { seed: 'workers' });
    const [one, two] = [await run(paired, 1), await run(paired, 2)];
    assert.equal(one.result.verdict, 'H0');
    assert.deepEqual(one.result.trajectory, two.result.trajectory);
    assert.equal(one.result.totals.blocks, two.result.totals.blocks);
  });

  test('a change that alters no behaviour passes non-regression within the default cap', async () => {
    // The same strategy in both arms plays the same games move for move: every block a tie.
    const paired = spec('cautious', 'cautious', { opponents: ['cautious'], seed: 'copy' });
    const maxBlocks = Options.maxGames.defaultValue / 2;
    const { result } = await run(paired, 2, SPRT_PRESETS.nonRegression, maxBlocks, 10000);
    assert.equal(result.verdict, 'H1');
    assert.ok(result.totals.counts.length === 1 && result.totals.support[0] === 0, 'every block a tie');
    assert.ok(result.totals.blocks < maxBlocks);
  });

  test('stops undecided at the cap, cutting the last batch short', async () => {
    const { result } = await run(spec('counter', 'cautious'), 2, SPRT_PRESETS.nonRegression, 120);
    assert.equal(result.verdict, 'undecided');
    assert.equal(result.totals.blocks, 120);
    assert.deepEqual(
      result.trajectory.map((point) => point.blocks),
      [0, 50, 100, 120],
    );
  });

  test("Elo is the difference of the arms' log-odds when the baseline's share must be estimated", async () => {
    const paired = spec('counter', 'random');
    const totals = await lastTotals(paired, 400);
    const estimate = comparisonEstimate(paired, totals);
    assert.ok(Math.abs(estimate.score - (1 + totals.difference.mean) / 2) < 1e-12);
    assert.equal(estimate.baselineShare, null);
    assert.ok(Math.abs(estimate.elo.elo - (scoreToElo(totals.candidate.mean) - scoreToElo(totals.baseline.mean))) < 1e-9);
    assert.ok(estimate.elo.low < estimate.elo.elo && estimate.elo.elo < estimate.elo.high);
    assert.ok(estimate.superiority > 0.999, 'counter is clearly stronger than random');
  });

  test('against the baseline alone in the duplicate design, Elo is that of the head-to-head score', async () => {
    // Two players: the baseline's arm is the baseline against itself, share 1/2 by symmetry, and
    // the candidate's arm is the head-to-head match, so E(1/2 + mean d) is its head-to-head Elo.
    const paired = spec('counter', 'random', { opponents: ['random'], design: 'duplicate', seed: 'h2h' });
    const totals = await lastTotals(paired, 400);
    const estimate = comparisonEstimate(paired, totals);
    assert.equal(estimate.baselineShare, 0.5);
    assert.ok(Math.abs(estimate.elo.elo - scoreToElo(0.5 + totals.difference.mean)) < 1e-9);
    // The candidate's own arm measures the head-to-head score directly; both must agree.
    const direct = scoreToElo(totals.candidate.mean);
    assert.ok(estimate.elo.low < direct && direct < estimate.elo.high, `${direct} in [${estimate.elo.low}, ${estimate.elo.high}]`);
    // The logistic hypotheses are this same Elo: at the estimate, the block score is the observed one.
    assertClose(comparisonScale(paired, totals).eloToBlockScore(estimate.elo.elo), estimate.score, 1e-9);
    assertClose(pairedEloToBlockScore(estimate.elo.elo, 0.5), estimate.score, 1e-9);
  });

  test('normalized Elo is per game: the block t-value over the square root of its games', async () => {
    const paired = spec('counter', 'random', { opponents: ['random', 'random', 'random'], design: 'duplicate', seed: 'nelo' });
    const totals = await lastTotals(paired, 200);
    const estimate = comparisonEstimate(paired, totals);
    const perBlock = totals.difference.mean / totals.difference.sd;
    assertClose(estimate.normalizedElo.nelo, ((perBlock / 2) * 800) / Math.LN10, 1e-9);
  });
});

describe('the variance reduction', () => {
  test('single games: the per-game variance of each arm is its per-block variance', async () => {
    const totals = await lastTotals(spec('counter', 'cautious', { opponents: ['cautious', 'random'] }), 200);
    assert.ok(Math.abs(totals.gameVariance.candidate - totals.candidate.sd ** 2) < 1e-12);
    assert.ok(Math.abs(totals.gameVariance.baseline - totals.baseline.sd ** 2) < 1e-12);
    const reduction = varianceReduction(totals, 1);
    assert.ok(Math.abs(reduction.factor - reduction.pairingFactor) < 1e-12);
    assert.ok(Math.abs(reduction.observed - totals.difference.sd ** 2) < 1e-12);
  });

  test('rotated deals: the reference divides the single-game variances by the games of a block', async () => {
    const totals = await lastTotals(spec('counter', 'cautious', { design: 'duplicate' }), 200);
    assert.equal(totals.gamesPerArm, 400);
    const reduction = varianceReduction(totals, 2);
    assert.ok(Math.abs(reduction.independent - (totals.gameVariance.candidate + totals.gameVariance.baseline) / 2) < 1e-12);
    assert.ok(reduction.independent > 0 && reduction.factor > 0);
  });

  test('a strategy against itself differs by nothing when paired, and by a lot when not', async () => {
    const paired = await lastTotals(spec('cautious', 'cautious'), 200);
    assert.equal(varianceReduction(paired, 1).factor, 0);
    const unpaired = await lastTotals(spec('cautious', 'cautious', { baselineSeed: 'compare/other' }), 200);
    const reduction = varianceReduction(unpaired, 1);
    assert.ok(unpaired.support.length > 1, 'the arms played different deals');
    // Independent arms: the difference's variance is the sum of theirs, up to sampling noise.
    assert.ok(reduction.factor > 0.7 && reduction.factor < 1.3, `factor ${reduction.factor}`);
  });
});

describe('what the Elo is said to measure', () => {
  const spec = (design: 'independent' | 'duplicate', opponents: string[]): PairedSpec => ({
    game: 'dominion',
    candidate: 'smithy-bm',
    baseline: 'big-money',
    opponents,
    rules: {},
    seed: 's',
    design,
  });

  test('head to head only where the compared seat plays every seat and every other holds the baseline', () => {
    assert.match(measuredAs(spec('duplicate', ['big-money'])), /^head to head: .*every seat in turn$/);
    assert.match(measuredAs(spec('duplicate', ['big-money-ultimate'])), /^against the opponents big-money-ultimate, not head to head/);
    // From one seat the seat's advantage is in both shares, and on the Elo scale it does not cancel.
    const fromSeat0 = measuredAs(spec('independent', ['big-money']));
    assert.doesNotMatch(fromSeat0, /head to head/);
    assert.match(fromSeat0, /listed seat 0 only.*not the pair's Elo/);
  });
});

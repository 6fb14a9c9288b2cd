import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  eloFromScore,
  eloToScore,
  likelihoodOfSuperiority,
  normalizedElo,
  pairedElo,
  pairedEloToBlockScore,
  scoreToElo,
} from '../../src/stats/elo.ts';
import { wilson } from '../../src/stats/wilson.ts';
import { eloText } from '../../src/report/tables.ts';
import { assertClose } from '../helpers/numbers.ts';

test('logistic and its inverse', () => {
  assert.equal(eloToScore(0), 0.5);
  assertClose(eloToScore(400), 10 / 11, 1e-15);
  assertClose(eloToScore(-400), 1 / 11, 1e-15);
  // -400 log10(1/0.75 - 1) = 400 log10 3 = 190.8485.
  assertClose(scoreToElo(0.75), 190.8485, 1e-4);
  assertClose(scoreToElo(eloToScore(123.4)), 123.4, 1e-10);
});

test('scores of 0 and 1 clamp to finite Elo', () => {
  // 400 log10((1 - 1e-6) / 1e-6) = 2399.99983.
  assertClose(scoreToElo(1), 2399.99983, 1e-4);
  assertClose(scoreToElo(0), -2399.99983, 1e-4);
  assert.equal(scoreToElo(1.2), scoreToElo(1));
});

test('error bars map the score interval end by end', () => {
  // With z = 2, 0.6 -+ 2 * 0.05 = [0.5, 0.7]: E(0.5) = 0, E(0.7) = 400 log10(7/3) = 147.1907.
  const estimate = eloFromScore(0.6, 0.05, 2);
  assertClose(estimate.elo, 400 * Math.log10(1.5), 1e-10);
  assertClose(estimate.low, 0, 1e-10);
  assertClose(estimate.high, 147.1907, 1e-4);
  assertClose(estimate.margin, 147.1907 / 2, 1e-4);
});

test('likelihood of superiority', () => {
  assertClose(likelihoodOfSuperiority(0.51, 0.01), 0.8413447460685429, 1e-12);
  assertClose(likelihoodOfSuperiority(0.49, 0.01), 0.15865525393145707, 1e-12);
  assert.equal(likelihoodOfSuperiority(0.5, 0), 0.5);
  assert.equal(likelihoodOfSuperiority(0.6, 0), 1);
});

test('normalized Elo and its interval', () => {
  // (0.51 - 0.5) / 0.4 * 800 / ln 10 = 0.025 * 347.435586 = 8.685890; margin 2 * 0.005 / 0.4 * 347.435586.
  const estimate = normalizedElo(0.51, 0.4, 0.005, 2);
  assertClose(estimate.nelo, 8.68589, 1e-6);
  assertClose(estimate.margin, 8.68589, 1e-6);
  assertClose(estimate.low, 0, 1e-12);
  assertClose(estimate.high, 17.371779, 1e-6);
});

/** Plackett-Luce: a seat wins with probability its strength over the table's total. */
function plackettLuceShare(strength: number, field: readonly number[]): number {
  return strength / (strength + field.reduce((sum, gamma) => sum + gamma, 0));
}

test('paired Elo is the Plackett-Luce rating difference whatever the field', () => {
  // Ratings 400 log10(gamma): candidate 2.5, baseline 1 differ by 400 log10 2.5 = 159.176 Elo.
  const expected = 400 * Math.log10(2.5);
  for (const field of [[1], [1, 1, 1], [0.3, 4, 1.7], [9]]) {
    const moments = {
      blocks: 1000,
      candidate: plackettLuceShare(2.5, field),
      baseline: plackettLuceShare(1, field),
      candidateVariance: 0.2,
      baselineVariance: 0.2,
      covariance: 0.1,
    };
    assertClose(pairedElo(moments).elo, expected, 1e-9);
    // Against the baseline alone, its share 1 / players is known and gives the same Elo.
    if (field.every((gamma) => gamma === 1)) assertClose(pairedElo(moments, 1 / (field.length + 1)).elo, expected, 1e-9);
  }
  // Two players: the head-to-head score 0.745 is E(0.745) = 400 log10(0.745 / 0.255) = 186.25 Elo, not half of it.
  const twoPlayer = { blocks: 1, candidate: 0.745, baseline: 0.5, candidateVariance: 0, baselineVariance: 0, covariance: 0 };
  assertClose(pairedElo(twoPlayer, 0.5).elo, 186.25, 0.01);
});

test("the delta-method interval uses the arms' covariance, widened to the difference in shares' own", () => {
  // At shares 1/2 the slope is (400 / ln 10) * 4 = 694.87; var = 694.87^2 (0.25 + 0.25 - 2 c) / n.
  const slope = 1600 / Math.LN10;
  for (const covariance of [0, 0.1, 0.24]) {
    const moments = { blocks: 100, candidate: 0.5, baseline: 0.5, candidateVariance: 0.25, baselineVariance: 0.25, covariance };
    const estimate = pairedElo(moments, undefined, 2);
    const delta = 2 * slope * Math.sqrt((0.5 - 2 * covariance) / 100);
    // The difference's interval, 1/2 -+ 2 se(d) mapped at the baseline's 1/2, is the wider here
    // (E is steeper away from 1/2), by under 3%.
    const mapped = scoreToElo(0.5 + 2 * Math.sqrt((0.5 - 2 * covariance) / 100));
    assertClose(estimate.high, Math.max(delta, mapped), 1e-9);
    assertClose(estimate.low, -Math.max(delta, mapped), 1e-9);
    assert.ok(mapped < delta * 1.03);
  }
  // With a known baseline share, the interval maps share -+ z se(d) end by end.
  const known = pairedElo(
    { blocks: 25, candidate: 0.6, baseline: 0.5, candidateVariance: 0.3, baselineVariance: 0.3, covariance: 0.275 },
    0.5,
    2,
  );
  // se(d) = sqrt(0.05 / 25) = 0.04471; ends 0.6 -+ 0.08944.
  const se = Math.sqrt(0.05 / 25);
  assertClose(known.low, scoreToElo(0.6 - 2 * se), 1e-9);
  assertClose(known.high, scoreToElo(0.6 + 2 * se), 1e-9);
});

test('arms whose wins fall in the same few blocks get an interval as wide as those blocks leave it', () => {
  // 20 blocks of three games: the baseline won the three games of one block, the candidate two of
  // them, and nothing else. The delta method's two terms cancel (the candidate's block scores are
  // the baseline's times 2/3, whose log odds differ by nearly a constant) to a few Elo.
  const blocks = 20;
  const candidate = 2 / 3 / blocks;
  const baseline = 1 / blocks;
  const moments = {
    blocks,
    candidate,
    baseline,
    candidateVariance: 4 / 9 / blocks - candidate ** 2,
    baselineVariance: 1 / blocks - baseline ** 2,
    covariance: 2 / 3 / blocks - candidate * baseline,
  };
  const estimate = pairedElo(moments);
  assertClose(estimate.elo, scoreToElo(candidate) - scoreToElo(baseline), 1e-9);
  // One block tells the arms apart: equal strength is well within the interval.
  assert.ok(estimate.low < -300 && estimate.high > 30, `${estimate.low} to ${estimate.high}`);
  // No block tells them apart (the same wins in both arms): not a point at 0.
  const same = pairedElo({
    ...moments,
    candidate: baseline,
    candidateVariance: moments.baselineVariance,
    covariance: moments.baselineVariance,
  });
  assert.equal(same.elo, 0);
  assert.ok(same.low < -100 && same.high > 100 && Number.isFinite(same.low) && Number.isFinite(same.high), `${same.low} to ${same.high}`);
});

test('a share at 0 or 1, or blocks all alike, get an open interval, never the clamp as a measured value', () => {
  const alike = (candidate: number, baseline: number) => ({
    blocks: 600,
    candidate,
    baseline,
    candidateVariance: 0,
    baselineVariance: 0,
    covariance: 0,
  });
  // Won every block against a baseline whose share is 1/2 by symmetry: above E(Wilson low at 600 blocks).
  const perfect = pairedElo(alike(1, 0.5), 0.5);
  assert.equal(perfect.elo, Infinity);
  assert.equal(perfect.high, Infinity);
  assertClose(perfect.low, scoreToElo(wilson(600, 600).low), 1e-9);
  assert.ok(perfect.low > 800 && perfect.low < 1000, String(perfect.low));
  // Both arms won nothing against the same field: the difference is unknown, its interval unbounded.
  const nothing = pairedElo(alike(0, 0));
  assert.ok(Number.isNaN(nothing.elo));
  assert.deepEqual([nothing.low, nothing.high], [-Infinity, Infinity]);
  // Every block alike away from the bounds: an interval of the blocks' size, not a point.
  const even = pairedElo(alike(0.75, 0.5), 0.5);
  assertClose(even.elo, scoreToElo(0.75), 1e-9);
  assert.ok(even.low < even.elo && even.elo < even.high);
  assert.equal(eloText(perfect), `+∞ (95% interval above +${perfect.low.toFixed(1)})`);
  assert.equal(
    eloText(JSON.parse(JSON.stringify(perfect))),
    `+∞ (95% interval above +${perfect.low.toFixed(1)})`,
    'as read back from JSON',
  );
  assert.equal(eloText(nothing), 'n/a (95% interval unbounded)');
  assert.equal(eloText({ elo: -12.34, low: -80, high: 55.56 }), '-12.3 (95% interval -80.0 to +55.6)');
});

test('arms that agreed in every block get the interval of their blocks, not a point from rounding noise', () => {
  // Two blocks in which both arms won the same games: Var(C) + Var(B) - 2 Cov(C, B) is 0 in exact
  // arithmetic, but the covariance, taken from sums of squares, comes out a rounding error short.
  const moments = {
    blocks: 2,
    candidate: 0.25,
    baseline: 0.25,
    candidateVariance: 0.125,
    baselineVariance: 0.125,
    covariance: 0.12499999999999997,
  };
  const counted = pairedElo({ ...moments, differenceVariance: 0 }, 0.5);
  assert.equal(counted.elo, 0);
  assert.ok(counted.low < -100 && counted.high > 100, `${counted.low} to ${counted.high}`);
  assert.deepEqual(counted, pairedElo({ ...moments, covariance: 0.125 }, 0.5), 'as where the arithmetic is exact');
  const unknownShare = pairedElo({ ...moments, differenceVariance: 0 });
  assert.ok(unknownShare.low < -100 && unknownShare.high > 100, `${unknownShare.low} to ${unknownShare.high}`);
});

test("an Elo hypothesis becomes the paired block score (1 + d) / 2 at the baseline's share", () => {
  assertClose(pairedEloToBlockScore(0, 0.3), 0.5, 1e-15);
  // Baseline share 1/2: d = L(elo) - 1/2, so 400 Elo is d = 10/11 - 1/2.
  assertClose(pairedEloToBlockScore(400, 0.5), (1 + 10 / 11 - 0.5) / 2, 1e-15);
  // Round trip through pairedElo: the candidate's share at that block score has exactly that Elo.
  for (const baseline of [0.1, 0.25, 0.6]) {
    const score = pairedEloToBlockScore(75, baseline);
    const candidate = baseline + (2 * score - 1);
    const moments = { blocks: 1, candidate, baseline, candidateVariance: 0, baselineVariance: 0, covariance: 0 };
    assertClose(pairedElo(moments).elo, 75, 1e-9);
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  empiricalPdf,
  estimateAfterStop,
  evaluateSprt,
  expectedBlocks,
  generalizedLlr,
  mleWithMean,
  Sprt,
  SPRT_PRESETS,
  waldBounds,
} from '../../src/stats/sprt.ts';
import type { SprtConfig } from '../../src/stats/sprt.ts';
import { assertClose } from '../helpers/numbers.ts';

const TRINOMIAL = [0, 0.5, 1];

/**
 * Independent check for the trinomial {0, 1/2, 1}: with mean s fixed, q2 = s - q1/2 and
 * q0 = 1 - s - q1/2, so the constrained log-likelihood is a concave function of q1 alone, maximised
 * here by golden-section search.
 */
function trinomialMaxLogLikelihood(counts: readonly number[], s: number): number {
  const logLikelihood = (q1: number) => counts[0] * Math.log(1 - s - q1 / 2) + counts[1] * Math.log(q1) + counts[2] * Math.log(s - q1 / 2);
  const ratio = (Math.sqrt(5) - 1) / 2;
  let low = 0;
  let high = Math.min(2 * s, 2 * (1 - s));
  for (let step = 0; step < 200; step++) {
    const left = high - ratio * (high - low);
    const right = low + ratio * (high - low);
    if (logLikelihood(left) < logLikelihood(right)) low = left;
    else high = right;
  }
  return logLikelihood((low + high) / 2);
}

test('Wald bounds for alpha = beta = 0.05 are -+ln 19', () => {
  const { lower, upper } = waldBounds(0.05, 0.05);
  assertClose(upper, Math.log(19), 1e-15);
  assertClose(lower, -Math.log(19), 1e-15);
  assertClose(upper, 2.944439, 1e-6);
});

test('binomial support: the MLE is (1 - s, s) and the LLR is the plain likelihood ratio', () => {
  const pdf = empiricalPdf([0, 1], [40, 60]);
  const q = mleWithMean(pdf, 0.55);
  assertClose(q[0], 0.45, 1e-15);
  assertClose(q[1], 0.55, 1e-15);
  // 60 ln(0.55 / 0.5) + 40 ln(0.45 / 0.5) = 5.718612 - 4.214421 = 1.504190.
  assertClose(generalizedLlr(pdf, 0.5, 0.55), 1.50419, 1e-6);
});

test('trinomial LLR matches direct maximisation', () => {
  for (const counts of [
    [30, 45, 55],
    [12, 80, 8],
    [50, 0, 20],
  ]) {
    // The module replaces an empty cell by 1e-3; so does the reference.
    const regularized = counts.map((count) => Math.max(count, 1e-3));
    const pdf = empiricalPdf(TRINOMIAL, counts);
    for (const [s0, s1] of [
      [0.5, 0.56],
      [0.45, 0.52],
      [0.3, 0.7],
    ]) {
      const expected = trinomialMaxLogLikelihood(regularized, s1) - trinomialMaxLogLikelihood(regularized, s0);
      assertClose(generalizedLlr(pdf, s0, s1), expected, 1e-8);
    }
  }
});

test('the constrained MLE is a distribution with the requested mean', () => {
  const sample = fc.record({
    counts: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 5, maxLength: 5 }),
    score: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  });
  const support = [0, 0.25, 0.5, 0.75, 1];
  fc.assert(
    fc.property(sample, ({ counts, score }) => {
      const q = mleWithMean(empiricalPdf(support, counts), score);
      assert.ok(q.every((value) => value > 0));
      assertClose(
        q.reduce((sum, value) => sum + value, 0),
        1,
        1e-9,
      );
      assertClose(
        q.reduce((sum, value, i) => sum + value * support[i], 0),
        score,
        1e-9,
      );
    }),
  );
});

test('swapping the hypotheses negates the LLR', () => {
  const sample = fc.record({
    counts: fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 3, maxLength: 3 }),
    s0: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    s1: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
  });
  fc.assert(
    fc.property(sample, ({ counts, s0, s1 }) => {
      const pdf = empiricalPdf(TRINOMIAL, counts);
      assertClose(generalizedLlr(pdf, s0, s1), -generalizedLlr(pdf, s1, s0), 1e-9);
    }),
  );
});

test('a hypothesis outside the support is rejected', () => {
  assert.throws(() => mleWithMean(empiricalPdf(TRINOMIAL, [1, 1, 1]), 1), RangeError);
  assert.throws(() => empiricalPdf([0, 1], [1, 2, 3]), RangeError);
});

test('normalized hypotheses use the observed per-block sigma', () => {
  // Counts [30, 45, 55] on {0, 1/2, 1}: mean 77.5 / 130, E[x^2] = 66.25 / 130, so
  // sigma = sqrt(66.25/130 - (77.5/130)^2) = 0.392703; s1 = 1/2 + 2 * sigma * ln 10 / 800.
  const counts = [30, 45, 55];
  const sigma = Math.sqrt(66.25 / 130 - (77.5 / 130) ** 2);
  assertClose(sigma, 0.392703, 1e-6);
  const result = evaluateSprt(SPRT_PRESETS.gainer, TRINOMIAL, counts);
  assert.equal(result.s0, 0.5);
  assertClose(result.s1, 0.5 + (2 * sigma * Math.LN10) / 800, 1e-12);
  assert.equal(result.blocks, 130);
});

test('plain Elo hypotheses map through the logistic', () => {
  const config: SprtConfig = { model: 'elo', elo0: 0, elo1: 400, alpha: 0.05, beta: 0.05 };
  const result = evaluateSprt(config, TRINOMIAL, [1, 2, 3]);
  assert.equal(result.s0, 0.5);
  assertClose(result.s1, 10 / 11, 1e-15);
});

test('no blocks yet: no evidence either way', () => {
  const result = new Sprt(SPRT_PRESETS.gainer, TRINOMIAL).add([0, 0, 0]);
  assert.equal(result.llr, 0);
  assert.equal(result.status, 'continue');
  assert.equal(result.blocks, 0);
});

test('a clearly stronger bot is accepted as a gainer', () => {
  const sprt = new Sprt(SPRT_PRESETS.gainer, TRINOMIAL);
  let result = sprt.add([20, 30, 50]);
  while (result.status === 'continue') result = sprt.add([20, 30, 50]);
  assert.equal(result.status, 'H1');
  assert.ok(result.llr >= result.upper);
});

test('a clearly weaker bot fails the non-regression test', () => {
  const sprt = new Sprt(SPRT_PRESETS.nonRegression, TRINOMIAL);
  let result = sprt.add([50, 30, 20]);
  while (result.status === 'continue') result = sprt.add([50, 30, 20]);
  assert.equal(result.status, 'H0');
  assert.ok(result.llr <= result.lower);
});

test('the first crossing is the verdict; later batches do not overturn it', () => {
  const sprt = new Sprt(SPRT_PRESETS.gainer, TRINOMIAL);
  assert.equal(sprt.add([2000, 3000, 5000]).status, 'H1');
  const later = sprt.update(TRINOMIAL, [50000, 3000, 5000]);
  assert.ok(later.llr < later.lower);
  assert.equal(later.status, 'H1');
  assert.throws(() => sprt.add([1, 2]), RangeError);
});

test('expected length at the midpoint', () => {
  // Normalized [0, 2]: w = 2 ln 10 / 800 whatever sigma, so E[N] = (ln 19)^2 / w^2 = (400 ln 19 / ln 10)^2.
  const gainer = (400 * Math.log(19)) / Math.LN10;
  assertClose(expectedBlocks(SPRT_PRESETS.gainer, 0.3), gainer ** 2, 1e-6);
  assertClose(expectedBlocks(SPRT_PRESETS.gainer, 0.7), gainer ** 2, 1e-6);
  assertClose(gainer ** 2, 261633.7, 0.1);
  // Plain Elo [0, 5] with sigma 1/2: s1 - s0 = L(5) - 1/2.
  const config: SprtConfig = { model: 'elo', elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
  const shift = 1 / (1 + 10 ** (-5 / 400)) - 0.5;
  assertClose(expectedBlocks(config, 0.5), Math.log(19) ** 2 / (shift / 0.5) ** 2, 1e-6);
});

test('the estimate after a stop is flagged as biased', () => {
  const estimate = estimateAfterStop(TRINOMIAL, [20, 30, 50]);
  assert.equal(estimate.mean, 0.65);
  assert.equal(estimate.blocks, 100);
  assert.equal(estimate.biased, true);
});

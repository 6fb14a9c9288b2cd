import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  empiricalPdf,
  estimateAfterStop,
  evaluateSprt,
  expectedBlocks,
  generalizedLlr,
  HEAD_TO_HEAD_SCALE,
  mleWithMean,
  mleWithTValue,
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

/**
 * Reference values of fishtest's LLR_normalized (LLRcalc.py: MLE_t_value from the uniform
 * distribution, ten fixed-point steps, zero counts regularized to 1e-3), computed with its formulas
 * in Python with scipy's brentq. Three counts are L, D, W of single games; five are game pairs,
 * whose t-value is sqrt(2) times the per-game one.
 */
const FISHTEST_NORMALIZED: readonly { elo: [number, number]; counts: number[]; llr: number }[] = [
  { elo: [-1.75, 0.25], counts: [0, 50000, 0], llr: 1.2387623347227934 },
  { elo: [0, 2], counts: [10000, 20000, 10300], llr: 1.7655295357693612 },
  { elo: [-1.75, 0.25], counts: [3000, 6100, 3050], llr: 0.5588603341080255 },
  { elo: [0, 2], counts: [400, 3000, 6000, 3100, 420], llr: 0.9094856407076609 },
  { elo: [-1.75, 0.25], counts: [0, 100, 20000, 90, 0], llr: -0.33739557300613554 },
  { elo: [0, 2], counts: [0, 1000, 0], llr: -0.029991858266788456 },
  { elo: [0, 2], counts: [120, 5, 130], llr: 0.05391225830965857 },
];

test('normalized Elo: the t-value GSPRT reproduces fishtest', () => {
  for (const { elo, counts, llr } of FISHTEST_NORMALIZED) {
    const support = counts.map((_, i) => i / (counts.length - 1));
    const config: SprtConfig = { model: 'normalized', elo0: elo[0], elo1: elo[1], alpha: 0.05, beta: 0.05 };
    const result = evaluateSprt(config, support, counts, { blockGames: counts.length === 5 ? 2 : 1, eloToBlockScore: () => NaN });
    assertClose(result.llr, llr, 1e-6);
  }
});

test('the t-value MLE has the t-value asked for', () => {
  const pdf = empiricalPdf(TRINOMIAL, [30, 45, 55]);
  for (const t of [-0.2, 0, 0.05, 0.3]) {
    const q = mleWithTValue(pdf, 0.5, t);
    const mean = q[1] * 0.5 + q[2];
    const sd = Math.sqrt(q[1] * 0.25 + q[2] - mean * mean);
    assertClose(q[0] + q[1] + q[2], 1, 1e-9);
    assertClose((mean - 0.5) / sd, t, 1e-6);
  }
});

test('an exact copy passes non-regression: identical blocks are evidence of no regression', () => {
  // Every block a tie. Plugging the observed (near-zero) spread into the hypotheses left the LLR
  // at +0.04 after 50,000 blocks; the t-value test accepts H1 long before.
  const sprt = new Sprt(SPRT_PRESETS.nonRegression, TRINOMIAL);
  let result = sprt.add([0, 1000, 0]);
  while (result.status === 'continue' && result.blocks < 200000) result = sprt.add([0, 1000, 0]);
  assert.equal(result.status, 'H1');
  assert.ok(result.blocks < 200000, `${result.blocks} blocks`);
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
  // Normalized [0, 2]: w = 2 ln 10 / 800 per game, so E[N] = (ln 19)^2 / w^2 = (400 ln 19 / ln 10)^2 games.
  const gainer = (400 * Math.log(19)) / Math.LN10;
  assertClose(expectedBlocks(SPRT_PRESETS.gainer, HEAD_TO_HEAD_SCALE), gainer ** 2, 1e-6);
  assertClose(gainer ** 2, 261633.7, 0.1);
  // Blocks of 4 games: a quarter as many blocks, the same games.
  const blocksOfFour = { ...HEAD_TO_HEAD_SCALE, blockGames: 4 };
  assertClose(expectedBlocks(SPRT_PRESETS.gainer, blocksOfFour), gainer ** 2 / 4, 1e-6);
  // Plain Elo [0, 5] with sigma 1/2: s1 - s0 = L(5) - 1/2.
  const config: SprtConfig = { model: 'elo', elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
  const shift = 1 / (1 + 10 ** (-5 / 400)) - 0.5;
  assertClose(expectedBlocks(config, HEAD_TO_HEAD_SCALE, 0.5), Math.log(19) ** 2 / (shift / 0.5) ** 2, 1e-6);
  assert.throws(() => expectedBlocks(config, HEAD_TO_HEAD_SCALE), RangeError);
});

test('the estimate after a stop is flagged as biased', () => {
  const estimate = estimateAfterStop(TRINOMIAL, [20, 30, 50]);
  assert.equal(estimate.mean, 0.65);
  assert.equal(estimate.blocks, 100);
  assert.equal(estimate.biased, true);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eloFromScore, eloToScore, likelihoodOfSuperiority, normalizedElo, normalizedEloToScore, scoreToElo } from '../../src/stats/elo.ts';
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
  assertClose(normalizedEloToScore(estimate.nelo, 0.4), 0.51, 1e-15);
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { meanInterval, rateInterval, studentQuantile } from '../../src/stats/small-sample.ts';
import { wilson } from '../../src/stats/wilson.ts';

describe('small-sample intervals', () => {
  test("Student's t quantiles match the tables", () => {
    // 97.5% points for 1, 2, 3, 5, 10, 30 and 120 degrees of freedom.
    const table: [number, number][] = [
      [4, 2.7764],
      [1, 12.7062],
      [2, 4.3027],
      [3, 3.1824],
      [5, 2.5706],
      [10, 2.2281],
      [30, 2.0423],
      [120, 1.9799],
      [100, 1.98397],
      [101, 1.98373],
    ];
    for (const [df, value] of table) assert.ok(Math.abs(studentQuantile(0.975, df) - value) < 1e-4, `${df}: ${studentQuantile(0.975, df)}`);
    assert.ok(Math.abs(studentQuantile(0.95, 4) - 2.1318) < 2e-3);
  });

  test('a rate that every unit left at 0 keeps the Wilson interval over its units, not a point', () => {
    const [low, high] = rateInterval(0, 0, 40);
    assert.equal(low, 0);
    assert.ok(Math.abs(high - wilson(0, 40).high) < 1e-12 && high > 0.05);
  });

  test('a measured rate gets the Wilson interval at its effective sample size, with t at the units less one', () => {
    const [low, high] = rateInterval(0.3, 0.03, 500);
    const n = (0.3 * 0.7) / 0.03 ** 2;
    const expected = wilson(0.3 * n, n, studentQuantile(0.975, 499));
    assert.ok(Math.abs(low - expected.low) < 1e-12 && Math.abs(high - expected.high) < 1e-12);
    assert.ok(high - low > 2 * 1.96 * 0.03 * 0.98);
    // The same spread measured over two units (deal groups) says far less: t at one degree of
    // freedom is 12.7, six and a half times the normal 1.96.
    const [fewLow, fewHigh] = rateInterval(0.3, 0.03, 2);
    assert.ok(fewHigh - fewLow > 5 * (high - low), `${fewLow} ${fewHigh}`);
  });

  test('one record of a whole number is no point either, and many agreeing units narrow it', () => {
    const [low, high] = meanInterval(1, Number.NaN, 1, 1);
    assert.ok(low < 0 && high > 2, `${low} ${high}`);
    const [manyLow, manyHigh] = meanInterval(1, 0, 400, 400);
    assert.ok(manyLow < 1 && manyHigh > 1 && manyHigh - manyLow < 0.1);
  });

  test('with a measured spread the t interval is wider than the normal one, by less as units grow', () => {
    const [low, high] = meanInterval(10, 1, 5, 50);
    assert.ok(Math.abs((high - low) / 2 - 2.7764) < 2e-3);
    const [bigLow, bigHigh] = meanInterval(10, 1, 10_000, 100_000);
    assert.ok(Math.abs((bigHigh - bigLow) / 2 - 1.96) < 2e-3);
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseParamRange, presentable, specWithValues, tunedParams } from '../../src/tune/params.ts';
import type { ParamSpec } from '../../src/core/strategy.ts';

const ISMCTS: readonly ParamSpec[] = [
  { name: 'iterations', type: 'integer', default: 1000, min: 1, max: 1_000_000, help: '' },
  { name: 'c', type: 'number', default: 0.7, min: 0, max: 10, help: '' },
  { name: 'prior', type: 'string', default: 'x', help: '' },
];

describe('tuned parameters', () => {
  test('--param name=start:min:max[:step]', () => {
    assert.deepEqual(parseParamRange('c=0.7:0.1:2'), { name: 'c', start: 0.7, min: 0.1, max: 2, whole: false });
    assert.deepEqual(parseParamRange('n=4:1:9:2'), { name: 'n', start: 4, min: 1, max: 9, step: 2, whole: true });
    assert.deepEqual(parseParamRange('c=.5:-1:1e1'), { name: 'c', start: 0.5, min: -1, max: 10, whole: false });
    for (const bad of [
      'c',
      '=1:0:2',
      'c=1:0',
      'c=1:2:0',
      'c=3:0:2',
      'c=1:0:2:0',
      'c=1:0:2:1:1',
      'c=a:0:2',
      'c=1::2',
      'c=0x1:0:4',
      'c=1:0b0:4',
    ])
      assert.throws(() => parseParamRange(bad), /--param/, bad);
    // A step as wide as the range would play the two bounds at every iteration.
    assert.throws(() => parseParamRange('c=0.5:0:1:5'), /--param c=0\.5:0:1:5: step must be below the range's width, 1 \(expected/);
    assert.throws(() => parseParamRange('n=-3:-4:-2:2'), /step must be below the range's width, 2/);
    assert.equal(parseParamRange('n=-3:-4:-2:1.5').step, 1.5);
    // A name alone is named as one, missing its numbers.
    assert.throws(() => parseParamRange('c'), /--param c: no =start:min:max after the name/);
    assert.throws(() => parseParamRange('=1:0:2'), /--param =1:0:2: no name/);
  });

  test('declared parameters set integer-ness and bound the ranges; a bot counts whole numbers as integers', () => {
    const [iterations, c] = tunedParams('ismcts', [parseParamRange('iterations=200:50:1000'), parseParamRange('c=0.7:0:2')], ISMCTS);
    assert.equal(iterations.integer, true);
    assert.equal(iterations.step, 48);
    assert.equal(c.integer, false);
    assert.ok(Math.abs(c.step - 0.1) < 1e-12);
    assert.throws(() => tunedParams('ismcts', [parseParamRange('depth=1:0:2')], ISMCTS), /no parameter 'depth'.*iterations, c/);
    assert.throws(() => tunedParams('ismcts', [parseParamRange('prior=1:0:2')], ISMCTS), /is a string/);
    assert.throws(() => tunedParams('ismcts', [parseParamRange('c=1:0:20')], ISMCTS), /from 0 to 10/);
    // A value the spec fixes is not silently replaced by the tuned one.
    assert.throws(
      () => tunedParams('ismcts:c=0.5', [parseParamRange('c=0.7:0.1:2')], ISMCTS),
      /--param c tunes what --strategy ismcts:c=0\.5 fixes at 0\.5/,
    );
    assert.equal(tunedParams('ismcts:iterations=20', [parseParamRange('c=0.7:0.1:2')], ISMCTS)[0].start, 0.7);
    assert.throws(() => tunedParams('ismcts', [parseParamRange('c=1:0:2'), parseParamRange('c=1:0:3')], ISMCTS), /twice/);
    assert.throws(() => tunedParams('ismcts', [], ISMCTS), /at least one/);
    const [whole, fraction] = tunedParams('cmd:bot', [parseParamRange('a=1:0:4'), parseParamRange('b=1:0:4.5')], null);
    assert.deepEqual([whole.integer, fraction.integer], [true, false]);
    // An integer's perturbation stays at least half a unit, so theta+ and theta- round apart.
    const [small] = tunedParams('ismcts', [parseParamRange('iterations=200:50:1000:0.1')], ISMCTS);
    assert.equal(small.step, 0.5);
    // Rounded, 5.6 as an integer's bound would let 6 be played and reported as tuned.
    for (const range of ['iterations=200:50:1000.5', 'iterations=200:50.5:1000', 'iterations=200.5:50:1000'])
      assert.throws(
        () => tunedParams('ismcts', [parseParamRange(range)], ISMCTS),
        /integer parameter takes whole start, min and max/,
        range,
      );
  });

  test("a bot's parameter is an integer only when its numbers are written whole: 1.0 is a real", () => {
    const [real, exponent, integer] = tunedParams(
      'cmd:bot',
      [parseParamRange('c=1.0:0:2'), parseParamRange('d=1e1:0:20'), parseParamRange('n=-1:-4:+4')],
      null,
    );
    assert.deepEqual([real.integer, exponent.integer, integer.integer], [false, false, true]);
    assert.ok(Math.abs(real.step - 0.1) < 1e-12, 'a twentieth of the range, not rounded up to half a unit');
  });

  test('values reach a strategy as parameters beside its own, and a bot as arguments', () => {
    const params = tunedParams('ismcts', [parseParamRange('c=0.7:0:2')], ISMCTS);
    assert.equal(specWithValues('ismcts:iterations=200', params, [1.25]), 'ismcts:iterations=200,c=1.25');
    assert.equal(specWithValues('ismcts:c=9', params, [1.25]), 'ismcts:c=1.25');
    const bot = tunedParams('cmd:python3 bot.py', [parseParamRange('depth=3:1:8'), parseParamRange('c=0.5:0:1')], null);
    assert.equal(specWithValues('cmd:python3 bot.py --fast', bot, [4, 0.25]), 'cmd:python3 bot.py --fast --depth=4 --c=0.25');
  });

  test('tuned values read to about a hundredth of their step', () => {
    const [c] = tunedParams('ismcts', [parseParamRange('c=0.7:0:2')], ISMCTS);
    assert.equal(presentable(c, 0.123456), 0.123);
    const [iterations] = tunedParams('ismcts', [parseParamRange('iterations=200:50:1000')], ISMCTS);
    assert.equal(presentable(iterations, 211.6), 212);
    // Ended on a bound finer than the rounding: the bound itself, which the range and the strategy accept.
    const [top] = tunedParams('ismcts', [parseParamRange('c=0.5:0.125:1.875:1')], ISMCTS);
    assert.equal(presentable(top, 1.875), 1.875);
    const [bottom] = tunedParams('ismcts', [parseParamRange('c=0.2:0.00015:1')], ISMCTS);
    assert.equal(presentable(bottom, 0.00015), 0.00015);
  });
});

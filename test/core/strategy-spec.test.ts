import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCodes, ParlorError } from '../../src/core/errors.ts';
import type { ParamSpec } from '../../src/core/strategy.ts';
import { parseStrategySpec, resolveParams, splitStrategyList } from '../../src/core/strategy-spec.ts';

describe('parseStrategySpec', () => {
  test('a bare name, a name with parameters, and a Windows path', () => {
    assert.deepEqual(parseStrategySpec(' random '), { text: 'random', name: 'random', params: {} });
    assert.deepEqual(parseStrategySpec('ismcts:iterations=200,c=0.7'), {
      text: 'ismcts:iterations=200,c=0.7',
      name: 'ismcts',
      params: { iterations: '200', c: '0.7' },
    });
    assert.equal(parseStrategySpec('C:\\bots\\mine.js').name, 'C:\\bots\\mine.js');
  });

  test('rejects an empty name and a parameter without a value', () => {
    assert.throws(
      () => parseStrategySpec('  '),
      (error: unknown) => error instanceof ParlorError && error.code === ErrorCodes.BAD_OPTION,
    );
    assert.throws(
      () => parseStrategySpec('x:depth'),
      (error: unknown) => error instanceof ParlorError && error.code === ErrorCodes.BAD_STRATEGY_PARAM,
    );
  });

  test('refuses a parameter given twice, rather than keep the last value', () => {
    assert.throws(
      () => parseStrategySpec('ismcts:iterations=1,c=0.7,iterations=2'),
      (error: unknown) =>
        error instanceof ParlorError &&
        error.code === ErrorCodes.BAD_STRATEGY_PARAM &&
        /iterations is given twice \(iterations=1 and iterations=2\)/.test(error.message),
    );
  });
});

describe('splitStrategyList', () => {
  test("keeps a spec's parameters together", () => {
    assert.deepEqual(splitStrategyList('ismcts:iterations=200,c=0.7,random, random', '--strategies'), [
      'ismcts:iterations=200,c=0.7',
      'random',
      'random',
    ]);
  });

  test('refuses an empty entry, which would leave a seat out', () => {
    for (const list of ['random,,random', 'random,', ',random', 'random, ,random', ''])
      assert.throws(
        () => splitStrategyList(list, '--opponents'),
        (error: unknown) =>
          error instanceof ParlorError &&
          error.code === ErrorCodes.BAD_OPTION &&
          /^--opponents '.*': entry \d is empty/.test(error.message),
        list,
      );
  });
});

describe('resolveParams', () => {
  const declared: ParamSpec[] = [
    { name: 'depth', type: 'integer', default: 2, min: 1, max: 9, help: '' },
    { name: 'c', type: 'number', default: 1.4, help: '' },
    { name: 'greedy', type: 'boolean', default: false, help: '' },
    { name: 'label', type: 'string', default: 'x', help: '' },
  ];

  test('fills defaults and converts given values', () => {
    assert.deepEqual(resolveParams('s', declared, {}), { depth: 2, c: 1.4, greedy: false, label: 'x' });
    assert.deepEqual(resolveParams('s', declared, { depth: '3', c: '0.5', greedy: 'true', label: 'y' }), {
      depth: 3,
      c: 0.5,
      greedy: true,
      label: 'y',
    });
  });

  for (const [given, why] of [
    [{ depth: '2.5' }, /integer/],
    [{ depth: '10' }, /1 to 9/],
    [{ c: 'abc' }, /number/],
    [{ c: '' }, /number/],
    [{ greedy: 'yes' }, /true or false/],
    [{ width: '3' }, /unknown parameter 'width'/],
  ] as const) {
    test(`rejects ${JSON.stringify(given)}`, () => {
      assert.throws(
        () => resolveParams('s', declared, given),
        (error: unknown) => error instanceof ParlorError && why.test(error.message),
      );
    });
  }
});

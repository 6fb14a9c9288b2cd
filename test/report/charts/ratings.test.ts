import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ratingChart } from '../../../src/report/charts/ratings.ts';
import { compileStrict, dataValues, layerOf } from './spec-helpers.ts';
import { ratings } from './rate-rows.ts';

describe('ratingChart', () => {
  const spec = ratingChart(ratings);

  test('ranks strategies by rating, highest at the top', () => {
    assert.deepEqual(layerOf(spec, 'point').encoding!.y.sort, ['cautious', 'greedy', 'random']);
  });

  test('draws each rating with whiskers over its interval on the Elo scale', () => {
    const point = layerOf(spec, 'point');
    const whiskers = layerOf(spec, 'errorbar');
    assert.equal(point.encoding!.x.field, 'elo');
    assert.match(point.encoding!.x.title, /Elo/);
    assert.deepEqual([whiskers.encoding!.x.field, whiskers.encoding!.x2.field], ['low', 'high']);
    assert.deepEqual(dataValues(spec), ratings);
  });

  test('marks the field average at 0 and compiles cleanly', () => {
    assert.deepEqual(layerOf(spec, 'rule').data!.values, [{ elo: 0 }]);
    compileStrict(spec);
  });
});

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

  test('marks the finite end of an open interval with a triangle pointing the open way', () => {
    // As summary.json has them: null where the run had an infinity.
    const open = ratingChart([
      ...ratings,
      { strategy: 'idle', elo: null, low: null, high: -300, unrated: 'below' },
      { strategy: 'oracle', elo: null, low: 250, high: null, unrated: 'above' },
      { strategy: 'stranger', elo: null, low: null, high: null, unrated: 'apart' },
    ]);
    assert.deepEqual(layerOf(open, 'errorbar').encoding!.y.sort, ['oracle', 'cautious', 'greedy', 'random', 'idle', 'stranger']);
    assert.deepEqual(dataValues(open), ratings, 'whiskers only where the interval is closed');
    const triangles = (open as unknown as { layer: { data?: { values: unknown[] }; encoding?: { shape?: unknown } }[] }).layer.find(
      (layer) => layer.encoding?.shape,
    );
    assert.deepEqual(triangles!.data!.values, [
      { strategy: 'idle', bound: -300, shape: 'triangle-left', label: 'below -300' },
      { strategy: 'oracle', bound: 250, shape: 'triangle-right', label: 'above 250' },
    ]);
    assert.match(layerOf(open, 'errorbar').encoding!.x.title, /rated strategies' average/);
    compileStrict(open);
  });
});

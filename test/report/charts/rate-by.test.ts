import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { rateByChart } from '../../../src/report/charts/rate-by.ts';
import { compiledScale, compileStrict, dataValues, layerOf, layers, markType } from './spec-helpers.ts';
import { firstCards } from './rate-rows.ts';

const TITLES = { title: 'Round win rate by first card held', labelTitle: 'first card held' };

describe('rateByChart', () => {
  const spec = rateByChart(firstCards, { ...TITLES, players: 4 });

  test('draws a point at each rate over whiskers spanning its interval', () => {
    const point = layerOf(spec, 'point');
    const whiskers = layerOf(spec, 'errorbar');
    assert.equal(point.encoding!.y.field, 'rate');
    assert.equal(whiskers.encoding!.y.field, 'low');
    assert.equal(whiskers.encoding!.y2.field, 'high');
    assert.ok(layers(spec).indexOf(whiskers) < layers(spec).indexOf(point), 'points drawn over whiskers');
  });

  test('puts the labels (cards) on x in the order the rows give, strategies side by side and coloured', () => {
    const point = layerOf(spec, 'point');
    assert.equal(point.encoding!.x.field, 'label');
    assert.equal(point.encoding!.x.title, 'first card held');
    assert.deepEqual(point.encoding!.x.sort, ['soldier', 'priestess', 'princess']);
    assert.equal(point.encoding!.xOffset.field, 'strategy');
    assert.deepEqual(point.encoding!.color.sort, ['random', 'cautious']);
  });

  test('carries every row as data, with its interval', () => {
    assert.deepEqual(dataValues(spec), firstCards);
  });

  test('starts the win-rate axis at 0 in the compiled chart', () => {
    const y = compiledScale(spec, 'y');
    assert.equal(y.zero, true);
    assert.equal(y.type, 'linear');
  });

  test('marks the even share 1/players, and only when the player count is known', () => {
    const rule = layerOf(spec, 'rule');
    assert.deepEqual(rule.data!.values, [{ value: 0.25, label: 'even: 1/4' }]);
    assert.ok(!layers(rateByChart(firstCards, TITLES)).some((layer) => markType(layer) === 'rule'));
  });

  test('needs no side-by-side offset for a single strategy', () => {
    const single = rateByChart(
      firstCards.filter((row) => row.strategy === 'random'),
      TITLES,
    );
    assert.equal(layerOf(single, 'point').encoding!.xOffset, undefined);
    compileStrict(single);
  });
});

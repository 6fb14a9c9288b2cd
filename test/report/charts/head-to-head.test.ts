import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { headToHeadChart } from '../../../src/report/charts/head-to-head.ts';
import { compiledScale, dataValues, layerOf } from './spec-helpers.ts';
import { headToHead } from './rate-rows.ts';

describe('headToHeadChart', () => {
  const spec = headToHeadChart(headToHead);
  const encoding = (spec as unknown as { encoding: Record<string, any> }).encoding;

  test('lays strategies out on both axes, strongest first', () => {
    // Mean scores: cautious 0.56, greedy 0.515, random 0.425.
    const order = ['cautious', 'greedy', 'random'];
    assert.equal(encoding.y.field, 'strategy');
    assert.equal(encoding.x.field, 'opponent');
    assert.deepEqual(encoding.y.sort, order);
    assert.deepEqual(encoding.x.sort, order);
  });

  test('colours cells by score on a scale diverging at 50%', () => {
    const color = layerOf(spec, 'rect').encoding!.color;
    assert.equal(color.field, 'score');
    assert.deepEqual(color.scale.domain, [0, 1]);
    assert.equal(color.scale.domainMid, 0.5);
    const compiled = compiledScale(spec, 'color');
    assert.deepEqual(compiled.domain, [0, 1]);
    assert.equal(compiled.domainMid, 0.5);
  });

  test('writes the score in each cell', () => {
    const text = layerOf(spec, 'text').encoding!.text;
    assert.equal(text.field, 'score');
    assert.match(text.format, /%$/);
    assert.deepEqual(dataValues(spec), headToHead);
  });
});

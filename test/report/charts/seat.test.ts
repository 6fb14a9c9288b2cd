import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seatChart } from '../../../src/report/charts/seat.ts';
import { compiledScale, dataValues, layerOf } from './spec-helpers.ts';
import { seats } from './rate-rows.ts';

describe('seatChart', () => {
  const spec = seatChart(seats, { players: 4 });

  test('draws each seat rate with whiskers over its interval, coloured by strategy', () => {
    const point = layerOf(spec, 'point');
    const whiskers = layerOf(spec, 'errorbar');
    assert.equal(point.encoding!.x.field, 'seat');
    assert.equal(point.encoding!.y.field, 'rate');
    assert.equal(point.encoding!.color.field, 'strategy');
    assert.deepEqual([whiskers.encoding!.y.field, whiskers.encoding!.y2.field], ['low', 'high']);
    assert.deepEqual(dataValues(spec), seats);
  });

  test('draws a dashed rule at the even share 1/N', () => {
    const rule = layerOf(spec, 'rule');
    assert.deepEqual(rule.data!.values, [{ value: 0.25, label: 'even: 1/4' }]);
    assert.ok(Array.isArray((rule.mark as { strokeDash?: unknown }).strokeDash), 'dashed');
  });

  test('takes N from the rows when not given', () => {
    assert.equal(layerOf(seatChart(seats.slice(0, 3)), 'rule').data!.values[0].value, 1 / 3);
  });

  test('sets series that share a seat side by side, and one series a seat straight above it', () => {
    assert.equal(layerOf(spec, 'point').encoding!.xOffset, undefined);
    const twoRules = [
      ...seats.map((row) => ({ ...row, strategy: `${row.strategy}, winner` })),
      ...seats.map((row) => ({ ...row, strategy: `${row.strategy}, rotate` })),
    ];
    const sideBySide = seatChart(twoRules, { players: 4 });
    for (const mark of ['point', 'errorbar'] as const) assert.equal(layerOf(sideBySide, mark).encoding!.xOffset?.field, 'strategy', mark);
  });

  test('starts the win-rate axis at 0 in the compiled chart', () => {
    assert.equal(compiledScale(spec, 'y').zero, true);
  });
});

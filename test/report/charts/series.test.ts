import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seriesChart } from '../../../src/report/charts/series.ts';
import type { MomentMeanRow } from '../../../src/report/rows.ts';
import { compileStrict, dataValues, layerOf } from './spec-helpers.ts';

/** Two strategies over turns given out of order, the second strategy reaching one turn fewer. */
const rows: MomentMeanRow[] = [
  { strategy: 'smithy-bm', label: '1', records: 100, mean: 3, low: 3, high: 3 },
  { strategy: 'smithy-bm', label: '2', records: 100, mean: 3.5, low: 3.2, high: 3.8 },
  { strategy: 'smithy-bm', label: '10', records: 40, mean: 14, low: 12, high: 16 },
  { strategy: 'big-money', label: '1', records: 100, mean: 3, low: 3, high: 3 },
  { strategy: 'big-money', label: '2', records: 100, mean: 3.1, low: 3, high: 3.2 },
];
const options = { title: 'VP by turn', labelTitle: 'turn', valueTitle: 'VP owned', format: 'number' as const, lowerIsBetter: false };

describe('seriesChart', () => {
  const spec = seriesChart(rows, options);

  test('a line of means per strategy over a band from the low to the high end of the interval', () => {
    const line = layerOf(spec, 'line');
    const band = layerOf(spec, 'area');
    assert.equal(line.encoding!.y.field, 'mean');
    assert.deepEqual([band.encoding!.y.field, band.encoding!.y2.field], ['low', 'high']);
    assert.equal(line.encoding!.color.field, 'strategy');
    assert.deepEqual(line.encoding!.color.sort, ['smithy-bm', 'big-money']);
  });

  test('turns run in the order the metric gives them, not alphabetically', () => {
    const x = layerOf(spec, 'line').encoding!.x;
    assert.equal(x.type, 'ordinal');
    assert.deepEqual(x.sort, ['1', '2', '10']);
    assert.equal(x.title, 'turn');
  });

  test('each point tells how many games reached it; the values are the rows', () => {
    const tooltip = layerOf(spec, 'point').encoding!.tooltip as { field: string }[];
    assert.ok(tooltip.some((line) => line.field === 'records'));
    assert.equal(dataValues(spec).length, rows.length);
  });

  test('compiles with vega-lite without warnings', () => {
    assert.ok(compileStrict(spec));
  });
});

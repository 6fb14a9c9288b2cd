import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sprtChart } from '../../../src/report/charts/sprt.ts';
import { compiledScale, layerOf } from './spec-helpers.ts';

describe('sprtChart', () => {
  const trace = {
    points: [
      { games: 0, llr: 0 },
      { games: 1000, llr: 1.2 },
      { games: 2000, llr: 3.1 },
    ],
    lower: -2.94,
    upper: 2.94,
  };
  const spec = sprtChart(trace);

  test('draws the trajectory as a line of LLR against games', () => {
    const line = layerOf(spec, 'line');
    assert.equal(line.encoding!.x.field, 'games');
    assert.equal(line.encoding!.y.field, 'llr');
    assert.deepEqual(line.data!.values, trace.points);
  });

  test('draws both bounds as dashed rules on the same y scale', () => {
    const rule = layerOf(spec, 'rule');
    assert.deepEqual(
      rule.data!.values.map((row) => row.llr),
      [2.94, -2.94],
    );
    assert.equal(rule.encoding!.y.field, 'llr');
    const y = compiledScale(spec, 'y');
    // A shared scale: its domain unions the trajectory with the bound rules.
    assert.ok(Array.isArray(y.domain.fields) && y.domain.fields.length >= 2);
  });
});

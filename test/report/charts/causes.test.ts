import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse, View } from 'vega';
import { causesChart } from '../../../src/report/charts/causes.ts';
import { compileStrict, layerOf } from './spec-helpers.ts';
import { outs } from './rate-rows.ts';

describe('causesChart', () => {
  const spec = causesChart(outs, { title: 'How players went out', labelTitle: 'went out by', unit: 'outs' });

  test('stacks one bar per strategy, coloured by cause in the order the rows give', () => {
    const bar = layerOf(spec, 'bar');
    assert.equal(bar.encoding!.y.field, 'strategy');
    assert.equal(bar.encoding!.color.field, 'cause');
    assert.equal(bar.encoding!.color.title, 'went out by');
    assert.equal(bar.encoding!.x.title, 'share of outs');
    assert.deepEqual(bar.encoding!.color.sort, ['soldier', 'knight', 'princess']);
    assert.deepEqual([bar.encoding!.x.field, bar.encoding!.x2.field], ['start', 'end']);
  });

  test('stacks shares of each strategy’s outs, so every bar ends at 100%', async () => {
    const view = new View(parse(compileStrict(spec)), { renderer: 'none' });
    await view.runAsync();
    const rows = view.data('data_0') as { strategy: string; cause: string; share: number; start: number; end: number }[];
    view.finalize();
    const cautiousKnight = rows.find((row) => row.strategy === 'cautious' && row.cause === 'knight')!;
    assert.equal(cautiousKnight.share, 0.75);
    for (const strategy of ['random', 'cautious']) {
      const ends = rows.filter((row) => row.strategy === strategy).map((row) => row.end);
      assert.ok(Math.abs(Math.max(...ends) - 1) < 1e-12, `${strategy} reaches 100%`);
    }
    // The game's order, not alphabetical: soldier sits first, at 0.
    assert.equal(rows.find((row) => row.strategy === 'random' && row.cause === 'soldier')!.start, 0);
  });
});

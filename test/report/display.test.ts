import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JUPYTER_DISPLAY, chartDisplay, ratingChart, tableDisplay, type ReportTable } from '../../src/index.ts';

describe('notebook displays', () => {
  test('a chart shows as the SVG parlor draws and as a PNG, with its Vega-Lite spec under its version and its title as text', async () => {
    const spec = ratingChart([
      { strategy: 'counter', elo: 40, low: 20, high: 60 },
      { strategy: 'random', elo: -40, low: -60, high: -20 },
    ]);
    const bundle = (await chartDisplay(spec))[JUPYTER_DISPLAY]();
    assert.match(String(bundle['image/svg+xml']), /^<svg[^>]*>.*counter.*<\/svg>$/s);
    // Beside it the same chart as a PNG, base64 as notebooks keep images: what HTML exports show.
    const png = Buffer.from(String(bundle['image/png']), 'base64');
    assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
    assert.match(String(spec.$schema), /\/v6\.json$/);
    assert.equal(bundle['application/vnd.vegalite.v6+json'], spec);
    assert.equal(bundle['text/plain'], 'Rating ladder');
  });

  test('the key is the one Jupyter kernels for JavaScript look up', () => {
    assert.equal(JUPYTER_DISPLAY, Symbol.for('Jupyter.display'));
  });

  test('a table shows as HTML with its text escaped, and as aligned plain text', () => {
    const table: ReportTable = {
      caption: 'Wins <by> strategy',
      columns: [
        { title: 'strategy', numeric: false },
        { title: 'wins', numeric: true },
      ],
      rows: [
        ['a&b', '7'],
        ['counter', '1,234'],
      ],
    };
    const bundle = tableDisplay(table)[JUPYTER_DISPLAY]();
    const html = String(bundle['text/html']);
    assert.match(html, /<caption>Wins &lt;by&gt; strategy<\/caption>/);
    assert.match(html, /<td>a&amp;b<\/td><td class="num">7<\/td>/);
    assert.equal(bundle['text/plain'], ['Wins <by> strategy', 'strategy   wins', 'a&b           7', 'counter   1,234'].join('\n'));
  });
});

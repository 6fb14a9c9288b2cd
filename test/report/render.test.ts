import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seatChart } from '../../src/report/charts/seat.ts';
import { rateByChart } from '../../src/report/charts/rate-by.ts';
import { findFont } from '../../src/report/fonts.ts';
import { PNG_ZOOM, renderChart, svgToPng } from '../../src/report/render.ts';
import { firstCards, seats } from './charts/rate-rows.ts';
import { markItems, PNG_SIGNATURE, pngSize, svgSize, svgTexts } from './svg-helpers.ts';

describe('renderChart', async () => {
  const seat = await renderChart(seatChart(seats, { players: 4 }));

  test('returns the compiled vega spec it drew', () => {
    assert.equal(typeof seat.vega, 'object');
    assert.ok(Array.isArray(seat.vega.marks) && seat.vega.marks.length > 0);
  });

  test('draws the axis titles, seat labels and legend entries as SVG text', () => {
    const texts = svgTexts(seat.svg);
    for (const expected of ['seat', 'game win rate', 'Game win rate by seat', '0', '3', 'random', 'cautious', 'even: 1/4']) {
      assert.ok(texts.includes(expected), `text '${expected}' in ${JSON.stringify(texts)}`);
    }
    assert.ok(texts.includes('0%'), 'the y axis starts at 0%');
  });

  test('draws one point and one whisker per row', () => {
    assert.deepEqual(markItems(seat.svg, 'mark-symbol role-mark', 'path'), [seats.length]);
    // The errorbar's rule: one line per interval.
    const rules = markItems(seat.svg, 'mark-rule role-mark', 'line');
    assert.ok(rules.includes(seats.length), `a rule group with ${seats.length} lines in ${rules}`);
  });

  test('draws one point per strategy and card', async () => {
    const { svg } = await renderChart(rateByChart(firstCards, { title: 'By first card', labelTitle: 'first card held' }));
    assert.deepEqual(markItems(svg, 'mark-symbol role-mark', 'path'), [firstCards.length]);
  });

  test('rasterizes to a PNG at twice the SVG size', () => {
    assert.ok(seat.png.subarray(0, 8).equals(PNG_SIGNATURE));
    const svg = svgSize(seat.svg);
    assert.ok(svg.width > 200 && svg.height > 200, `plausible chart size ${svg.width}x${svg.height}`);
    assert.deepEqual(pngSize(seat.png), { width: svg.width * PNG_ZOOM, height: svg.height * PNG_ZOOM });
  });

  test('still gives a PNG, without its text, when no font can be found', async () => {
    const bare = await svgToPng(seat.svg, { family: 'none', files: [] });
    assert.deepEqual(pngSize(bare), pngSize(seat.png));
  });

  const font = findFont();
  test(
    'draws the text with the font it found',
    { skip: font ? false : 'no known font file on this machine (Debian: fonts-dejavu-core)' },
    async () => {
      assert.ok((await svgToPng(seat.svg, font)).equals(seat.png), 'the found font is the default');
      assert.ok(!(await svgToPng(seat.svg, { family: 'none', files: [] })).equals(seat.png), 'text adds pixels');
    },
  );
});

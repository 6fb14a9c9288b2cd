import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CHARTS_FOLDER, EXTRAS_FILE } from '../../src/report/files.ts';
import { writeCharts } from '../../src/report/write.ts';
import { PNG_SIGNATURE, svgTexts } from './svg-helpers.ts';
import { headToHead, ratings } from './charts/rate-rows.ts';
import { summary } from './summary-fixture.ts';

describe('writeCharts', async () => {
  const root = mkdtempSync(join(tmpdir(), 'parlor-report-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  const plainDir = join(root, 'sim');
  const plain = await writeCharts(plainDir, summary);
  const fullDir = join(root, 'tournament');
  const sprt = {
    points: [
      { games: 0, llr: 0 },
      { games: 500, llr: -1.1 },
      { games: 1000, llr: -3 },
    ],
    lower: -2.94,
    upper: 2.94,
  };
  const full = await writeCharts(fullDir, summary, { headToHead, ratings, sprt });

  test('draws the charts the summary and extras support', () => {
    assert.deepEqual(plain.charts, ['head-to-head', 'win-rate-by-seat', 'win-rate-by-first-card', 'outs-by-cause']);
    assert.deepEqual(full.charts, ['sprt-llr', 'rating-ladder', ...plain.charts]);
  });

  test('saves each chart as .vl.json beside its .svg and .png', () => {
    const files = readdirSync(join(fullDir, CHARTS_FOLDER)).sort();
    assert.deepEqual(files, full.charts.flatMap((name) => [`${name}.png`, `${name}.svg`, `${name}.vl.json`]).sort());
    for (const name of full.charts) {
      const stem = join(fullDir, CHARTS_FOLDER, name);
      const spec = JSON.parse(readFileSync(`${stem}.vl.json`, 'utf8'));
      assert.match(spec.$schema, /vega-lite/);
      assert.match(readFileSync(`${stem}.svg`, 'utf8'), /^<svg /);
      assert.ok(readFileSync(`${stem}.png`).subarray(0, 8).equals(PNG_SIGNATURE), `${name}.png is a PNG`);
    }
  });

  test('draws the summary’s own numbers', () => {
    const svg = readFileSync(join(plainDir, CHARTS_FOLDER, 'win-rate-by-seat.svg'), 'utf8');
    assert.ok(svgTexts(svg).includes('cautious <b>'), 'the legend names the strategy');
    const spec = JSON.parse(readFileSync(join(plainDir, CHARTS_FOLDER, 'win-rate-by-seat.vl.json'), 'utf8'));
    assert.deepEqual(
      spec.data.values.map((row: { seat: number; rate: number }) => [row.seat, row.rate]),
      summary.seats.map((seat) => [seat.seat, seat.winRate]),
    );
  });

  test('writes one index.html holding every chart, with the vega runtime inlined', () => {
    const html = readFileSync(full.index, 'utf8');
    assert.equal(full.index, join(fullDir, 'index.html'));
    for (const name of full.charts) assert.ok(html.includes(`id="${name}"`), name);
    assert.doesNotMatch(html, /<script[^>]+src=/);
    assert.ok(html.length > 300_000 && html.length < 1_000_000, `a reasonable size: ${html.length} characters`);
  });

  test('keeps the extras it was given so the report can be redrawn, and writes none without them', () => {
    assert.deepEqual(JSON.parse(readFileSync(join(fullDir, EXTRAS_FILE), 'utf8')), { headToHead, ratings, sprt });
    assert.ok(!existsSync(join(plainDir, EXTRAS_FILE)));
  });

  test('leaves no partial files behind', () => {
    for (const dir of [plainDir, fullDir, join(fullDir, CHARTS_FOLDER)]) {
      assert.deepEqual(
        readdirSync(dir).filter((file) => file.includes('partial')),
        [],
      );
    }
  });
});

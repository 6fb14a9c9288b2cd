import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeHtml, inlineJson, inlineScript, reportHtml } from '../../src/report/html.ts';
import { reportTables } from '../../src/report/report.ts';
import { summary } from './summary-fixture.ts';

describe('escaping for the page', () => {
  test('escapes text for HTML', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  test('keeps inlined JSON from closing its script element, and it parses back the same', () => {
    const value = { name: '</script><script>alert(1)</script>' };
    const text = inlineJson(value);
    assert.ok(!text.includes('<'));
    assert.deepEqual(JSON.parse(text), value);
  });

  test('keeps an inlined script from closing its element', () => {
    assert.equal(inlineScript('a = "</SCRIPT>";'), 'a = "<\\/SCRIPT>";');
  });
});

describe('reportHtml', () => {
  const vega = { marks: [{ type: 'rect' as const }] };
  const html = reportHtml(
    {
      title: 'parlor report: <love-letter>',
      lines: ['1,000 games'],
      tables: reportTables(summary),
      charts: [
        { name: 'win-rate-by-seat', title: 'Seats', vega },
        { name: 'outs-by-cause', title: 'Outs', vega },
      ],
      chartsFolder: 'charts',
    },
    'window.vega = {};',
  );

  test('gives each chart a container, with its SVG file shown when scripts are off', () => {
    for (const name of ['win-rate-by-seat', 'outs-by-cause']) {
      assert.match(html, new RegExp(`<div class="chart" id="${name}"><noscript><img src="charts/${name}.svg"`));
    }
  });

  test('shows the charts first, the tables after them', () => {
    assert.ok(html.indexOf('<h2>Charts</h2>') >= 0 && html.indexOf('<h2>Charts</h2>') < html.indexOf('<h2>Tables</h2>'));
  });

  test('links each chart’s files', () => {
    for (const extension of ['png', 'svg', 'vl.json']) assert.ok(html.includes(`<a href="charts/outs-by-cause.${extension}">`), extension);
  });

  test('embeds the runtime and the compiled specs, and loads nothing from elsewhere', () => {
    assert.ok(html.includes('<script>window.vega = {};</script>'));
    const specs = /<script type="application\/json" id="parlor-charts">(.*?)<\/script>/s.exec(html);
    assert.ok(specs);
    assert.deepEqual(JSON.parse(specs[1]), [
      { name: 'win-rate-by-seat', vega },
      { name: 'outs-by-cause', vega },
    ]);
    assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=|https?:\/\//);
  });

  test('writes the tables with escaped strategy names', () => {
    for (const caption of ['Game win rate by strategy', 'Game win rate by seat', 'Round win rate by first card held', 'Forfeits']) {
      assert.ok(html.includes(`<caption>${caption}</caption>`), caption);
    }
    assert.ok(html.includes('<td>cautious &lt;b&gt;</td>'));
    assert.ok(!html.includes('cautious <b>'));
    assert.ok(html.includes('<title>parlor report: &lt;love-letter&gt;</title>'));
  });

  test('marks nothing partial on a finished run, and shows the note first on a partial one', () => {
    assert.ok(!html.includes('class="partial"'));
    const partial = reportHtml({ title: 't', lines: [], tables: [], charts: [], chartsFolder: 'charts', partial: 'Partial <results>' }, '');
    assert.match(partial, /<h1>t<\/h1>\n<p class="partial" role="alert">Partial &lt;results&gt;<\/p>/);
  });

  test('formats rates as percentages with their intervals', () => {
    assert.ok(html.includes('<td class="num">27.0%</td><td class="num">24.4% – 29.8%</td>'), 'seat 1 row');
  });
});

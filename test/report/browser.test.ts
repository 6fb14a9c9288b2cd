// Opens a written report in headless Chromium, from disk with no network, and checks that every
// chart was drawn. Skipped when no Chromium is installed (Debian: apt-get install chromium).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { writeCharts, type WrittenReport } from '../../src/report/write.ts';
import { headToHead, ratings } from './charts/rate-rows.ts';
import { markItems } from './svg-helpers.ts';
import { summary } from './summary-fixture.ts';

const BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function findBrowser(): string | null {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return explicit;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of BROWSERS) {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return join(dir, name);
      } catch {
        // not in this folder
      }
    }
  }
  return null;
}

const browser = findBrowser();

// Without the background-networking flags Chromium keeps trying to reach Google's services,
// which a closed network refuses; virtual time lets the page's scripts finish before the dump.
function chromiumArgs(userDataDir: string, url: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${userDataDir}`,
    '--virtual-time-budget=10000',
    '--dump-dom',
    url,
  ];
}

/** The markup Chromium drew inside the chart container `id` (each sits alone in a figure). */
function containerMarkup(dom: string, id: string): string {
  const start = dom.indexOf(`id="${id}"`);
  assert.ok(start >= 0, `a container for ${id}`);
  const end = dom.indexOf('</figure>', start);
  assert.ok(end > start, `the figure around ${id} closes`);
  return dom.slice(start, end);
}

// Each test carries the skip, not the suite: the runner counts skipped tests, never skipped suites.
const noBrowser = browser ? false : "no Chromium found: install Debian's chromium (or set CHROMIUM_PATH) to run this check";

describe('the HTML report in a browser', () => {
  const root = mkdtempSync(join(tmpdir(), 'parlor-browser-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const sprt = {
    points: [
      { games: 0, llr: 0 },
      { games: 500, llr: 1.4 },
      { games: 1000, llr: 3 },
    ],
    lower: -2.94,
    upper: 2.94,
  };
  let written: WrittenReport;
  let dom = '';
  before(async () => {
    if (!browser) return;
    written = await writeCharts(join(root, 'run'), summary, { headToHead, ratings, sprt });
    ({ stdout: dom } = await promisify(execFile)(browser, chromiumArgs(join(root, 'profile'), pathToFileURL(written.index).href), {
      timeout: 90_000,
      maxBuffer: 32 * 1024 * 1024,
    }));
  });

  test('draws every chart as an SVG of non-zero size', { skip: noBrowser }, () => {
    assert.equal(written.charts.length, 6);
    for (const name of written.charts) {
      const markup = containerMarkup(dom, name);
      assert.ok(!markup.includes('could not be drawn'), `${name} drew without error`);
      const size = /<svg[^>]* width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(markup);
      assert.ok(size, `${name} has an svg`);
      assert.ok(Number(size[1]) > 100 && Number(size[2]) > 100, `${name} is ${size[1]}x${size[2]}`);
    }
  });

  test('draws one point per seat and per first card', { skip: noBrowser }, () => {
    assert.deepEqual(markItems(containerMarkup(dom, 'win-rate-by-seat'), 'mark-symbol role-mark', 'path'), [summary.seats.length]);
    assert.deepEqual(markItems(containerMarkup(dom, 'win-rate-by-first-card'), 'mark-symbol role-mark', 'path'), [
      summary.metrics[0].rows.length,
    ]);
  });

  test('writes a score in every head-to-head cell', { skip: noBrowser }, () => {
    const texts = markItems(containerMarkup(dom, 'head-to-head'), 'mark-text role-mark', 'text');
    assert.deepEqual(texts, [headToHead.length]);
  });
});

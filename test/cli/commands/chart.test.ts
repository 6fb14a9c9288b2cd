// `parlor chart DIR` as a user runs it: redraws a results folder, and bad folders end with one line
// on stderr and exit 3.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parlor, type Finished } from '../cli.ts';
import { summary } from '../../report/summary-fixture.ts';
import { scratchDir } from '../../helpers/scratch.ts';

function oneLineError(run: Finished, message: RegExp): void {
  assert.equal(run.code, 3);
  assert.equal(run.stdout, '');
  const lines = run.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line: ${run.stderr}`);
  assert.match(lines[0], message);
}

describe('parlor chart', () => {
  const root = scratchDir();
  after(() => rmSync(root, { recursive: true, force: true }));
  const folder = (name: string, files: Record<string, string>) => {
    const dir = join(root, name);
    mkdirSync(dir);
    for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
    return dir;
  };

  test('redraws the charts and the report from summary.json', async () => {
    const dir = folder('run', { 'summary.json': JSON.stringify(summary) });
    const run = await parlor(['chart', dir]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^4 charts redrawn; report: .*index\.html\n$/);
    for (const file of ['index.html', 'charts/win-rate-by-seat.vl.json', 'charts/win-rate-by-seat.svg', 'charts/win-rate-by-seat.png']) {
      assert.ok(existsSync(join(dir, file)), file);
    }
  });

  test('a missing folder', async () => {
    oneLineError(await parlor(['chart', join(root, 'nowhere')]), /^parlor: cannot read .*nowhere: no such folder$/);
  });

  test('a folder without summary.json', async () => {
    oneLineError(await parlor(['chart', folder('empty', {})]), /^parlor: cannot read .*empty\/summary\.json: no such file$/);
  });

  test('a summary.json that is not JSON', async () => {
    oneLineError(
      await parlor(['chart', folder('corrupt', { 'summary.json': '{"seats": [' })]),
      /^parlor: results folder .*corrupt is damaged: summary\.json is not valid JSON/,
    );
  });
});

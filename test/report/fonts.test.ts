import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { findFont, resvgFontOptions } from '../../src/report/fonts.ts';

describe('findFont', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-fonts-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string) => {
    const path = join(dir, name);
    writeFileSync(path, '');
    return path;
  };
  const regular = file('Sans.ttf');
  const bold = join(dir, 'Sans-Bold.ttf');

  test('skips a family whose regular face is missing and keeps the faces that exist', () => {
    const found = findFont([
      { family: 'Missing', files: [join(dir, 'Nope.ttf'), regular] },
      { family: 'Sans', files: [regular, bold] },
    ]);
    assert.deepEqual(found, { family: 'Sans', files: [regular] });
  });

  test('finds nothing when no candidate exists', () => {
    assert.equal(findFont([{ family: 'Missing', files: [join(dir, 'Nope.ttf')] }]), null);
  });
});

describe('resvgFontOptions', () => {
  test('loads only the found files, used for every sans-serif text', () => {
    assert.deepEqual(resvgFontOptions({ family: 'Sans', files: ['/f/Sans.ttf'] }), {
      loadSystemFonts: false,
      fontFiles: ['/f/Sans.ttf'],
      defaultFontFamily: 'Sans',
      sansSerifFamily: 'Sans',
    });
  });

  test('falls back to the system fonts when none was found', () => {
    assert.deepEqual(resvgFontOptions(null), { loadSystemFonts: true });
  });
});

// The golden-file check shared by the playthrough tests: render each case, compare it with the
// committed file, or rewrite the files when UPDATE_GOLDEN=1 asks for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === '1';

/** One golden game: the file it is kept in, and what plays it again. */
export interface GoldenCase {
  readonly file: string;
  readonly players: number;
  readonly seed: string;
  readonly game: number;
  readonly rules: Readonly<Record<string, string>>;
}

function firstDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  const line = want.findIndex((text, index) => text !== got[index]);
  const at = line < 0 ? want.length : line;
  return `first difference at line ${at + 1}:\n  committed: ${want[at] ?? '(end of file)'}\n  now:       ${got[at] ?? '(end of file)'}`;
}

/**
 * One test per case: `folder` is the test file's URL (the golden files sit beside it), `label`
 * names the folder in messages, `regenerate` is the command that rewrites the files.
 */
export function goldenTests<C extends GoldenCase>(
  folder: string,
  label: string,
  regenerate: string,
  cases: readonly C[],
  render: (c: C) => string,
): void {
  for (const c of cases) {
    test(`golden transcript ${c.file}`, () => {
      const path = fileURLToPath(new URL(c.file, folder));
      const actual = render(c);
      if (UPDATE_GOLDEN) {
        writeFileSync(path, actual);
        return;
      }
      assert.ok(existsSync(path), `${c.file} is missing; create it with: ${regenerate}`);
      const expected = readFileSync(path, 'utf8');
      if (actual !== expected) {
        assert.fail(
          `${label}/${c.file} no longer matches the game as played now; ${firstDifference(expected, actual)}\n` +
            `If the change to the rules, the random streams or the format is intended, run ${regenerate} and review the diff.`,
        );
      }
    });
  }
}

// Reading a results folder back for `parlor chart`: the summary, and the extras a report was drawn
// with. Files on disk may be anything, so each is checked before a chart trusts its shape.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Errors } from '../core/errors.ts';
import { readJson, requireFolder, ResultFiles } from '../core/results-files.ts';
import type { ReportExtras } from './report.ts';
import type { ReportSummary } from './rows.ts';
import { EXTRAS_FILE } from './files.ts';

/** What readReportInputs finds in a results folder: the summary and the extras to draw its report with. */
export interface ReportInputs {
  readonly summary: ReportSummary;
  readonly extras: ReportExtras;
}

/** Throws a one-line description of the first thing at `path` that does not fit. */
type Check = (value: unknown, path: string) => void;

class ShapeError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const number: Check = (value, path) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ShapeError(`${path} should be a number`);
};
const text: Check = (value, path) => {
  if (typeof value !== 'string') throw new ShapeError(`${path} should be text`);
};
const interval: Check = (value, path) => {
  if (!Array.isArray(value) || value.length !== 2) throw new ShapeError(`${path} should be a [low, high] pair`);
  value.forEach((bound, index) => number(bound, `${path}[${index}]`));
};
const fields =
  (shape: Record<string, Check>): Check =>
  (value, path) => {
    if (!isObject(value)) throw new ShapeError(`${path} should be an object`);
    for (const [name, check] of Object.entries(shape)) check(value[name], `${path}.${name}`);
  };
const listOf =
  (check: Check): Check =>
  (value, path) => {
    if (!Array.isArray(value)) throw new ShapeError(`${path} should be a list`);
    value.forEach((item, index) => check(item, `${path}[${index}]`));
  };
const recordOf =
  (check: Check): Check =>
  (value, path) => {
    if (!isObject(value)) throw new ShapeError(`${path} should be an object`);
    for (const [name, item] of Object.entries(value)) check(item, `${path}.${name}`);
  };
const optional =
  (check: Check): Check =>
  (value, path) => {
    if (value !== undefined) check(value, path);
  };

const nullable =
  (check: Check): Check =>
  (value, path) => {
    if (value !== null) check(value, path);
  };

const boolean: Check = (value, path) => {
  if (typeof value !== 'boolean') throw new ShapeError(`${path} should be true or false`);
};
const oneOf =
  (...allowed: string[]): Check =>
  (value, path) => {
    if (typeof value !== 'string' || !allowed.includes(value)) throw new ShapeError(`${path} should be one of ${allowed.join(', ')}`);
  };

const rate = { games: number, winRate: number, ci95: interval };
const countRow = fields({ strategy: text, what: text, count: number });
const headToHeadRow = fields({ strategy: text, opponent: text, score: number, meetings: number });

/**
 * Folders written before head-to-head counts were named for what they count held them as `games`:
 * such a row is read with its count as `meetings`, the same number.
 */
function withMeetings(file: unknown): unknown {
  if (!isObject(file) || !Array.isArray(file.headToHead)) return file;
  const rows = file.headToHead.map((row: unknown) =>
    isObject(row) && row.meetings === undefined && row.games !== undefined ? { ...row, meetings: row.games } : row,
  );
  return { ...file, headToHead: rows };
}

const metricHeading = { name: text, title: text, labelTitle: text, labels: optional(listOf(text)), chart: text };
const metricRows: Record<string, Check> = {
  'rate-by': listOf(fields({ strategy: text, label: text, rounds: number, roundWinRate: number, ci95: interval })),
  causes: listOf(fields({ strategy: text, label: text, count: number })),
  moments: listOf(fields({ strategy: text, label: text, records: number, mean: number, ci95: interval })),
};
const metricExtras: Record<string, Record<string, Check>> = {
  'rate-by': {},
  causes: { unit: text },
  moments: {
    valueTitle: text,
    format: oneOf('number', 'rate'),
    lowerIsBetter: boolean,
    neutral: optional(boolean),
    sequence: optional(boolean),
  },
};

/** One of the kinds a game can declare, with the rows of that kind. */
const metricShape: Check = (value, path) => {
  fields({ kind: oneOf(...Object.keys(metricRows)) })(value, path);
  const kind = (value as { kind: string }).kind;
  fields({ ...metricHeading, ...metricExtras[kind], rows: metricRows[kind] })(value, path);
};

/** ReportSummary, checked: what the charts and tables read; other fields may come and go freely. */
const summaryShape = fields({
  game: text,
  players: number,
  games: number,
  roundsPerGame: number,
  design: optional(text),
  seed: optional(text),
  seats: listOf(fields({ seat: number, strategy: text, ...rate })),
  strategies: recordOf(fields(rate)),
  metrics: listOf(metricShape),
  forfeits: listOf(countRow),
  headToHead: optional(listOf(headToHeadRow)),
  comparison: optional(
    fields({
      candidate: text,
      baseline: text,
      verdict: oneOf('H1', 'H0', 'undecided'),
      passed: nullable(boolean),
      gamesPerArm: number,
      llr: number,
      sprt: fields({ lower: number, upper: number }),
      estimate: fields({
        measured: text,
        elo: fields({ elo: nullable(number), low: nullable(number), high: nullable(number) }),
        measure: optional(
          fields({
            label: text,
            lowerIsBetter: boolean,
            candidate: nullable(number),
            baseline: nullable(number),
            difference: nullable(number),
            low: nullable(number),
            high: nullable(number),
          }),
        ),
      }),
      arms: fields({ candidate: fields({ mean: number }), baseline: fields({ mean: number }) }),
    }),
  ),
});

const extrasShape = fields({
  headToHead: optional(listOf(headToHeadRow)),
  // An open end of an unrated strategy's interval, and its rating, are null (JSON has no infinities).
  ratings: optional(
    listOf(
      fields({
        strategy: text,
        elo: nullable(number),
        low: nullable(number),
        high: nullable(number),
        unrated: optional(oneOf('below', 'above', 'apart')),
      }),
    ),
  ),
  sprt: optional(fields({ points: listOf(fields({ games: number, llr: number })), lower: number, upper: number })),
});

/** `value`, read from `file` of `dir`, once it fits `shape` (named from `path`). */
function checked<T>(dir: string, file: string, value: unknown, shape: Check, path: string = file.replace(/\.json$/, '')): T {
  try {
    shape(value, path);
  } catch (error) {
    if (error instanceof ShapeError) throw Errors.corruptResults(dir, `${file} does not hold what a report needs: ${error.message}`);
    throw error;
  }
  return value as T;
}

/**
 * The summary and extras of a results folder, checked; a ParlorError says what is wrong. A folder
 * without the extras file (one a run written through the package's functions left) has its
 * ratings and sequential test redrawn from the summary, which holds them too.
 */
export function readReportInputs(dir: string): ReportInputs {
  requireFolder(dir);
  const raw = readJson(dir, ResultFiles.SUMMARY);
  const summary = checked<ReportSummary>(dir, ResultFiles.SUMMARY, withMeetings(raw), summaryShape);
  if (existsSync(join(dir, EXTRAS_FILE)))
    return { summary, extras: checked(dir, EXTRAS_FILE, withMeetings(readJson(dir, EXTRAS_FILE)), extrasShape) };
  const held = raw as { ratings?: unknown; comparison?: unknown };
  const sprt = isObject(held.comparison) ? held.comparison.sprt : undefined;
  const extras = { ...(held.ratings === undefined ? {} : { ratings: held.ratings }), ...(sprt === undefined ? {} : { sprt }) };
  return { summary, extras: checked(dir, ResultFiles.SUMMARY, extras, extrasShape, 'summary') };
}

#!/usr/bin/env node
// Node 20's test runner neither expands globs nor finds .ts files by itself, so this collects the
// test files (optionally under the folders or files given) and hands them to `node --test` with tsx.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const RECORD = '--record-durations';
const record = process.argv.includes(RECORD);
const roots = process.argv.slice(2).filter((arg) => arg !== RECORD);
const starts = roots.length > 0 ? roots : [join(root, 'test')];

function collect(path) {
  if (statSync(path).isFile()) return path.endsWith('.test.ts') ? [path] : [];
  return readdirSync(path, { recursive: true })
    .map((name) => join(path, String(name)))
    .filter((file) => file.endsWith('.test.ts'))
    .sort();
}

// The slowest files start first: one started last would run on alone after the others end. The
// seconds come from an earlier run (--record-durations writes them); files it did not see start
// before all of them, as they may be slow. Only the order depends on the record, never a result.
const durationsFile = join(root, 'test', 'durations.json');
const durations = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
const files = starts
  .flatMap(collect)
  .map((file) => relative(root, file))
  .sort((a, b) => (durations[b] ?? Number.MAX_VALUE) - (durations[a] ?? Number.MAX_VALUE));
if (files.length === 0) {
  console.error(`no test files under ${starts.join(', ')}`);
  process.exit(1);
}
// Test files run in processes of their own, as many at once as there are cores (node's default
// leaves one idle, which on two cores runs them one by one). Most of a file's time is spent
// waiting for the processes and bots it starts, so the files overlap well.
// PARLOR_TEST_CONCURRENCY overrides it, e.g. 1 to read one file's output at a time.
const concurrency = Number(process.env.PARLOR_TEST_CONCURRENCY) || availableParallelism();
const recorded = record ? join(mkdtempSync(join(tmpdir(), 'parlor-durations-')), 'durations.json') : null;
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    ...(record ? ['--test-reporter=./test/durations-reporter.js', `--test-reporter-destination=${recorded}`] : []),
    ...files,
  ],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// A run stopped before the reporter wrote its line (Ctrl-C) leaves the record as it was.
const measured = recorded !== null && existsSync(recorded) ? readFileSync(recorded, 'utf8') : '';
if (measured !== '') {
  // Merged into the record: a run of one folder updates its files and keeps the others' seconds.
  const seconds = { ...durations, ...JSON.parse(measured) };
  const kept = Object.keys(seconds)
    .filter((file) => existsSync(join(root, file)))
    .sort();
  writeFileSync(durationsFile, `${JSON.stringify(Object.fromEntries(kept.map((file) => [file, seconds[file]])), null, 2)}\n`);
}
if (recorded !== null) rmSync(dirname(recorded), { recursive: true, force: true });
process.exit(result.status ?? 1);

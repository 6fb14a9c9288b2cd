#!/usr/bin/env node
// Node 20's test runner neither expands globs nor finds .ts files by itself, so this collects the
// test files (optionally under the folders or files given) and hands them to `node --test` with tsx.
import { readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const roots = process.argv.slice(2);
const starts = roots.length > 0 ? roots : [join(root, 'test')];

function collect(path) {
  if (statSync(path).isFile()) return path.endsWith('.test.ts') ? [path] : [];
  return readdirSync(path, { recursive: true })
    .map((name) => join(path, String(name)))
    .filter((file) => file.endsWith('.test.ts'))
    .sort();
}

const files = starts.flatMap(collect).map((file) => relative(root, file));
if (files.length === 0) {
  console.error(`no test files under ${starts.join(', ')}`);
  process.exit(1);
}
// Test files run in processes of their own, as many at once as there are cores (node's default
// leaves one idle, which on two cores runs them one by one). Most of a file's time is spent
// waiting for the processes and bots it starts, so the files overlap well.
// PARLOR_TEST_CONCURRENCY overrides it, e.g. 1 to read one file's output at a time.
const concurrency = Number(process.env.PARLOR_TEST_CONCURRENCY) || availableParallelism();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);

// The logarithm the built-in strategies search with: the same bits on every engine, and those of
// Node 20's Math.log, which the runs and fixtures made so far were played with.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { log } from '../../src/core/portable-math.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test("log gives Node 20's bits, where a correctly rounded log differs", () => {
  // Node 20: 1.0986122886681096; Deno 2.9 and later V8s: 1.0986122886681098.
  assert.equal(log(3), 1.0986122886681096);
  assert.equal(log(3 / 7), -0.8472978603872037);
  assert.equal(log(2), Math.LN2);
  assert.equal(log(10), Math.LN10);
});

test('log of the edges: zero, negatives, subnormals, infinity, NaN', () => {
  assert.equal(log(1), 0);
  assert.equal(log(0), -Infinity);
  assert.equal(log(-0), -Infinity);
  assert.ok(Number.isNaN(log(-1)));
  assert.ok(Number.isNaN(log(NaN)));
  assert.equal(log(Infinity), Infinity);
  assert.equal(log(Number.MIN_VALUE), -744.4400719213812);
  assert.equal(log(Number.MAX_VALUE), 709.782712893384);
});

/** Math's functions whose last bit each engine decides for itself (sqrt, abs, floor and the like are exact). */
const ENGINE_MATH =
  /\bMath\.(log|log1p|log2|log10|exp|expm1|pow|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|cbrt|hypot)\b/;

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true })
    .map((name) => join(folder, String(name)))
    .filter((path) => path.endsWith('.ts'));
}

test('no game or built-in strategy calls a Math function that engines round differently', () => {
  const found = ['strategies', 'src/games', 'src/strategy'].flatMap(sources).flatMap((path) =>
    readFileSync(join(ROOT, path), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        ENGINE_MATH.test(line.replace(/\/\/.*$/, '')) ? [`${relative('.', path)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  assert.deepEqual(found, [], 'use log from src/core/portable-math.ts, or an exact operation');
});

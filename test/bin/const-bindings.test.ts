import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'acorn';
import { restoreConstBindings } from '../../bin/const-bindings.js';

/** The declaration keyword each line of the restored program starts with. */
function keywords(lines: readonly string[]): string[] {
  return restoreConstBindings(lines.join('\n'), parse)
    .split('\n')
    .map((line) => line.split(' ')[0]);
}

describe('restoring the const of a bundle', () => {
  test('writes const where a top-level var is never written again, destructured ones, classes and exports included', () => {
    const lines = [
      'var table = [1, 2];',
      'var a = 1, b = 2;',
      'var { x, y: [z] } = { x: 1, y: [2] };',
      'var Shape = class {};',
      'export var size = 3;',
    ];
    assert.deepEqual(keywords(lines), ['const', 'const', 'const', 'const', 'export']);
    assert.match(restoreConstBindings(lines.join('\n'), parse), /^export const size = 3;$/m);
  });

  test('keeps var for a name assigned, updated, looped over or destructured into anywhere', () => {
    const lines = [
      'var assigned = 0;',
      'var updated = 0;',
      'var looped = 0;',
      'var spread = 0;',
      'var shadowed = 0;',
      'function f(shadowed) { assigned = 1; updated++; for (looped of []) {} [, ...spread] = []; shadowed += 1; }',
    ];
    assert.deepEqual(keywords(lines), ['var', 'var', 'var', 'var', 'var', 'function']);
  });

  test('keeps var with no initial value, or declared twice', () => {
    const lines = [
      'var later;',
      'var twice = 1;',
      'if (later) { var twice = 2; }',
      'var inner = 1;',
      'function g() { var inner = 2; return inner; }',
    ];
    assert.deepEqual(keywords(lines), ['var', 'var', 'if', 'var', 'function']);
  });

  test('leaves the text outside the keywords as it was', () => {
    const code = 'var a = "var b = 1";\n// var c = 2\nconsole.log(a);';
    assert.equal(restoreConstBindings(code, parse), 'const a = "var b = 1";\n// var c = 2\nconsole.log(a);');
  });
});

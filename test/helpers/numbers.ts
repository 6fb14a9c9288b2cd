import assert from 'node:assert/strict';

/** Asserts that two floating-point numbers agree within an absolute tolerance. */
export function assertClose(actual: number, expected: number, tolerance: number): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
}

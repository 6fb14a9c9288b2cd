import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compartmentEvaluator } from '../../../../src/runner/play/confined/realm.ts';

/**
 * A script is compiled once and evaluated afresh for each seat: the seats must still share
 * nothing, neither through their own globals nor through the compartment the script was
 * compiled in, which the one global not passed to it (eval) reaches.
 */
describe('a script compiled once for every seat', () => {
  const seat = compartmentEvaluator()(`(() => {
    const reached = (0, eval);
    const tried = (write) => { try { write(); return 'wrote'; } catch { return 'refused'; } };
    globalThis.seats = (globalThis.seats ?? 0) + 1;
    return [
      String(globalThis.seats),
      String(Math.random()),
      tried(() => { reached('globalThis').seats = 1; }),
      tried(() => reached('Math.random()')),
    ].join(' ');
  })()`);

  test('each evaluation has globals of its own, its Math.random among them', () => {
    const first = String(seat());
    assert.equal(first, String(seat()));
    assert.match(first, /^1 0\.\d+ /);
  });

  test('the compartment it was compiled in can be neither written nor drawn from', () => {
    assert.match(String(seat()), / refused refused$/);
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compartmentEvaluator } from '../../../../src/runner/play/confined/realm.ts';

/**
 * A script is compiled a few times and evaluated afresh for each seat, on one of those copies in
 * turn: the seats must still share nothing, neither through their own globals nor through the
 * compartment a copy was compiled in, which the one global not passed to it (eval) reaches.
 */
describe('a script compiled for many seats', () => {
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

  test('each evaluation has globals of its own, its Math.random among them, whichever compiled copy it runs', () => {
    const first = String(seat());
    assert.match(first, /^1 0\.\d+ /);
    for (let i = 0; i < 20; i++) assert.equal(String(seat()), first);
  });

  test('the compartment a copy was compiled in can be neither written nor drawn from', () => {
    for (let i = 0; i < 20; i++) assert.match(String(seat()), / refused refused$/);
  });
});

/**
 * A game whose engine runs compiled needs WebAssembly in the compartment (Game.engineBinary). It is
 * the realm's own, frozen: a seat compiles and runs a module of its making, and cannot change
 * WebAssembly for the seats after it.
 */
describe('WebAssembly in a compartment', () => {
  const seat = compartmentEvaluator()(`(() => {
    const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 6, 1, 4, 0, 65, 42, 11]);
    const answer = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.f();
    const tried = (write) => { try { write(); return 'wrote'; } catch { return 'refused'; } };
    return [String(answer), tried(() => { WebAssembly.Module = null; }), tried(() => { WebAssembly.Instance.prototype.spy = 1; }), typeof WebAssembly.Module].join(' ');
  })()`);

  test("runs a module of the seat's making, and is the same frozen object for every seat", () => {
    for (let i = 0; i < 10; i++) assert.equal(String(seat()), '42 refused refused function');
  });
});

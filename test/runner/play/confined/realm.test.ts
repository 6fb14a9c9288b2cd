import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SEAT_WEBASSEMBLY, compartmentEvaluator } from '../../../../src/runner/play/confined/realm.ts';
import { ROOT } from '../../../helpers/imports.ts';

/** Evaluates the expression `code` afresh in a compartment at each call, and gives its value as the compartment exports it. */
function evaluator(code: string): () => unknown {
  const ready = compartmentEvaluator()(`parlorExport(${code})`);
  return () => {
    const evaluated = ready()();
    assert.ok('exported' in evaluated, 'failure' in evaluated ? evaluated.failure : '');
    return evaluated.exported;
  };
}

/**
 * A script is compiled a few times and evaluated afresh for each seat, on one of those copies in
 * turn: the seats must still share nothing, neither through their own globals nor through the
 * compartment a copy was compiled in, which the one global not passed to it (eval) reaches.
 */
describe('a script compiled for many seats', () => {
  const seat = evaluator(`(() => {
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
 * What crosses from a compartment into the runner: the one value its first code exports (parlor's
 * own module, bundled before the strategy's), or the text of why it threw, made in the realm:
 * never a value the strategy made, which the runner would have to ask to show itself.
 */
describe('what leaves a compartment', () => {
  // Copied into an object of this realm: the realm's own has another prototype.
  const evaluate = (statements: string) => ({ ...compartmentEvaluator()(`(() => { ${statements} })()`)()() });

  test('only the first export counts', () => {
    assert.deepEqual(evaluate(`parlorExport('first'); parlorExport('second'); globalThis.parlorExport('third')`), { exported: 'first' });
  });

  test('a thrown value comes back as text, its message only when that is a string, and of bounded length', () => {
    const failures = [
      `throw new TypeError('no card')`,
      `const error = new Error('replaced'); error.message = { toString() { for (;;); } }; throw error`,
      `throw { toString() { throw { toString() { for (;;); } }; } }`,
      `throw 7`,
      `throw 'x'.repeat(5000)`,
    ].map((code) => evaluate(`parlorExport('before'); ${code}`));
    assert.deepEqual(failures.slice(0, 4), [
      { failure: 'TypeError: no card' },
      { failure: '[a message that is not a string]' },
      { failure: 'threw a value that cannot be shown' },
      { failure: '7' },
    ]);
    assert.deepEqual(failures[4], { failure: `${'x'.repeat(1000)}...` });
  });
});

/**
 * A game whose engine runs compiled needs WebAssembly in the compartment (Game.engineBinary). Each
 * seat gets one of its own: a seat compiles and runs a module of its making, and what it changes
 * there stays its own, while the built-in prototypes behind it, which every seat shares, are frozen.
 */
describe('WebAssembly in a compartment', () => {
  const seat = evaluator(`(() => {
    const found = typeof WebAssembly.Module;
    const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 6, 1, 4, 0, 65, 42, 11]);
    const answer = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.f();
    const tried = (write) => { try { write(); return 'wrote'; } catch { return 'refused'; } };
    return [found, String(answer), tried(() => { WebAssembly.Module = null; }), tried(() => { WebAssembly.Instance.prototype.spy = 1; })].join(' ');
  })()`);

  test("runs a module of the seat's making; what one seat replaces, the next still finds", () => {
    for (let i = 0; i < 10; i++) assert.equal(String(seat()), 'function 42 wrote refused');
  });
});

/**
 * The room for WebAssembly memories is the whole process's: each seat makes what it may of its
 * own, so that no seat can take that room from the engine or another seat, nor tell from what it
 * can still make what another seat holds.
 */
describe("a seat's WebAssembly limits", () => {
  // A module that defines a memory of `pages` pages (below 16384), at most as many, or with no
  // maximum when `bounded` is false: its memory section alone.
  const withMemory = (pages: number, bounded = true) => {
    const leb = pages < 128 ? [pages] : [(pages & 127) | 128, pages >> 7];
    const limits = bounded ? [1, ...leb, ...leb] : [0, ...leb];
    return `new Uint8Array([${[0, 97, 115, 109, 1, 0, 0, 0, 5, 1 + limits.length, 1, ...limits].join(', ')}])`;
  };
  const evaluate = (code: string) =>
    evaluator(`(() => {
    const held = [];
    const made = (make) => { try { for (;;) held.push(make()); } catch (error) { return held.length + ' ' + error.name + ': ' + error.message; } };
    return ${code};
  })()`);

  test('each seat makes as many memories as its limit allows, whatever another seat holds', () => {
    const seat = evaluate(`made(() => new WebAssembly.Memory({ initial: 0, maximum: 0 }))`);
    const refused = `${SEAT_WEBASSEMBLY.memories} RangeError: WebAssembly.Memory(): a seat may make at most ${SEAT_WEBASSEMBLY.memories} memories with WebAssembly`;
    const seats = Array.from({ length: 6 }, () => seat());
    for (const made of seats) assert.equal(String(made), refused);
  });

  test('modules count, and so do the memories instances define and their pages', () => {
    const memories = evaluate(`made(() => new WebAssembly.Instance(new WebAssembly.Module(${withMemory(1)})))`);
    assert.equal(
      String(memories()),
      `${SEAT_WEBASSEMBLY.modules} RangeError: WebAssembly.Module(): a seat may make at most ${SEAT_WEBASSEMBLY.modules} modules with WebAssembly`,
    );
    const shared = evaluate(
      `(() => { const module = new WebAssembly.Module(${withMemory(1)}); return made(() => new WebAssembly.Instance(module)); })()`,
    );
    assert.equal(
      String(shared()),
      `${SEAT_WEBASSEMBLY.memories} RangeError: WebAssembly.Instance(): a seat may make at most ${SEAT_WEBASSEMBLY.memories} memories with WebAssembly`,
    );
    const pages = evaluate(
      `(() => { const module = new WebAssembly.Module(${withMemory(400)}); return made(() => new WebAssembly.Instance(module)); })()`,
    );
    const fit = Math.floor(SEAT_WEBASSEMBLY.pages / 400);
    assert.equal(
      String(pages()),
      `${fit} RangeError: WebAssembly.Instance(): a seat may make at most ${SEAT_WEBASSEMBLY.pages} pages of memory with WebAssembly`,
    );
  });

  test('a memory counts the most it may grow to, and one that could grow without end is refused', () => {
    const grown = evaluate(`(() => {
      const memory = new WebAssembly.Memory({ initial: 0, maximum: ${SEAT_WEBASSEMBLY.pages} });
      memory.grow(${SEAT_WEBASSEMBLY.pages});
      return [memory.buffer.byteLength, made(() => new WebAssembly.Memory({ initial: 0, maximum: 1 }))].join(' ');
    })()`);
    assert.equal(
      String(grown()),
      `${SEAT_WEBASSEMBLY.pages * 65536} 0 RangeError: WebAssembly.Memory(): a seat may make at most ${SEAT_WEBASSEMBLY.pages} pages of memory with WebAssembly`,
    );
    const unbounded = evaluate(`[
      made(() => new WebAssembly.Memory({ initial: 1 })),
      made(() => new WebAssembly.Instance(new WebAssembly.Module(${withMemory(1, false)}))),
    ].join(' / ')`);
    assert.equal(
      String(unbounded()),
      `0 TypeError: WebAssembly.Memory(): a seat's memory must declare its maximum / 0 RangeError: WebAssembly.Instance(): a seat may make at most ${SEAT_WEBASSEMBLY.pages} pages of memory with WebAssembly`,
    );
  });

  test("nothing a seat makes leads back to the realm's own constructors, nor does eval", () => {
    const seat = evaluate(`(() => {
      const memory = new WebAssembly.Memory({ initial: 0, maximum: 0 });
      const module = new WebAssembly.Module(${withMemory(0)});
      const instance = new WebAssembly.Instance(module);
      const makers = [memory, module, instance].map((made) => Object.getPrototypeOf(made).constructor === Object);
      return [...makers, memory instanceof WebAssembly.Memory, typeof (0, eval)('WebAssembly')].join(' ');
    })()`);
    assert.equal(String(seat()), 'true true true true undefined');
  });
});

/**
 * The realm's buffers and typed arrays count what they make (memory-meter.ts): the constructors in
 * the built-ins' place must behave as the built-ins do, and be the only ones a strategy can reach.
 */
describe("a compartment's typed arrays", () => {
  const seat = evaluator(`(() => {
    const a = new Uint8Array([3, 1, 2]);
    class Sub extends Uint8Array {}
    const sub = new Sub(4);
    const typed = Object.getPrototypeOf(Uint8Array);
    const refusal = (make) => { try { make(); return 'made'; } catch (error) { return error.constructor.name; } };
    return [
      a.constructor === Uint8Array,
      Uint8Array.name,
      Uint8Array.length,
      Uint8Array.BYTES_PER_ELEMENT,
      Float64Array.BYTES_PER_ELEMENT,
      Uint8Array.from([1, 2]).length,
      Int32Array.of(1, 2, 3).length,
      a.slice(1).constructor === Uint8Array,
      a.subarray(1).buffer === a.buffer,
      a.map((x) => x * 2).join('-'),
      a.toSorted().join('-'),
      sub instanceof Sub && sub instanceof Uint8Array,
      sub.slice(1) instanceof Sub,
      typed === Object.getPrototypeOf(Int8Array),
      typed.prototype.constructor === typed,
      ArrayBuffer.isView(a),
      new ArrayBuffer(8).slice(2).byteLength,
      new ArrayBuffer(8).constructor === ArrayBuffer,
      new DataView(new ArrayBuffer(4)).byteLength,
      new Float64Array(new ArrayBuffer(16), 8, 1).length,
      refusal(() => Uint8Array(2)),
      refusal(() => new ArrayBuffer(0, { maxByteLength: 2 ** 32 })),
      refusal(() => new SharedArrayBuffer(0, { maxByteLength: 2 ** 32 })),
    ].join(' ');
  })()`);

  test('behave as the built-ins do, the constructors a strategy reaches from its arrays included, and never grow', () => {
    assert.equal(
      String(seat()),
      'true Uint8Array 3 1 8 2 3 true true 6-2-4 1-2-3 true true true true true 6 true 4 1 TypeError TypeError TypeError',
    );
  });
});

/**
 * Atomics.wait idles within the move limit, but each Atomics.waitAsync left a waiter in memory
 * outside the heap for good (no seat's cell is ever notified): a strategy calling it in a loop took
 * gigabytes past --worker-memory.
 */
describe("a compartment's Atomics", () => {
  const seat = evaluator(`(() => {
    const cell = new Int32Array(new SharedArrayBuffer(4));
    return [typeof Atomics.waitAsync, 'waitAsync' in Atomics, Atomics.wait(cell, 0, 0, 0), Atomics.wait(cell, 0, 1, 0)].join(' ');
  })()`);

  test('waits, but starts no wait that would outlive the call', () => {
    assert.equal(String(seat()), 'undefined false timed-out not-equal');
  });
});

/**
 * V8 takes the time zone and the language from the process (TZ, LANG): a compartment's Date reads
 * and shows every date as a host in UTC with no locale would, so that a strategy can tell neither,
 * nor play otherwise on another machine with the same seed.
 */
describe("a compartment's Date", () => {
  const datesUnder = (env: Record<string, string>): unknown => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/fixtures/realm-dates.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    assert.equal(child.status, 0, child.stderr);
    return JSON.parse(child.stdout);
  };

  test('tells nothing of the time zone or the language it runs under', () => {
    const utc = datesUnder({ TZ: 'UTC', LANG: 'C', LC_ALL: 'C' });
    for (const env of [
      { TZ: 'Asia/Kolkata', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
      { TZ: 'America/New_York', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' },
    ]) {
      assert.deepEqual(datesUnder(env), utc, env.TZ);
    }
    const summer = Date.UTC(2020, 5, 15, 23, 30, 15);
    const noon = Date.UTC(2020, 5, 15, 12);
    assert.deepEqual(utc, [
      'Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)',
      'Mon Jun 15 2020 23:30:15 GMT+0000 (Coordinated Universal Time)',
      'Mon Jun 15 2020',
      '23:30:15 GMT+0000 (Coordinated Universal Time)',
      'Mon Jun 15 2020 23:30:15 GMT+0000 (Coordinated Universal Time)',
      'Mon Jun 15 2020',
      '23:30:15 GMT+0000 (Coordinated Universal Time)',
      0,
      [2020, 5, 15, 1, 23, 30, 15, 120],
      Date.UTC(1970, 0, 3, 5, 6),
      Date.UTC(1999, 0, 1),
      noon,
      Date.UTC(2020, 5, 1),
      [
        noon,
        noon,
        Date.UTC(2020, 5, 15),
        Date.UTC(2020, 5, 15),
        noon,
        noon - 2 * 3600000,
        noon + 5 * 3600000,
        noon - 2 * 3600000,
        Date.UTC(2020, 5, 15),
        summer,
      ].map((time) => [time, time]),
      noon,
      summer,
      'Invalid Date',
    ]);
  });
});

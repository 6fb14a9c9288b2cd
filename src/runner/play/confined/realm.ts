import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script, createContext } from 'node:vm';

/**
 * Compiles a script and returns a function that evaluates it afresh, in a compartment of its own,
 * at each call: each call's completion value has module state of its own.
 */
export type CompartmentEvaluator = (code: string) => () => unknown;

// Made inside the realm, so that nothing the runner's realm owns is ever handed in: the options,
// the quiet console and every compartment are objects of the confined realm. A compartment's
// Math.random (SES removes the shared one) is a generator of its own from a fixed seed
// (mulberry32): code that calls it, seedrandom's loading among it, works and plays the same
// every run. Strategies draw their moves from the seat's stream all the same. SES leaves the float
// arrays out of compartments for a NaN side channel between compartments that share objects, and
// SharedArrayBuffer and Atomics for timers that threads sharing memory make: seats share no object
// and start no thread, and strategies use them (Atomics.wait idles within the move limit). It
// leaves out WebAssembly too, which a game whose engine runs compiled needs (Game.engineBinary): a
// module runs in the seat's own sandbox and reaches only the functions the seat hands it, so the
// realm's WebAssembly, frozen, is handed in. A compartment evaluates code inside a with-statement
// over its global object, which makes every global a name looked up through a proxy at each use
// (Love Letter and SpeedClue games 1.5 to 3 times slower, measured): the code is evaluated inside
// a function that takes every global as a parameter, so its names resolve as plain variables.
// That function is compiled in a compartment whose global object is frozen and whose
// Math.random is SES's, which throws (the only name not passed, eval, reaches it): each call then
// hands it the globals of a fresh compartment. Compiling the bundle for every seat (its parse,
// SES's checks of the source, Node's look for a source map) more than doubled a seat's setup
// (5.6 ms against 2.6, measured), which a bot played through the protocol pays every round. But
// the seats of one compiled copy share its functions' type feedback, and each seat's module has
// classes of its own (the view's, the event's, the strategy's): with four seats on one copy, V8
// optimizes for four shapes at every property read: four confined Hearts seats played 15% fewer
// games a second than with a copy each (measured). So a script is compiled up to COPIES times, a
// copy per seat in turn: a table's seats each get one, and the seats of many tables or rounds
// share them.
const COPIES = 8;
const COMPARTMENT_MAKER = `(() => {
  const quiet = harden({ log() {}, info() {}, warn() {}, error() {}, debug() {}, trace() {} });
  const seededMath = () => {
    let state = 0x2545f491;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    return harden(Object.create(Math, { random: { value: random } }));
  };
  // Where an error was thrown, as "line:column" of the evaluated code ('' when unknown): errors in a
  // compartment show no stack, and the runner maps this place back to the strategy's own file.
  const thrownAt = harden((error) => {
    let stack = '';
    try {
      stack = getStackString(error);
    } catch {}
    const frame = /<anonymous>:(\\d+):(\\d+)\\)?\\n/.exec(\`\${stack}\\n\`);
    return frame ? \`\${frame[1]}:\${frame[2]}\` : '';
  });
  const endowments = { console: quiet, Float32Array, Float64Array, SharedArrayBuffer, Atomics, WebAssembly: harden(WebAssembly), parlorThrownAt: thrownAt };
  const compartment = () => new Compartment({ __options__: true, globals: { ...endowments, Math: seededMath() } });
  const names = Object.getOwnPropertyNames(compartment().globalThis).filter(
    (name) => /^[A-Za-z_$][\\w$]*$/.test(name) && !['eval', 'undefined', 'NaN', 'Infinity'].includes(name),
  );
  return (code) => {
    const copies = [];
    let evaluations = 0;
    // The comment naming the copy makes each a source of its own: V8 would hand back the first
    // copy's compiled functions for the same text.
    const compile = (copy) => {
      const compiler = new Compartment({ __options__: true, globals: endowments });
      harden(compiler.globalThis);
      return compiler.evaluate(\`(function (\${names.join(', ')}) { return \${code}; })\n// copy \${copy}\`);
    };
    return () => {
      // The first evaluation only reads the strategy's description (the load): the first seat
      // shares its copy, and a process that plays one seat compiles once.
      const copy = Math.max(0, evaluations++ - 1) % ${COPIES};
      const run = (copies[copy] ??= compile(copy));
      const globals = compartment().globalThis;
      return run(...names.map((name) => globals[name]));
    };
  };
})()`;

/**
 * Object.freeze as lockdown and harden will use it: the same result (every property fixed, the
 * object not extensible), reached by fixing the properties first. V8 (Node 20) turns a native
 * freeze of an object with writable properties into a shape under which typed arrays whose
 * prototype chain holds it (Object.prototype, %TypedArray%.prototype) take a slow path for every
 * element read and write: about 50 times slower in a realm SES locked down, measured. Arrays keep
 * the native freeze, which leaves their elements fast.
 */
const FAST_FREEZE = `(() => {
  const { freeze, getOwnPropertyDescriptor, defineProperty, preventExtensions } = Object;
  const { ownKeys } = Reflect;
  const { isView } = ArrayBuffer;
  const { isArray } = Array;
  Object.freeze = {
    freeze(object) {
      if (((typeof object === 'object' && object !== null) || typeof object === 'function') && !isView(object) && !isArray(object)) {
        for (const key of ownKeys(object)) {
          const descriptor = getOwnPropertyDescriptor(object, key);
          if (!descriptor.configurable && !descriptor.writable) continue;
          if ('value' in descriptor) descriptor.writable = false;
          descriptor.configurable = false;
          defineProperty(object, key, descriptor);
        }
        preventExtensions(object);
      }
      return freeze(object);
    },
  }.freeze;
})()`;

let evaluator: CompartmentEvaluator | null = null;

/**
 * One realm per thread for every confined strategy: a fresh V8 context, its intrinsics hardened by
 * SES's lockdown, so a strategy cannot alter Int8Array.prototype.set or any other built-in, nor
 * reach the runner's realm, whose built-ins stay as Node made them. Each seat then evaluates its
 * strategy in a compartment of its own (see strategy.ts). Promise jobs queued in the realm run
 * only after a script evaluated there, and none is after setup: a strategy's asynchronous work
 * never runs, so nothing it starts can go on past the move limit.
 */
export function compartmentEvaluator(): CompartmentEvaluator {
  if (evaluator) return evaluator;
  const context = createContext(Object.create(null), { name: 'confined strategies', microtaskMode: 'afterEvaluate' });
  const require = createRequire(import.meta.url);
  const ses = join(dirname(require.resolve('ses')), 'ses.umd.js');
  new Script(FAST_FREEZE).runInContext(context);
  new Script(readFileSync(ses, 'utf8'), { filename: ses }).runInContext(context);
  // Errors keep their stacks for the failure lines; the quiet console is the compartments' own.
  new Script(`lockdown({ errorTaming: 'safe', consoleTaming: 'unsafe', reporting: 'none' })`).runInContext(context);
  evaluator = new Script(COMPARTMENT_MAKER).runInContext(context) as CompartmentEvaluator;
  return evaluator;
}

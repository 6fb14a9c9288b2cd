import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script, createContext } from 'node:vm';

/** Evaluates a script in a compartment of its own and returns its completion value. */
export type CompartmentEvaluator = (code: string) => unknown;

// Made inside the realm, so that nothing the runner's realm owns is ever handed in: the options,
// the quiet console and every compartment are objects of the confined realm. A compartment's
// Math.random (SES removes the shared one) is a generator of its own from a fixed seed
// (mulberry32): code that calls it, seedrandom's loading among it, works and plays the same
// every run. Strategies draw their moves from the seat's stream all the same. SES leaves the float
// arrays out of compartments for a NaN side channel between compartments that share objects;
// seats share none, and strategies use them.
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
  return (code) => new Compartment({ __options__: true, globals: { console: quiet, Math: seededMath(), Float32Array, Float64Array } }).evaluate(code);
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
  new Script(readFileSync(ses, 'utf8'), { filename: ses }).runInContext(context);
  // Errors keep their stacks for the failure lines; the quiet console is the compartments' own.
  new Script(`lockdown({ errorTaming: 'safe', consoleTaming: 'unsafe', reporting: 'none' })`).runInContext(context);
  evaluator = new Script(COMPARTMENT_MAKER).runInContext(context) as CompartmentEvaluator;
  return evaluator;
}

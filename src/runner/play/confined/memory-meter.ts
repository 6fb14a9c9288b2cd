import { getHeapStatistics } from 'node:v8';

/**
 * What a thread's strategy files allocate outside the JavaScript heap. V8 keeps the memory of
 * ArrayBuffers (every typed array's) outside the heap, where the thread's heap limit
 * (--worker-memory) does not reach: a file that kept allocating them would take the machine's
 * memory until the system ended the whole process. So the confined realm's every way of making a
 * buffer counts the bytes it made: the constructors of the buffers and of each typed array, and the
 * built-in methods that copy, whichever constructor they copy into. No buffer may be made
 * resizable, which would reserve the address space of its most at once. Every PROBE_BYTES made,
 * the meter asks the thread whether its buffers and its heap together have passed the heap's
 * limit. Past it, the allocation that asked throws a RangeError, and so does every later one until
 * collections bring the thread back under: memory stays within about the limit. Whatever the
 * strategy makes of the error, its call crashes (memoryRefusals), as one that fills the heap does.
 * Counting is all the realm does on the way: asking costs a look at the heap's figures, a few
 * microseconds per PROBE_BYTES. WebAssembly memories are counted by the seat's own limits
 * (realm.ts), at the most each may grow to, and weighed against the thread's with the function the
 * meter returns.
 *
 * The constructors are replaced before SES's lockdown, with each prototype's `constructor`, so no
 * typed array leads back to a constructor that does not count.
 */
export const MEMORY_METER = `(pastLimit, refusals) => {
  'use strict';
  const PROBE_BYTES = ${32 * 2 ** 20};
  const { apply, construct, defineProperty, getPrototypeOf, setPrototypeOf } = Reflect;
  const { defineProperties, getOwnPropertyDescriptors } = Object;
  let sinceProbe = 0;
  let full = false;
  const refuse = () => {
    refusals[0]++;
    throw new RangeError('Array buffer allocation failed: the thread holds as much memory as --worker-memory allows');
  };
  // A request alone of PROBE_BYTES or more is weighed before anything is made.
  const request = (bytes) => {
    if (bytes >= PROBE_BYTES && pastLimit(bytes)) refuse();
  };
  const charge = (bytes) => {
    sinceProbe += bytes;
    if (!full && sinceProbe < PROBE_BYTES) return;
    sinceProbe = 0;
    full = pastLimit(0);
    if (full) refuse();
  };
  const getter = (prototype, name) => getOwnPropertyDescriptors(prototype)[name].get;
  const TypedArray = getPrototypeOf(Int8Array);
  const viewBuffer = getter(TypedArray.prototype, 'buffer');
  const viewBytes = getter(TypedArray.prototype, 'byteLength');
  const bufferBytes = getter(ArrayBuffer.prototype, 'byteLength');
  const sharedBytes = getter(SharedArrayBuffer.prototype, 'byteLength');
  const requested = (length, unit) => (typeof length === 'number' && length > 0 ? length * unit : 0);
  // The constructor that counts, in the original's place: same statics, same prototype, and the
  // prototype's constructor pointing at it. made(args, result) says how many bytes a call made.
  const counting = (name, made, unit, sized) => {
    const Original = globalThis[name];
    const Counting = function (...args) {
      if (new.target === undefined) throw new TypeError(\`Constructor \${name} requires 'new'\`);
      const given = sized ? sized(args) : args;
      request(requested(given[0], unit));
      const result = construct(Original, given, new.target);
      charge(made(args, result));
      return result;
    };
    const statics = getOwnPropertyDescriptors(Original);
    delete statics.prototype;
    delete statics.name;
    delete statics.length;
    defineProperties(Counting, statics);
    defineProperty(Counting, 'name', { value: name });
    defineProperty(Counting, 'length', { value: Original.length });
    defineProperty(Counting, 'prototype', { value: Original.prototype });
    setPrototypeOf(Counting, getPrototypeOf(Original));
    defineProperty(Original.prototype, 'constructor', { value: Counting, writable: true, configurable: true });
    globalThis[name] = Counting;
  };
  const ownBuffer = (args, view) => (apply(viewBuffer, view, []) === args[0] ? 0 : apply(viewBytes, view, []));
  for (const name of ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
    'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']) {
    counting(name, ownBuffer, globalThis[name].BYTES_PER_ELEMENT);
  }
  // A buffer that may grow reserves the address space of its most (maxByteLength) at once, out of
  // what the whole process shares and counted by nothing: a strategy's buffers are of one size.
  const fixedLength = (name) => (args) => {
    const options = args[1];
    if (options !== undefined && options !== null && options.maxByteLength !== undefined) {
      throw new TypeError(\`\${name}: a strategy's buffers cannot grow (no maxByteLength)\`);
    }
    return [args[0]];
  };
  counting('ArrayBuffer', (_args, buffer) => apply(bufferBytes, buffer, []), 1, fixedLength('ArrayBuffer'));
  counting('SharedArrayBuffer', (_args, buffer) => apply(sharedBytes, buffer, []), 1, fixedLength('SharedArrayBuffer'));
  // Methods that make a buffer without a constructor of the realm's globals (those that copy into
  // the built-in constructor when the caller's species is undefined among them): counted by what
  // they made.
  const countResult = (prototype, name, bytesOf) => {
    const original = prototype[name];
    if (typeof original !== 'function') return;
    const method = {
      [name](...args) {
        const result = apply(original, this, args);
        charge(apply(bytesOf, result, []));
        return result;
      },
    }[name];
    defineProperty(prototype, name, { value: method, writable: true, configurable: true });
  };
  for (const name of ['toReversed', 'toSorted', 'with', 'slice', 'map', 'filter']) countResult(TypedArray.prototype, name, viewBytes);
  for (const name of ['slice', 'transfer', 'transferToFixedLength']) countResult(ArrayBuffer.prototype, name, bufferBytes);
  countResult(SharedArrayBuffer.prototype, 'slice', sharedBytes);
  // For the seats' WebAssembly memories (realm.ts), which no constructor here makes: refuses, as
  // an allocation past the limit is, when the thread's memory with that many bytes more would pass it.
  return (bytes) => {
    if (pastLimit(bytes)) refuse();
  };
}`;

/**
 * How many allocations the realm's meter has refused in this thread: a call to a strategy during
 * which the count moved met the limit, and crashes.
 */
export const memoryRefusals = new Int32Array(1);

/**
 * Whether the thread's memory outside the heap, with `bytes` more, and its heap's together pass
 * the heap's limit: the realm's buffers then count against --worker-memory with the rest.
 */
export function pastLimit(bytes: number): boolean {
  const heap = getHeapStatistics();
  return heap.external_memory + heap.used_heap_size + bytes > heap.heap_size_limit;
}

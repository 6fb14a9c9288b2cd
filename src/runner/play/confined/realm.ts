import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script, createContext } from 'node:vm';
import { MEMORY_METER, memoryRefusals, pastLimit } from './memory-meter.ts';

/**
 * Compiles a script and returns a function that readies a compartment of its own for it at each
 * call, and returns its evaluation there: each evaluation has module state of its own. Readying is
 * parlor's own work (a compiled copy, a fresh compartment); the evaluation runs the script, whose
 * caller puts it under the limit that holds for it.
 */
export type CompartmentEvaluator = (code: string) => () => Evaluation;

/**
 * Runs the script in its compartment, once: what the script's first code exported
 * (`parlorExport(value)`), or why the script threw, as text. The script's first code is parlor's
 * own (confined-seat.ts), and only the first export counts, so what the runner gets is never an
 * object the strategy made; a thrown value never leaves the realm.
 */
export type Evaluation = () => { readonly exported: unknown } | { readonly failure: string };

/** The most characters of a strategy's error that parlor shows: a message is the strategy's to make as long as it likes. */
const REASON_CHARACTERS = 1000;

// Made inside the realm, so that nothing the runner's realm owns is ever handed in: the options,
// the quiet console and every compartment are objects of the confined realm. A compartment's
// Math.random (SES removes the shared one) is a generator of its own from a fixed seed
// (mulberry32): code that calls it, seedrandom's loading among it, works and plays the same
// every run. Strategies draw their moves from the seat's stream all the same. SES leaves the float
// arrays out of compartments for a NaN side channel between compartments that share objects, and
// SharedArrayBuffer and Atomics for timers that threads sharing memory make: seats share no object
// and start no thread, and strategies use them (Atomics.wait idles within the move limit; the
// realm has no waitAsync, see compartmentEvaluator). It leaves out WebAssembly too, which a game
// whose engine runs compiled needs (Game.engineBinary): a module runs in the seat's own sandbox and
// reaches only the functions the seat hands it, so each seat gets a WebAssembly of its own, within limits (SEAT_WEBASSEMBLY). A compartment evaluates
// code inside a with-statement over its global object, which makes every global a name looked up
// through a proxy at each use (Love Letter and SpeedClue games 1.5 to 3 times slower, measured):
// the code is evaluated inside a function that takes every global as a parameter, so its names
// resolve as plain variables. That function is compiled in a compartment whose global object is
// frozen, which has no WebAssembly, and whose Math.random is SES's, which throws (the only name
// not passed, eval, reaches it): each call then hands it the globals of a fresh compartment.
// Compiling the bundle for every seat (its parse, SES's checks of the source, Node's look for a
// source map) more than doubled a seat's setup (5.6 ms against 2.6, measured), which a bot played
// through the protocol pays every round. But the seats of one compiled copy share its functions'
// type feedback, and each seat's module has classes of its own (the view's, the event's, the
// strategy's): with four seats on one copy, V8 optimizes for four shapes at every property read:
// four confined Hearts seats played 15% fewer games a second than with a copy each (measured). So
// a script is compiled up to COPIES times, a copy per seat in turn: a table's seats each get one,
// and the seats of many tables or rounds share them.
const COPIES = 8;

/**
 * What one seat may make with WebAssembly over its whole life. Every memory reserves address space
 * (some 10 GiB on 64-bit Linux, whatever its size) out of what the whole process shares, room for
 * some 13,000 memories: a seat that could take from it at will would stop the engine's own states,
 * and would tell other seats, by how many more they can make, what it holds. Far below that room for
 * every seat a process plays, these limits leave a seat nothing that another seat's use changes.
 * They count what was made, never what was collected: when a memory is freed depends on collections
 * that other seats' allocations bring on. A memory's pages are its maximum, what it may grow to.
 * Dominion's engine takes one module a seat, and an instance with a memory of one page (at most) for
 * each state the seat makes (createSearchState).
 */
export const SEAT_WEBASSEMBLY = { modules: 4, moduleBytes: 4 << 20, instances: 16, memories: 8, pages: 1024 } as const;

const COMPARTMENT_MAKER = `((reserve) => {
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
  // Why a strategy's code threw, as text and nothing else, whatever it threw: the message, led by
  // the error's kind unless it is a plain Error or parlor's own (Errors.badStrategyParam, say,
  // whose message says it all, as it does for a trusted file). It is called within the
  // call that threw, under that call's limit: reading the error or showing a value that is not an
  // Error runs the strategy's code (a getter, a toString), which may loop or throw in turn.
  const reasonOf = harden((error) => {
    let reason;
    try {
      if (error instanceof Error) {
        const { name, message } = error;
        const text = typeof message === 'string' ? message : '[a message that is not a string]';
        reason = typeof name === 'string' && name !== 'Error' && name !== 'ParlorError' ? name + ': ' + text : text;
      } else reason = String(error);
    } catch {
      reason = 'threw a value that cannot be shown';
    }
    // An empty detail would read as parlor having nothing to say of the failure.
    if (reason === '') reason = '[an empty message]';
    return reason.length > ${REASON_CHARACTERS} ? reason.slice(0, ${REASON_CHARACTERS}) + '...' : reason;
  });
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
  // A seat's WebAssembly: the realm's, whose Module, Instance and Memory count what the seat makes
  // against SEAT_WEBASSEMBLY and throw a RangeError in the seat past it. The built-in prototypes
  // lose their constructor link, so no module, instance or memory leads back to the realm's own
  // constructors, which nothing counts.
  const seatWebAssembly = (() => {
    const { Module, Instance, Memory } = WebAssembly;
    for (const maker of [Module, Instance, Memory]) delete maker.prototype.constructor;
    harden(WebAssembly);
    const { apply, construct } = Reflect;
    const getter = (prototype, name) => Object.getOwnPropertyDescriptor(prototype, name).get;
    const viewGetters = [Object.getPrototypeOf(Uint8Array.prototype), DataView.prototype].map((prototype) =>
      ['buffer', 'byteOffset', 'byteLength'].map((name) => getter(prototype, name)),
    );
    const bufferLengths = [ArrayBuffer.prototype, SharedArrayBuffer.prototype].map((prototype) => getter(prototype, 'byteLength'));
    // A copy of a module's bytes, read through the built-in getters, so that the bytes measured are
    // those compiled, whatever the caller's object does; null for anything but a buffer source.
    const bytesOf = (source) => {
      if (ArrayBuffer.isView(source)) {
        for (const [buffer, offset, length] of viewGetters) {
          try {
            return new Uint8Array(apply(buffer, source, []), apply(offset, source, []), apply(length, source, [])).slice();
          } catch {}
        }
      }
      for (const length of bufferLengths) {
        try {
          apply(length, source, []);
          return new Uint8Array(source).slice();
        } catch {}
      }
      return null;
    };
    // The memories a module defines (one it imports is its maker's) and the most pages each may grow
    // to, from its memory section: read once the module has compiled, so its sections are well
    // formed. A memory with no maximum could grow, by the module's own instructions, past anything
    // counted: its pages are unbounded (Infinity), which no seat's limit allows.
    const definedMemories = (bytes) => {
      let at = 8;
      const number = () => {
        let value = 0;
        for (let scale = 1; ; scale *= 128) {
          const byte = bytes[at++] ?? 0;
          value += (byte & 127) * scale;
          if (byte < 128) return value;
        }
      };
      while (at < bytes.length) {
        const section = bytes[at++];
        const size = number();
        if (section === 5) {
          const count = number();
          let pages = 0;
          let initial = 0;
          for (let memory = 0; memory < count; memory++) {
            const flags = bytes[at++];
            initial += number();
            pages += flags & 1 ? number() : Infinity;
          }
          return { count, pages, initial };
        }
        at += size;
      }
      return { count: 0, pages: 0, initial: 0 };
    };
    // Every memory takes memory outside the heap, which the thread's limit (--worker-memory) holds
    // with its buffers: the seat's own limits bound one seat, but a thread plays many (a
    // tournament's every seating keeps its table). So a memory is weighed, at its most, against
    // what the thread holds, as a buffer is (memory-meter.ts), with the room the memories made
    // before and still alive have to grow, which their instructions may take with no call to weigh:
    // past the limit it is refused, and the call crashes. A memory counts while its instance or
    // the memory itself may still be reached (WeakRef), and at its most less its first size.
    const PAGE_BYTES = 65536;
    let growable = [];
    const exportsOf = getter(Instance.prototype, 'exports');
    const exported = Module.exports;
    const weigh = (pages) => {
      let room = 0;
      growable = growable.filter(({ refs, bytes }) => refs.some((ref) => ref.deref() !== undefined) && ((room += bytes), true));
      reserve(room + pages * PAGE_BYTES);
    };
    const mayGrow = (refs, pages, initial) => {
      if (pages > initial) growable.push({ refs: refs.map((target) => new WeakRef(target)), bytes: (pages - initial) * PAGE_BYTES });
    };
    const defined = new WeakMap();
    const limits = ${JSON.stringify(SEAT_WEBASSEMBLY)};
    const units = { modules: 'modules', moduleBytes: 'bytes of modules', instances: 'instances', memories: 'memories', pages: 'pages of memory' };
    const passed = {};
    for (const name of ['CompileError', 'LinkError', 'RuntimeError', 'Table', 'Global', 'Tag', 'Exception', 'validate']) {
      if (name in WebAssembly) passed[name] = WebAssembly[name];
    }
    const withNew = (target, name) => {
      if (target === undefined) throw new TypeError('WebAssembly.' + name + " must be invoked with 'new'");
    };
    const promised = (make) => {
      try {
        return Promise.resolve(make());
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return () => {
      const made = { modules: 0, moduleBytes: 0, instances: 0, memories: 0, pages: 0 };
      const take = (caller, costs) => {
        const kinds = Object.keys(costs);
        for (const kind of kinds) {
          if (made[kind] + costs[kind] > limits[kind]) {
            throw new RangeError(caller + ': a seat may make at most ' + limits[kind] + ' ' + units[kind] + ' with WebAssembly');
          }
        }
        for (const kind of kinds) made[kind] += costs[kind];
      };
      const seat = {
        Module: function (source) {
          withNew(new.target, 'Module');
          const bytes = bytesOf(source);
          if (bytes === null) throw new TypeError('WebAssembly.Module(): Argument 0 must be a buffer source');
          take('WebAssembly.Module()', { modules: 1, moduleBytes: bytes.length });
          const module = construct(Module, [bytes], new.target);
          defined.set(module, definedMemories(bytes));
          return module;
        },
        Instance: function (module, imports) {
          withNew(new.target, 'Instance');
          const memories = defined.get(module);
          if (memories === undefined) throw new TypeError('WebAssembly.Instance(): Argument 0 must be a WebAssembly.Module');
          take('WebAssembly.Instance()', { instances: 1, memories: memories.count, pages: memories.pages });
          if (memories.count > 0) weigh(memories.pages);
          const instance = construct(Instance, [module, imports], new.target);
          if (memories.count > 0) {
            const values = apply(exportsOf, instance, []);
            const memoriesOut = exported(module).filter(({ kind }) => kind === 'memory').map(({ name }) => values[name]);
            mayGrow([instance, ...memoriesOut], memories.pages, memories.initial);
          }
          return instance;
        },
        Memory: function (descriptor) {
          withNew(new.target, 'Memory');
          if ((typeof descriptor !== 'object' && typeof descriptor !== 'function') || descriptor === null) {
            throw new TypeError('WebAssembly.Memory(): Argument 0 must be a memory descriptor');
          }
          // Each field read once, and handed on as a number: the memory made is the one counted, at
          // the most it may grow to (grow() then takes nothing more), so a maximum is required.
          const { initial, maximum, shared } = descriptor;
          if (maximum === undefined) throw new TypeError("WebAssembly.Memory(): a seat's memory must declare its maximum");
          const sized = { initial: initial === undefined ? undefined : +initial, maximum: +maximum };
          if (shared !== undefined) sized.shared = !!shared;
          const pages = Math.trunc(sized.maximum);
          // Nothing is counted for a descriptor the realm's Memory refuses.
          const counted = pages >= 0 && sized.initial <= sized.maximum;
          if (counted) {
            take('WebAssembly.Memory()', { memories: 1, pages });
            weigh(pages);
          }
          const memory = construct(Memory, [sized], new.target);
          if (counted) mayGrow([memory], pages, Math.trunc(sized.initial));
          return memory;
        },
      };
      seat.Module.prototype = Module.prototype;
      seat.Instance.prototype = Instance.prototype;
      seat.Memory.prototype = Memory.prototype;
      for (const name of ['exports', 'imports', 'customSections']) seat.Module[name] = Module[name];
      const namespace = {
        ...passed,
        ...seat,
        compile: (source) => promised(() => new seat.Module(source)),
        instantiate: (source, imports) =>
          promised(() => {
            if (defined.has(source)) return new seat.Instance(source, imports);
            const module = new seat.Module(source);
            return { module, instance: new seat.Instance(module, imports) };
          }),
        [Symbol.toStringTag]: 'WebAssembly',
      };
      // The namespace and its functions are the seat's alone and stay unfrozen, as its other globals
      // do: what they lead to that seats share (the built-in prototypes and functions) is hardened
      // above, and freezing them made a seat's compartment some 60% slower to make (measured).
      return namespace;
    };
  })();
  // The compartment that compiles the copies gets no WebAssembly: every seat of a copy reaches its
  // global object through eval, and would share what that one made.
  const endowments = {
    console: quiet,
    Float32Array,
    Float64Array,
    SharedArrayBuffer,
    Atomics,
    parlorThrownAt: thrownAt,
    parlorReason: reasonOf,
  };
  const compartment = (parlorExport) =>
    new Compartment({ __options__: true, globals: { ...endowments, Math: seededMath(), WebAssembly: seatWebAssembly(), parlorExport } });
  const names = Object.getOwnPropertyNames(compartment(() => {}).globalThis).filter(
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
      let run;
      try {
        run = copies[copy] ??= compile(copy);
      } catch (error) {
        // SES refuses some source text (an import expression, an HTML comment) as it compiles.
        const failure = reasonOf(error);
        return () => ({ failure });
      }
      let exported;
      let exportedYet = false;
      const globals = compartment((value) => {
        if (exportedYet) return;
        exportedYet = true;
        exported = value;
      }).globalThis;
      const globalValues = names.map((name) => globals[name]);
      return () => {
        try {
          run(...globalValues);
          return { exported };
        } catch (error) {
          return { failure: reasonOf(error) };
        }
      };
    };
  };
})`;

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

/**
 * The realm's Date as a host in UTC with no locale would have it, whatever this machine's time zone
 * (TZ) and language (LANG): V8 takes both from the process, and the local-time methods, the
 * constructor's year-month-day form, the parsing of a string without a zone and toString (the
 * zone's name in the machine's language) would tell a strategy where and for whom the run plays,
 * and make its play, and so a seeded run's results, depend on the machine that plays it. Every
 * local-time method reads and writes UTC, the offset is 0, a string without a zone is read as UTC,
 * and toString names Coordinated Universal Time in English. Run before SES loads: lockdown then
 * tames this constructor (no clock) and makes the locale methods these toString methods.
 */
const UTC_DATE = `(() => {
  const RealDate = Date;
  const prototype = RealDate.prototype;
  const { apply, construct, defineProperty } = Reflect;
  const { UTC, parse } = RealDate;
  const getTime = prototype.getTime;
  const setTime = prototype.setTime;
  for (const name of ['Date', 'Day', 'FullYear', 'Hours', 'Milliseconds', 'Minutes', 'Month', 'Seconds']) {
    const get = prototype['getUTC' + name];
    defineProperty(prototype, 'get' + name, { value: { ['get' + name]() { return apply(get, this, []); } }['get' + name] });
    if (name === 'Day') continue;
    const set = prototype['setUTC' + name];
    defineProperty(prototype, 'set' + name, { value: { ['set' + name](...values) { return apply(set, this, values); } }['set' + name] });
  }
  const { getUTCFullYear, setUTCFullYear } = prototype;
  const methods = {
    getTimezoneOffset() {
      const time = apply(getTime, this, []);
      return time === time ? 0 : NaN;
    },
    getYear() {
      return apply(getUTCFullYear, this, []) - 1900;
    },
    setYear(year) {
      const time = apply(getTime, this, []);
      const full = +year;
      if (full !== full) return apply(setTime, this, [NaN]);
      const whole = Math.trunc(full);
      if (time !== time) apply(setTime, this, [0]);
      return apply(setUTCFullYear, this, [whole >= 0 && whole <= 99 ? 1900 + whole : whole]);
    },
    toString() {
      const time = apply(getTime, this, []);
      return time === time ? dateText(this) + ' ' + timeText(this) : 'Invalid Date';
    },
    toDateString() {
      const time = apply(getTime, this, []);
      return time === time ? dateText(this) : 'Invalid Date';
    },
    toTimeString() {
      const time = apply(getTime, this, []);
      return time === time ? timeText(this) : 'Invalid Date';
    },
  };
  for (const name of Object.keys(methods)) defineProperty(prototype, name, { value: methods[name] });
  const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (value) => (value < 10 ? '0' : '') + value;
  const { getUTCDay, getUTCMonth, getUTCDate, getUTCHours, getUTCMinutes, getUTCSeconds } = prototype;
  const read = (date, getter) => apply(getter, date, []);
  const dateText = (date) => {
    const year = read(date, getUTCFullYear);
    const digits = String(Math.abs(year)).padStart(4, '0');
    return DAYS[read(date, getUTCDay)] + ' ' + MONTHS[read(date, getUTCMonth)] + ' ' + two(read(date, getUTCDate)) + ' ' + (year < 0 ? '-' : '') + digits;
  };
  const timeText = (date) =>
    two(read(date, getUTCHours)) + ':' + two(read(date, getUTCMinutes)) + ':' + two(read(date, getUTCSeconds)) + ' GMT+0000 (Coordinated Universal Time)';
  // The date-time string format: a date alone is UTC already, and a time with no zone is read as
  // one with Z. Any other string goes to the engine's fallback reader, which reads local time
  // unless the string names a zone (Z, UT, UTC, GMT, the US zones or an offset after the time,
  // what is in parentheses aside): one without is read with GMT after it, which that reader takes
  // as the zone whatever came before.
  const ISO_TIME_WITHOUT_ZONE = /^[+-]?\\d{4,6}-\\d\\d-\\d\\dT\\d\\d:\\d\\d(?::\\d\\d(?:\\.\\d+)?)?$/;
  const ZONE_NAMED = /(?:^|[^a-z])(?:z|ut|utc|gmt|[ecmp][sd]t)(?![a-z])|:\\d\\d(?:[:.]\\d+)*\\s*[+-]\\d/i;
  const utcParse = (value) => {
    const text = String(value);
    if (ISO_TIME_WITHOUT_ZONE.test(text)) return parse(text + 'Z');
    return parse(ZONE_NAMED.test(text.replace(/\\([^)]*\\)/g, ' ')) ? text : text + ' GMT');
  };
  const isObject = (value) => (typeof value === 'object' && value !== null) || typeof value === 'function';
  const refused = () => new TypeError('Cannot convert object to primitive value');
  // What the constructor makes of its one argument (ToPrimitive with no hint): an object the
  // strategy made may turn into a string, which must be read as the others are.
  const primitive = (value) => {
    const exotic = value[Symbol.toPrimitive];
    if (exotic !== undefined && exotic !== null) {
      const result = apply(exotic, value, ['default']);
      if (isObject(result)) throw refused();
      return result;
    }
    for (const name of ['valueOf', 'toString']) {
      const method = value[name];
      if (typeof method === 'function') {
        const result = apply(method, value, []);
        if (!isObject(result)) return result;
      }
    }
    throw refused();
  };
  const UtcDate = function Date(...values) {
    if (new.target === undefined) return apply(RealDate, undefined, values);
    if (values.length === 0) return construct(RealDate, [], new.target);
    if (values.length === 1) {
      let [value] = values;
      if (isObject(value)) {
        let time;
        try {
          time = apply(getTime, value, []);
        } catch {
          value = primitive(value);
        }
        if (time !== undefined) return construct(RealDate, [time], new.target);
      }
      return construct(RealDate, [typeof value === 'string' ? utcParse(value) : value], new.target);
    }
    const numbers = [];
    for (let i = 0; i < values.length && i < 7; i++) numbers.push(+values[i]);
    return construct(RealDate, [apply(UTC, undefined, numbers)], new.target);
  };
  Object.defineProperties(UtcDate, {
    length: { value: 7 },
    prototype: { value: prototype, writable: false, enumerable: false, configurable: false },
    now: { value: RealDate.now, writable: true, configurable: true },
    parse: { value: { parse: (value) => utcParse(value) }.parse, writable: true, configurable: true },
    UTC: { value: UTC, writable: true, configurable: true },
  });
  defineProperty(prototype, 'constructor', { value: UtcDate, writable: true, configurable: true });
  globalThis.Date = UtcDate;
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
  new Script(UTC_DATE).runInContext(context);
  // Each Atomics.waitAsync call leaves a waiter (with a timeout, a timer too) in V8's memory outside
  // the heap until the cell is notified, which no seat's cell ever is: a strategy calling it in a
  // loop took gigabytes past --worker-memory, then the thread hung. What it promises would reach a
  // strategy only through the realm's promise jobs, which never run: it serves no strategy.
  new Script('delete Atomics.waitAsync').runInContext(context);
  // Before SES loads: it takes the built-ins it finds as the realm's intrinsics, the counting ones.
  type Meter = (limit: typeof pastLimit, refusals: Int32Array) => (bytes: number) => void;
  const reserve = (new Script(MEMORY_METER).runInContext(context) as Meter)(pastLimit, memoryRefusals);
  new Script(readFileSync(ses, 'utf8'), { filename: ses }).runInContext(context);
  // Errors keep their stacks for the failure lines; the quiet console is the compartments' own.
  new Script(`lockdown({ errorTaming: 'safe', consoleTaming: 'unsafe', reporting: 'none' })`).runInContext(context);
  // Named, so that parlorThrownAt passes over the frames of a seat's WebAssembly refusing: the
  // place it finds is then the strategy's call.
  const maker = new Script(COMPARTMENT_MAKER, { filename: 'parlor-confined-realm.js' }).runInContext(context);
  evaluator = (maker as (weigh: typeof reserve) => CompartmentEvaluator)(reserve);
  return evaluator;
}

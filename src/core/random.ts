import seedrandom from 'seedrandom';

/**
 * A run's master key: four 32-bit words drawn once from the user's seed string by seedrandom.
 * Everything random in a run derives from this key plus stable coordinates (game index, stream,
 * index), never from worker id or batch layout, so results do not depend on how work is split.
 */
export type MasterKey = Uint32Array;

/** The key a seed string stands for, as a run derives it: to play or replay games from code (playGame) exactly as a run with that seed does. */
export function masterKey(seed: string): MasterKey {
  // ARC4 key scheduling is slow-ish, so it runs once per run, never per game.
  const source = seedrandom(unambiguous(seed));
  const key = new Uint32Array(4);
  for (let i = 0; i < 4; i++) key[i] = source.int32() >>> 0;
  return key;
}

/**
 * seedrandom keys ARC4 with the seed's character codes cut to one byte and repeated, so '1', '11'
 * and '111' would share a key, as would characters equal in their low byte. Its UTF-8 bytes led by
 * their count make every seed string a key of its own.
 */
function unambiguous(seed: string): string {
  const bytes = utf8Bytes(seed);
  return `${bytes.length}:${bytes}`;
}

/**
 * The UTF-8 bytes of `text`, one character each, lone surrogates as U+FFFD (as TextEncoder has
 * it). Built from the language's own functions: confined strategies, which have no TextEncoder,
 * derive keys with this module too.
 */
function utf8Bytes(text: string): string {
  return unescape(encodeURIComponent((text as string & { toWellFormed(): string }).toWellFormed()));
}

/** Stream tags keep the deal streams and the seat streams of one game independent. */
export const Streams = {
  DEAL: 1,
  SEAT: 2,
  CHANCE: 3,
  /** Resampling of a run's results (rating intervals), apart from every stream that plays games. */
  BOOTSTRAP: 4,
  /** The signs of a tuning run's perturbations, one stream per iteration. */
  PERTURBATION: 5,
} as const;

const TWO_POW_32 = 4294967296;
/**
 * Draws scale by this rather than divide by 2^32: a power of two, so the product is exactly the
 * quotient, bit for bit, and V8 emits a real division for the quotient (several times the cost
 * of a multiply, on every draw).
 */
const INVERSE_TWO_POW_32 = 1 / TWO_POW_32;
/** The most items Rng.shuffle takes. */
const SHORT_SHUFFLE = 1 << 15;

/**
 * floor(t * n / 2^32) for the 32 bits `t` read unsigned and n at most 2^15, exactly, in 32-bit
 * integer steps: the high and low halves of t scaled apart, so no product or sum overflows. The
 * uniform integer in [0, n) that Rng.int draws from the same bits.
 */
export function scaleBits(t: number, n: number): number {
  return (((t >>> 16) * n + (((t & 0xffff) * n) >>> 16)) | 0) >>> 16;
}

/**
 * The message a stream's state derives from: game (low and high words), stream, index. A module
 * buffer, so deriving a stream allocates nothing.
 */
const message = new Int32Array(4);

/**
 * sfc32, a small fast chaotic generator with a 128-bit state. The class has a fixed shape and
 * `seed` overwrites it in place, so one instance per seat or deal serves every game without
 * allocating; deriving a stream costs ten add-rotate-xor rounds, not an ARC4 setup.
 */
export class Rng {
  // An Int32Array rather than four number fields: values past 2^30 would turn the fields into
  // boxed doubles, and every step would convert them (measured: about 10x slower).
  private readonly s: Int32Array;

  /** `state`: where the four state words live (a game's engine may keep them in its own memory). */
  constructor(state: Int32Array = new Int32Array(4)) {
    this.s = state;
    // A strategy holds its seat's generator: frozen, it cannot swap the state array for one that
    // throws when the runner seeds the next game.
    Object.freeze(this);
  }

  /**
   * Points this generator at the stream (key, game, stream, index). Its state words are a keyed
   * pseudo-random function of those coordinates, so a stream's state, which whoever holds the
   * generator can read, tells nothing about the key or any other stream: a strategy cannot work
   * out the deals or another seat's draws from its own.
   */
  seed(key: MasterKey, game: number, stream: number, index: number): this {
    // HalfSipHash: its keyed ARX rounds over the 128-bit master key make a pseudo-random function;
    // unlike a chain of invertible mixers, one output reveals neither the key nor the output for
    // other coordinates. Its state stays in locals for all ten rounds.
    const words = message;
    words[0] = game;
    words[1] = Math.floor(game * INVERSE_TWO_POW_32);
    words[2] = stream;
    words[3] = index;
    let v0 = key[0] | 0;
    let v1 = key[1] | 0;
    let v2 = key[2] ^ 0x6c796765;
    let v3 = key[3] ^ 0x74656462;
    const state = this.s;
    for (let round = 0; round < 10; round++) {
      // Rounds 0 to 3 absorb the message words as SipHash-1-3 does: into v3, the round, into v0.
      // Then two squeezes of three rounds, after distinct tweaks of v2, each giving two words
      // that mix all four state words: the state itself never leaves, so the rounds cannot be
      // run back to the key. Every word is already uniform, so sfc32 needs no warm-up.
      const word = round < 4 ? words[round] : 0;
      if (round === 4 || round === 7) v2 ^= round === 4 ? 0xee : 0xef;
      v3 ^= word;
      v0 = (v0 + v1) | 0;
      v1 = (v1 << 5) | (v1 >>> 27);
      v1 ^= v0;
      v0 = (v0 << 16) | (v0 >>> 16);
      v2 = (v2 + v3) | 0;
      v3 = (v3 << 8) | (v3 >>> 24);
      v3 ^= v2;
      v0 = (v0 + v3) | 0;
      v3 = (v3 << 7) | (v3 >>> 25);
      v3 ^= v0;
      v2 = (v2 + v1) | 0;
      v1 = (v1 << 13) | (v1 >>> 19);
      v1 ^= v2;
      v2 = (v2 << 16) | (v2 >>> 16);
      v0 ^= word;
      if (round === 6 || round === 9) {
        const at = round === 6 ? 0 : 2;
        state[at] = v0 ^ v2;
        state[at + 1] = v1 ^ v3;
      }
    }
    return this;
  }

  nextU32(): number {
    return this.nextI32() >>> 0;
  }

  /**
   * The next 32 bits as a signed integer: the same draw as nextU32, whose value is this one
   * taken unsigned. Callers reinterpret them unsigned only in their own arithmetic: a uint32
   * above 2^31 is no small integer to V8, so returning one from a call the JIT did not inline
   * would allocate a heap number per draw.
   */
  nextI32(): number {
    const state = this.s;
    const a = state[0];
    const b = state[1];
    const c = state[2];
    const d = state[3];
    const t = (((a + b) | 0) + d) | 0;
    state[3] = (d + 1) | 0;
    state[0] = b ^ (b >>> 9);
    state[1] = (c + (c << 3)) | 0;
    state[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t;
  }

  /** A uniform integer in [0, n), n at most 2^21 (multiply-shift: bias below 2^-11, no division). */
  int(n: number): number {
    const t = this.nextI32();
    // floor(t * n / 2^32), exactly either way: for the usual small n in 32-bit integer steps, as
    // in shuffle, a short chain where the double's conversions, products and rounding make a long one.
    if (n <= SHORT_SHUFFLE) return scaleBits(t, n);
    return Math.floor((t >>> 0) * n * INVERSE_TWO_POW_32);
  }

  /**
   * Fisher-Yates over items[start .. start + count), last position first, each index drawn as
   * `int(i + 1)` would draw it: the same order and the same stream position as that loop, with
   * the generator's state in locals for the whole shuffle rather than read and written per card.
   */
  shuffle(items: Int8Array, start: number, count: number): void {
    // scaleBits splits each draw into 16-bit halves to stay in 32-bit integers: n at most 2^15.
    if (count > SHORT_SHUFFLE) throw new RangeError(`shuffle of ${count} items: at most ${SHORT_SHUFFLE}`);
    const state = this.s;
    let a = state[0];
    let b = state[1];
    let c = state[2];
    let d = state[3];
    for (let i = count - 1; i > 0; i--) {
      // One step of nextI32(), on the locals.
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      const j = start + scaleBits(t, i + 1);
      const item = items[start + i];
      items[start + i] = items[j];
      items[j] = item;
    }
    state[0] = a;
    state[1] = b;
    state[2] = c;
    state[3] = d;
  }

  /**
   * Fisher-Yates over items[0 .. count), last position first, with three swaps per draw: each
   * swap scales the draw by its range, takes the integer part as its index and keeps the
   * fraction, exactly, in a double. The three indices are the mixed-radix digits of
   * floor(u * n1 * n2 * n3), so they are uniform to within n1 * n2 * n3 / 2^32 (about 2^-15 for a
   * 52-card deck, 2^-20 for 16 cards), at a third of the draws. A draw is taken at the last
   * position and at every multiple of three, as `float()` would give it.
   *
   * The fraction is kept as the 32-bit integer f = u * 2^32 rather than as the double: scaling it
   * by n then gives the index as the high bits of f * n and the next fraction as its low 32 bits
   * (Math.imul), the same numbers bit for bit, since the double held them exactly. The fraction
   * passes from swap to swap through one integer multiply, where the double took a multiply, a
   * rounding and a subtraction in a row.
   */
  shuffleByThrees(items: Int8Array, count: number): void {
    const state = this.s;
    let a = state[0];
    let b = state[1];
    let c = state[2];
    let d = state[3];
    for (let i = count - 1; i > 0;) {
      // One step of nextI32(), on the locals.
      let f = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + f) | 0;
      // This draw serves the positions down to the next multiple of three below i.
      const next = i - (i % 3 || 3);
      for (; i > next && i > 0; i--) {
        const n = i + 1;
        // scaleBits(f, n) written out: a call here, the deal's, costs Love Letter about 2.5% of
        // its games a second (the play loop's inlining budget; measured).
        const j = (((f >>> 16) * n + (((f & 0xffff) * n) >>> 16)) | 0) >>> 16;
        f = Math.imul(f, n);
        const item = items[i];
        items[i] = items[j];
        items[j] = item;
      }
    }
    state[0] = a;
    state[1] = b;
    state[2] = c;
    state[3] = d;
  }

  /** A uniform float in [0, 1). */
  float(): number {
    return (this.nextI32() >>> 0) * INVERSE_TWO_POW_32;
  }

  /** Writes this generator's position into four words: a confined strategy's seat gets it that way. */
  saveState(out: Int32Array): void {
    const state = this.s;
    for (let i = 0; i < 4; i++) out[i] = state[i];
  }

  /** Moves this generator to a position saved by `saveState`. */
  loadState(words: Int32Array): void {
    const state = this.s;
    for (let i = 0; i < 4; i++) state[i] = words[i];
  }

  /** Copies another generator's position, so a search can replay a stream without allocating. */
  copyFrom(other: Rng): this {
    this.s.set(other.s);
    return this;
  }
}

// Strategies import this class: frozen, no strategy can replace a method the deals rely on.
Object.freeze(Rng.prototype);
Object.freeze(Rng);

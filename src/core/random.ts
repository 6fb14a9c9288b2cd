import seedrandom from 'seedrandom';

/**
 * A run's master key: four 32-bit words drawn once from the user's seed string by seedrandom.
 * Everything random in a run derives from this key plus stable coordinates (game index, stream,
 * index), never from worker id or batch layout, so results do not depend on how work is split.
 */
export type MasterKey = Uint32Array;

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
  const bytes = new TextEncoder().encode(seed);
  let text = `${bytes.length}:`;
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/** Stream tags keep the deal streams and the seat streams of one game independent. */
export const Streams = {
  DEAL: 1,
  SEAT: 2,
  CHANCE: 3,
  /** Resampling of a run's results (rating intervals), apart from every stream that plays games. */
  BOOTSTRAP: 4,
} as const;

// murmur3's finaliser: cheap and avalanches every input bit, so nearby game indices give unrelated seeds.
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const TWO_POW_32 = 4294967296;

/**
 * sfc32, a small fast chaotic generator with a 128-bit state. The class has a fixed shape and
 * `seed` overwrites it in place, so one instance per seat or deal serves every game without
 * allocating; deriving a stream costs a few multiplies, not an ARC4 setup.
 */
export class Rng {
  // An Int32Array rather than four number fields: values past 2^30 would turn the fields into
  // boxed doubles, and every step would convert them (measured: about 10x slower).
  private readonly s = new Int32Array(4);

  /** Points this generator at the stream (key, game, stream, index). */
  seed(key: MasterKey, game: number, stream: number, index: number): this {
    const state = this.s;
    const gameLow = game >>> 0;
    const gameHigh = Math.floor(game / TWO_POW_32) >>> 0;
    state[0] = fmix32(key[0] ^ Math.imul(gameLow, 0x9e3779b1) ^ gameHigh);
    state[1] = fmix32(key[1] ^ Math.imul(stream + 1, 0x85ebca77) ^ state[0]);
    state[2] = fmix32(key[2] ^ Math.imul(index + 1, 0xc2b2ae3d) ^ state[1]);
    state[3] = fmix32(key[3] ^ gameLow ^ Math.imul(stream, 0x27d4eb2f) ^ state[2]);
    // The words are already avalanched hashes, so a short warm-up suffices to decorrelate the
    // counter word; sfc32's usual 12 rounds would cost more than a whole deal's shuffle.
    for (let i = 0; i < 4; i++) this.next();
    return this;
  }

  nextU32(): number {
    return this.next() >>> 0;
  }

  /**
   * The next 32 bits as a signed integer. Callers reinterpret them unsigned only in their own
   * arithmetic: a uint32 above 2^31 is no small integer to V8, so returning one from a call the
   * JIT did not inline would allocate a heap number per draw.
   */
  private next(): number {
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
    return Math.floor(((this.next() >>> 0) * n) / TWO_POW_32);
  }

  /** A uniform float in [0, 1). */
  float(): number {
    return (this.next() >>> 0) / TWO_POW_32;
  }

  /** Copies another generator's position, so a search can replay a stream without allocating. */
  copyFrom(other: Rng): this {
    this.s.set(other.s);
    return this;
  }
}

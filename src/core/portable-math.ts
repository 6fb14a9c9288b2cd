// Math.log is left to the engine: V8 has changed its implementation (Node 20's rounds log(3) one
// ulp below the later, correctly rounded one), so a strategy that chose between close candidates
// by Math.log played other games from the same seed under another Node or under Deno, the
// notebooks' kernel. This is the algorithm Node 20's V8 uses (fdlibm's e_log.c), in plain
// arithmetic that every engine rounds alike, so the games and the figures of runs made so far stay
// as they were.

const LN2_HI = 6.9314718036912381649e-1;
const LN2_LO = 1.90821492927058770002e-10;
const TWO54 = 1.8014398509481984e16;
const LG1 = 6.66666666666673513e-1;
const LG2 = 3.999999999940941908e-1;
const LG3 = 2.857142874366239149e-1;
const LG4 = 2.222219843214978396e-1;
const LG5 = 1.818357216161805012e-1;
const LG6 = 1.531383769920937332e-1;
const LG7 = 1.479819860511658591e-1;

const bits = new Float64Array(1);
const words = new Int32Array(bits.buffer);
// The high word of a double: the little-endian layout every platform Node and Deno run on has.
const HIGH = 1;
const LOW = 0;

/** The natural logarithm, the same to the last bit on every engine. */
export function log(x: number): number {
  bits[0] = x;
  let hx = words[HIGH];
  const lx = words[LOW];
  let k = 0;
  if (hx < 0x00100000) {
    if (((hx & 0x7fffffff) | lx) === 0) return -Infinity;
    if (hx < 0) return NaN;
    // Subnormal: scaled into the normal range first.
    k -= 54;
    x *= TWO54;
    bits[0] = x;
    hx = words[HIGH];
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  const i = (hx + 0x95f64) & 0x100000;
  // x (or x / 2) brought into [sqrt(2) / 2, sqrt(2)).
  words[HIGH] = hx | (i ^ 0x3ff00000);
  k += i >> 20;
  const f = bits[0] - 1;
  const dk = k;
  if ((0x000fffff & (2 + hx)) < 3) {
    if (f === 0) return k === 0 ? 0 : dk * LN2_HI + dk * LN2_LO;
    const r = f * f * (0.5 - 0.33333333333333333 * f);
    return k === 0 ? f - r : dk * LN2_HI - (r - dk * LN2_LO - f);
  }
  const s = f / (2 + f);
  const z = s * s;
  const w = z * z;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  const r = t2 + t1;
  if (((hx - 0x6147a) | (0x6b851 - hx)) > 0) {
    const hfsq = 0.5 * f * f;
    return k === 0 ? f - (hfsq - s * (hfsq + r)) : dk * LN2_HI - (hfsq - (s * (hfsq + r) + dk * LN2_LO) - f);
  }
  return k === 0 ? f - s * (f - r) : dk * LN2_HI - (s * (f - r) - dk * LN2_LO - f);
}

// Masks of seats, cards or suits, one bit each: what several engines and the runner ask of them.

/** The lowest bit set in a nonzero mask, as its index. */
export function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/**
 * The number of bits set in a mask, by adding bits in parallel: no loop, so no branch on how many
 * there are for the processor to guess wrong.
 */
export function bitCount(mask: number): number {
  let bits = mask - ((mask >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  bits = (bits + (bits >>> 4)) & 0x0f0f0f0f;
  return Math.imul(bits, 0x01010101) >>> 24;
}

// Cost of pointing a generator at a stream: every game seeds one stream per seat and one per round
// dealt, so this is a fixed cost per game on top of the engine's play.
import { performance } from 'node:perf_hooks';
import { Rng, Streams, masterKey } from '../../src/core/random.ts';
import type { BenchLine } from './engine.ts';

export function benchRandom(options: { readonly quick: boolean }): BenchLine {
  const seeds = options.quick ? 2_000_000 : 20_000_000;
  const key = masterKey('bench');
  const rng = new Rng();
  // The result feeds a checksum so the compiler cannot drop the seeding as unused.
  let checksum = 0;
  for (let game = 0; game < 100_000; game++) checksum ^= rng.seed(key, game, Streams.SEAT, game & 3).nextU32();
  const start = performance.now();
  for (let game = 0; game < seeds; game++) checksum ^= rng.seed(key, game, Streams.SEAT, game & 3).nextU32();
  const nanoseconds = (performance.now() - start) * 1e6;
  return { bench: 'rng-seed', seeds, nsPerSeed: Math.round((nanoseconds / seeds) * 10) / 10, checksum: checksum >>> 0 };
}

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, Streams, masterKey, scaleBits } from '../../src/core/random.ts';

function draw(rng: Rng, count: number): number[] {
  return Array.from({ length: count }, () => rng.nextU32());
}

describe('masterKey', () => {
  test('is a function of the seed string alone', () => {
    assert.deepEqual(masterKey('parlor'), masterKey('parlor'));
  });

  test('gives distinct seeds distinct keys, including repetitions and wide characters', () => {
    // Plain seedrandom keys '1', '11' and '111' alike, and 'ā' like '\u0001'.
    const seeds = ['', '1', '11', '111', '12', '1212', 'ab', 'abab', 'ā', '\u0001', 'a:b', '1:a'];
    const keys = new Set(seeds.map((seed) => masterKey(seed).join(',')));
    assert.equal(keys.size, seeds.length);
  });
});

describe('Rng streams', () => {
  const key = masterKey('streams');

  test('a stream depends only on its coordinates, not on what the generator did before', () => {
    const fresh = draw(new Rng().seed(key, 7, Streams.SEAT, 2), 8);
    const used = new Rng().seed(key, 1, Streams.DEAL, 1);
    draw(used, 100);
    assert.deepEqual(draw(used.seed(key, 7, Streams.SEAT, 2), 8), fresh);
  });

  test('changing any coordinate changes the stream', () => {
    const base = draw(new Rng().seed(key, 7, Streams.SEAT, 2), 4);
    const variants = [
      new Rng().seed(masterKey('other'), 7, Streams.SEAT, 2),
      new Rng().seed(key, 8, Streams.SEAT, 2),
      new Rng().seed(key, 7 + 2 ** 32, Streams.SEAT, 2),
      new Rng().seed(key, 7, Streams.DEAL, 2),
      new Rng().seed(key, 7, Streams.SEAT, 3),
    ];
    for (const variant of variants) assert.notDeepEqual(draw(variant, 4), base);
  });

  test('neighbouring games and seats give unrelated first draws', () => {
    const firsts = new Set<number>();
    for (let game = 0; game < 200; game++) {
      for (let seat = 0; seat < 4; seat++) firsts.add(new Rng().seed(key, game, Streams.SEAT, seat).nextU32());
    }
    assert.equal(firsts.size, 800);
  });

  test('int(n) stays in [0, n) and is close to uniform', () => {
    const rng = new Rng().seed(key, 0, Streams.CHANCE, 0);
    const n = 7;
    const counts = new Array<number>(n).fill(0);
    const samples = 70_000;
    for (let i = 0; i < samples; i++) {
      const value = rng.int(n);
      assert.ok(Number.isInteger(value) && value >= 0 && value < n);
      counts[value]++;
    }
    const expected = samples / n;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 6 degrees of freedom: 22.46 is the 0.999 quantile.
    assert.ok(chiSquare < 22.46, `chi-square ${chiSquare.toFixed(2)}`);
  });

  test('int(n) is floor(u * n / 2^32) of the next 32 bits u, for small and large n alike', () => {
    const rng = new Rng().seed(key, 1, Streams.CHANCE, 0);
    const same = new Rng().seed(key, 1, Streams.CHANCE, 0);
    for (const n of [1, 2, 13, 52, 1000, (1 << 15) - 1, 1 << 15, (1 << 15) + 1, 1 << 20, 1 << 21]) {
      for (let i = 0; i < 2000; i++) assert.equal(rng.int(n), Math.floor((same.nextU32() * n) / 2 ** 32), `n ${n}`);
    }
  });

  test('scaleBits(t, n) is floor(t * n / 2^32) of t read unsigned, at the edges of t and n', () => {
    const edges = [0, 1, 0xffff, 0x10000, 0x7fffffff, -0x80000000, -0x7fffffff, -0x10000, -1];
    const rng = new Rng().seed(key, 2, Streams.CHANCE, 0);
    const bits = [...edges, ...Array.from({ length: 2000 }, () => rng.nextI32())];
    for (const n of [1, 2, 3, 7, 21, 32, 1000, (1 << 15) - 1, 1 << 15]) {
      for (const t of bits) assert.equal(scaleBits(t, n), Math.floor(((t >>> 0) * n) / 2 ** 32), `t ${t}, n ${n}`);
    }
  });

  test('nextI32() is the draw nextU32() gives, read signed', () => {
    const rng = new Rng().seed(key, 3, Streams.CHANCE, 0);
    const same = new Rng().seed(key, 3, Streams.CHANCE, 0);
    for (let i = 0; i < 1000; i++) assert.equal(rng.nextI32(), same.nextU32() | 0);
  });

  test('float() stays in [0, 1)', () => {
    const rng = new Rng().seed(key, 0, Streams.CHANCE, 1);
    for (let i = 0; i < 10_000; i++) {
      const value = rng.float();
      assert.ok(value >= 0 && value < 1);
    }
  });

  test('copyFrom continues the same stream from the same position', () => {
    const original = new Rng().seed(key, 3, Streams.SEAT, 0);
    draw(original, 5);
    const copy = new Rng().copyFrom(original);
    assert.deepEqual(draw(copy, 6), draw(original, 6));
  });
});

test('shuffle orders a slice exactly as a loop of int draws does, and leaves the stream at the same place', () => {
  const key = masterKey('shuffle');
  for (const [start, count] of [
    [0, 1],
    [0, 2],
    [3, 17],
    [40, 87],
    // The longest shuffle there is: every index product at its largest.
    [7, 1 << 15],
  ]) {
    const fast = Int8Array.from({ length: start + count + 5 }, (_, i) => i);
    const slow = Int8Array.from(fast);
    const fastRng = new Rng().seed(key, count, Streams.DEAL, start);
    const slowRng = new Rng().seed(key, count, Streams.DEAL, start);
    fastRng.shuffle(fast, start, count);
    for (let i = count - 1; i > 0; i--) {
      const j = start + slowRng.int(i + 1);
      [slow[start + i], slow[j]] = [slow[j], slow[start + i]];
    }
    assert.deepEqual([...fast], [...slow], `start ${start}, count ${count}`);
    assert.equal(fastRng.nextU32(), slowRng.nextU32());
  }
  assert.throws(() => new Rng().shuffle(new Int8Array((1 << 15) + 1), 0, (1 << 15) + 1), RangeError);
});

test('shuffleByThrees orders a deck as three swaps per float() draw do, and leaves the stream at the same place', () => {
  const key = masterKey('by threes');
  for (const count of [1, 2, 3, 4, 16, 48, 50, 51, 52]) {
    for (let game = 0; game < 20; game++) {
      const fast = Int8Array.from({ length: count }, (_, i) => i);
      const slow = Int8Array.from(fast);
      const fastRng = new Rng().seed(key, game, Streams.DEAL, count);
      const slowRng = new Rng().seed(key, game, Streams.DEAL, count);
      fastRng.shuffleByThrees(fast, count);
      let u = 0;
      for (let i = count - 1; i > 0; i--) {
        if (i % 3 === 0 || i === count - 1) u = slowRng.float();
        u *= i + 1;
        const j = Math.floor(u);
        u -= j;
        [slow[i], slow[j]] = [slow[j], slow[i]];
      }
      assert.deepEqual([...fast], [...slow], `count ${count}, game ${game}`);
      assert.equal(fastRng.nextU32(), slowRng.nextU32());
    }
  }
});

/**
 * A match-up's sums as a checkpoint keeps them: its runs of counts, the zeros between them left
 * out. A layout reserves cells for every deal group, label and forfeit note, and a match-up of a
 * big tournament fills few of them: written out whole, the checkpoint of 11,880 Love Letter
 * seatings was 157 MB, nearly all of it zeros, and its every write took the main thread for a second.
 *
 * `runs` is a flat list of (zeros skipped, values that follow, the values): [2, 3, a, b, c, 4, 1, d]
 * is 0 0 a b c 0 0 0 0 d, then zeros up to `size`.
 */
export interface SparseSums {
  readonly size: number;
  readonly runs: readonly (number | SpecialValue)[];
}

/**
 * The values JSON has no number for (it writes -0 as 0, NaN and the infinities as null), named so
 * that decoding gives back the very array encoded. Sums are whole numbers added up from zero and
 * never hold them; a checkpoint that does is refused where it is read, for what it holds, not lost
 * in the writing.
 */
export type SpecialValue = '-0' | 'NaN' | 'Infinity' | '-Infinity';

/**
 * Zeros this many in a row or more start a new run; fewer stay among the values, where each costs
 * two characters ("0,") and a new run costs at least four.
 */
const SKIP_FROM = 3;

export function encodeSums(data: Float64Array): SparseSums {
  const runs: (number | SpecialValue)[] = [];
  const size = data.length;
  let at = 0;
  while (at < size) {
    const start = at;
    while (at < size && isZero(data[at])) at++;
    if (at === size) break;
    // The run goes on until SKIP_FROM zeros in a row, or the end: the zeros in it are kept as values.
    let end = at + 1;
    for (let zeros = 0; end < size; end++) {
      if (!isZero(data[end])) zeros = 0;
      else if (++zeros === SKIP_FROM) {
        end -= SKIP_FROM - 1;
        break;
      }
    }
    while (isZero(data[end - 1])) end--;
    runs.push(at - start, end - at);
    for (let i = at; i < end; i++) runs.push(jsonValue(data[i]));
    at = end;
  }
  return { size, runs };
}

/**
 * The sums `encoded` holds, as an array of `size` cells, written into `into` when given (its
 * length must be `size`; every cell is written). Throws a one-line reason when `encoded` is no
 * encoding of `size` sums.
 */
export function decodeSums(encoded: unknown, size: number, into: Float64Array = new Float64Array(size)): Float64Array {
  if (typeof encoded !== 'object' || encoded === null || Array.isArray(encoded)) throw new Error('its sums are not sparse sums');
  const { size: held, runs } = encoded as Partial<SparseSums>;
  if (held !== size) throw new Error(`its sums hold ${String(held)} cells, the job's ${size}`);
  if (!Array.isArray(runs)) throw new Error('its sums have no runs');
  let at = 0;
  let i = 0;
  while (i < runs.length) {
    const zeros = runs[i];
    const count = runs[i + 1];
    if (!isCount(zeros) || !isCount(count) || i + 2 + count > runs.length || at + zeros + count > size)
      throw new Error(`its sums' run at ${i} does not fit`);
    into.fill(0, at, at + zeros);
    at += zeros;
    for (let k = i + 2; k < i + 2 + count; k++) into[at++] = numberOf(runs[k], k);
    i += 2 + count;
  }
  into.fill(0, at);
  return into;
}

function isZero(value: number): boolean {
  // -0 is kept as a value, so that the decoded array is the one encoded to the sign.
  return value === 0 && 1 / value > 0;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function jsonValue(value: number): number | SpecialValue {
  if (Number.isFinite(value)) return value === 0 && 1 / value < 0 ? '-0' : value;
  return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
}

function numberOf(value: unknown, index: number): number {
  if (typeof value === 'number') return value;
  switch (value) {
    case '-0':
      return -0;
    case 'NaN':
      return NaN;
    case 'Infinity':
      return Infinity;
    case '-Infinity':
      return -Infinity;
  }
  throw new Error(`its sums hold ${JSON.stringify(value)} at ${index}, not a number`);
}

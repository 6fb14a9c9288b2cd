import { parseChoice } from '../play/design.ts';

/**
 * How a tournament seats each table: every distinct order of its strategies, a match-up each, or
 * the table as one match-up under the duplicate design, which plays each deal in every rotation of
 * the seats and takes the next order around the table for the next deal (design.ts). A fixed
 * order's rotations alone would keep every strategy between the same neighbours: at three seats a
 * copy of counter seated after it rated 24 Elo below it, the intervals apart.
 */
export const SEATINGS = ['all', 'rotated'] as const;
export type SeatingName = (typeof SEATINGS)[number];

export function parseSeatings(text: string): SeatingName {
  return parseChoice('--seatings', SEATINGS, text);
}

/**
 * Every table of `players` seats from the strategies: with at least as many strategies as seats,
 * each set of distinct strategies; with fewer, each way of filling the seats that gives every
 * strategy at least one seat (so no table is a mirror match).
 */
export function tournamentTables(strategies: readonly string[], players: number): string[][] {
  const tables: string[][] = [];
  const distinct = strategies.length >= players;
  const build = (start: number, table: string[]) => {
    if (table.length === players) {
      if (distinct || strategies.every((strategy) => table.includes(strategy))) tables.push([...table]);
      return;
    }
    for (let i = start; i < strategies.length; i++) build(distinct ? i + 1 : i, [...table, strategies[i]]);
  };
  build(0, []);
  return tables;
}

/**
 * The match-ups of one table: each distinct order of its seats (a table with a strategy twice has
 * fewer), or under `rotated` the table itself, whose design moves the seats.
 */
export function seatingsOf(table: readonly string[], seatings: SeatingName): string[][] {
  if (seatings === 'rotated') return [[...table]];
  const seen = new Set<string>();
  return permutations(table).filter((order) => {
    const key = JSON.stringify(order);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function permutations(items: readonly string[]): string[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

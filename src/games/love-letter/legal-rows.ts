import { MIN_PLAYERS } from './cards.ts';

/**
 * Where the rows of a table size begin in the engine's table of legal actions (a row per seat and
 * in-round mask): after those of every smaller size. The state keeps its own table size's, so
 * that listing a turn's actions adds two numbers to it.
 */
export function legalRowBase(players: number): number {
  let rows = 0;
  for (let size = MIN_PLAYERS; size < players; size++) rows += size << size;
  return rows;
}

// What every notebook reads from its environment: how many games a run plays and where runs write
// their results folders. The tests set both, so that each notebook runs small, fast and out of the way.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { Errors } from 'parlor';

/** Games for one run: the notebook's own `standard` count, unless PARLOR_NOTEBOOK_GAMES gives one. */
export function gamesPerRun(standard: number): number {
  const given = process.env.PARLOR_NOTEBOOK_GAMES;
  if (given === undefined || given === '') return standard;
  const games = Number(given);
  if (!Number.isSafeInteger(games) || games < 1)
    throw Errors.badOption(`PARLOR_NOTEBOOK_GAMES: expected a whole number of games, got '${given}'`);
  return games;
}

/** Where a notebook's runs go: PARLOR_NOTEBOOK_RESULTS, by default results/notebooks beside the executed notebooks. */
export function runsRoot(): string {
  return process.env.PARLOR_NOTEBOOK_RESULTS || fileURLToPath(new URL('../results/notebooks/', import.meta.url));
}

/** The results folder of one run of a notebook (a run again replaces it). */
export function runFolder(notebook: string, run: string): string {
  return join(runsRoot(), notebook, run);
}

/** Worker threads for every run: one per core, as the command line's default. */
export const WORKERS = availableParallelism();

// What both parity files play: the digest strategy in-process, and the same seats through the host
// with the games' transcripts kept in a scratch folder of the file's own.
import { join } from 'node:path';
import type { StrategyResolver } from '../../src/runner/play/match.ts';
import { ROOT, playHosted, playInProcess, type Played } from './helpers.ts';
import { scratchDir } from '../helpers/scratch.ts';

/**
 * The same strategy in-process and behind the protocol must play the same games: same messages,
 * same choices, same counts. The strategy hashes every record it is told and its whole view, so
 * any difference in what it learns changes its play.
 */
export const DIGEST = join(ROOT, 'test/fixtures/digest-strategy.ts');

export const inProcess = (seats: readonly string[], games: number, rules: Record<string, string>) =>
  playInProcess('love-letter', seats, games, rules, 'parity');

let scratch: string | undefined;

/** A hosted run: its rules, its folder (in the scratch folder of the file) for the transcripts, and who loads the seats. */
export interface HostedRun {
  readonly rules: Record<string, string>;
  readonly folder: string;
  readonly resolve?: StrategyResolver;
}

export async function hosted(seats: readonly string[], games: number, { rules, folder, resolve }: HostedRun): Promise<Played> {
  scratch ??= scratchDir('parity');
  const played = await playHosted(seats, games, { rules, seed: 'parity', resultsDir: join(scratch, folder), resolve });
  // In-process play has no names to log: the bots' replies to the ident greeting are left out.
  return { ...played, transcripts: played.transcripts.map((transcript) => transcript.replace(NAME_REPLY, '')) };
}

const NAME_REPLY = /^\[(\d+) -> manager\] .*\n(?=\[manager -> \1\] players )/gm;

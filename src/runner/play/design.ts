import { Errors } from '../../core/errors.ts';

/**
 * Experiment designs: how the games of one match-up map onto deals and seatings.
 *
 * - independent: game i gets deal i and the seats as given; every game is its own sample.
 * - duplicate: games come in blocks of `players`; the games of block b all replay deal b, with
 *   the seats rotated one step per game, so every strategy plays every position's cards once.
 *   The block, not the game, is the independent sample.
 *
 * In both, the deal streams depend on (seed, deal, round) and each seat's stream on (seed, game
 * index, seat), where the game index is global to the job, so a game replays alone from
 * `--game <id> --seed S --index i`.
 */
export const DESIGNS = ['independent', 'duplicate'] as const;
export type DesignName = (typeof DESIGNS)[number];

/** One of a fixed set of names given to `option`, or a ParlorError naming the choices. */
export function parseChoice<T extends string>(option: string, choices: readonly T[], text: string): T {
  const choice = choices.find((name) => name === text);
  if (!choice) throw Errors.badOption(`${option} must be one of ${choices.join(', ')}, got '${text}'`);
  return choice;
}

export function parseDesign(text: string): DesignName {
  return parseChoice('--design', DESIGNS, text);
}

/** Games per sample: one, or one per seat rotation. */
export function blockGames(design: DesignName, players: number): number {
  return design === 'duplicate' ? players : 1;
}

/** The deal that local game `local` of a match-up plays. */
export function dealOf(design: DesignName, players: number, local: number): number {
  return design === 'duplicate' ? Math.floor(local / players) : local;
}

/** How far the seats are rotated in local game `local`: position s plays the strategy of seat (s + r) mod players. */
export function rotationOf(design: DesignName, players: number, local: number): number {
  return design === 'duplicate' ? local % players : 0;
}

/** Which strategy slot plays each position in rotation `rotation`, given the slots of the seats as listed. */
export function rotateSeatSlots(seatSlot: Int32Array, rotation: number): Int32Array {
  const players = seatSlot.length;
  return Int32Array.from({ length: players }, (_, position) => seatSlot[(position + rotation) % players]);
}

/** Rounds a game count up to whole blocks. */
export function wholeBlocks(games: number, design: DesignName, players: number): number {
  const size = blockGames(design, players);
  return Math.ceil(games / size) * size;
}

import { Errors } from '../../core/errors.ts';
import { withNearMiss } from '../../core/near-miss.ts';

/**
 * Experiment designs: how the games of one match-up map onto deals and seatings.
 *
 * - independent: game i gets deal i and the seats as given; every game is its own sample.
 * - duplicate: games come in blocks of `players`; the games of block b all replay deal b, with
 *   the seats rotated one step per game, so every strategy plays every position's cards once.
 *   With three or more seats, rotations alone keep each strategy beside the same neighbours (who
 *   plays just before it, who just after), and where that order matters a strategy would be
 *   credited with its place at the table: a copy of a strategy seated after it can come out
 *   clearly ahead. So block b seats the listed seats in cyclic order b mod (players - 1)!, listed
 *   seat 0 first and the others in each of their orders in turn: every (players - 1)! blocks,
 *   each strategy has sat after and before every other equally often. The block, not the game,
 *   is the independent sample.
 *
 * In both, the deal streams depend on (seed, deal, round) and each seat's stream on (seed, game
 * index, seat), where the game index is global to the job, so a game replays alone from
 * `--game <id> --seed S --index i`.
 */
export const DESIGNS = ['independent', 'duplicate'] as const;
/** How a run deals its games (see DESIGNS): what SimRequest and the summaries name. */
export type DesignName = (typeof DESIGNS)[number];

/** One of a fixed set of names given to `option`, or a ParlorError naming the choices. */
export function parseChoice<T extends string>(option: string, choices: readonly T[], text: string): T {
  const choice = choices.find((name) => name === text);
  if (!choice) throw Errors.badOption(withNearMiss(`${option} must be one of ${choices.join(', ')}, got '${text}'`, text, choices));
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

/** The cyclic orders of `players` seats with listed seat 0 first: (players - 1)!. */
function cyclicOrders(players: number): number {
  let orders = 1;
  for (let k = 2; k < players; k++) orders *= k;
  return orders;
}

/** How many seatings the design uses: one, or every rotation of every cyclic order. */
export function seatingCount(design: DesignName, players: number): number {
  return design === 'duplicate' ? players * cyclicOrders(players) : 1;
}

/**
 * The seating of local game `local`: its block's cyclic order times `players`, plus its rotation.
 * Block b takes order b mod (players - 1)!, so the seatings repeat every seatingCount games.
 */
export function seatingOf(design: DesignName, players: number, local: number): number {
  return design === 'duplicate' ? local % seatingCount(design, players) : 0;
}

/**
 * Which listed seat plays each position in seating `seating`: the listed seats in cyclic order
 * `floor(seating / players)` (listed seat 0, then the others in the lexicographically k-th of
 * their orders), rotated `seating mod players` steps, so position s is played by the seat
 * `rotation` places after it in that order. Seating 0 is the seats as listed. The arrays are made
 * once per table size and shared: read them, never write them.
 */
export function listedSeatsOf(players: number, seating: number): Int32Array {
  return seatingsOf(players)[seating];
}

/** Every seating's listed seats (listedSeatsOf) for a table size, in seating order. */
export function seatingsOf(players: number): readonly Int32Array[] {
  let seatings = SEATINGS.get(players);
  if (seatings === undefined) {
    seatings = Array.from({ length: seatingCount('duplicate', players) }, (_, index) => seatingAt(players, index));
    SEATINGS.set(players, seatings);
  }
  return seatings;
}

const SEATINGS = new Map<number, readonly Int32Array[]>();

function seatingAt(players: number, seating: number): Int32Array {
  const rotation = seating % players;
  let order = Math.floor(seating / players);
  const rest = Array.from({ length: players - 1 }, (_, i) => i + 1);
  const cycle = [0];
  for (let left = players - 1; left > 0; left--) {
    const block = cyclicOrders(left);
    cycle.push(rest.splice(Math.floor(order / block), 1)[0]);
    order %= block;
  }
  return Int32Array.from({ length: players }, (_, position) => cycle[(position + rotation) % players]);
}

/** Rounds a game count up to whole blocks. */
export function wholeBlocks(games: number, design: DesignName, players: number): number {
  const size = blockGames(design, players);
  return Math.ceil(games / size) * size;
}

import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import { parseStrategySpec } from '../../core/strategy-spec.ts';
import type { DesignName } from '../play/design.ts';
import type { JobInput, JobSpec } from './job.ts';
import { chooseMeasure } from '../summary/measures.ts';
import { seatingsOf, tournamentTables, type SeatingName } from './tournament.ts';

/** A job without its batch size, which is chosen once the strategies are loaded. */
export type JobPlan = Omit<JobInput, 'batchGames'>;

/** Who sits where: one strategy for every seat, one per seat, or none (random everywhere). */
export interface SeatRequest {
  readonly game: string;
  readonly players?: number;
  readonly strategies?: readonly string[];
  /** The same as `strategies`, seat by seat (the CLI's repeatable --seat); give one or the other. */
  readonly seat?: readonly string[];
}

/** One match-up played many times. */
export interface SimRequest extends SeatRequest {
  readonly games: number;
  readonly seed: string;
  /** Independent by default; duplicate by default with `untilClear`, which refuses independent. */
  readonly design?: DesignName;
  readonly rules?: Readonly<Record<string, string>>;
  /** Stop once the leader is clear at this confidence; `games` is then the cap. */
  readonly untilClear?: number;
  /** With untilClear: the game's measure to judge the leader on (its id); the game's first by default. */
  readonly measure?: string;
}

/** Every table of a size from a field of strategies, in every seating or rotated. */
export interface TournamentRequest {
  readonly game: string;
  readonly players?: number;
  /** The field; every built-in strategy of the game when absent. */
  readonly strategies?: readonly string[];
  readonly games: number;
  readonly seed: string;
  /** Independent by default: every seating of a table is played, so no strategy keeps one seat. */
  readonly design?: DesignName;
  readonly seatings: SeatingName;
  readonly rules?: Readonly<Record<string, string>>;
}

/** The strategy per seat, from --strategies or repeated --seat, checked against --players. */
export function seatSpecs(registry: Registry, options: SeatRequest): string[] {
  if (options.strategies && options.seat) throw Errors.badOption('give --strategies or --seat, not both');
  const given = options.strategies ?? options.seat;
  const game = registry.game(options.game);
  if (options.players !== undefined) checkCount('players', options.players, 1, 16);
  const players = options.players ?? given?.length ?? game.maxPlayers;
  if (players < game.minPlayers || players > game.maxPlayers) throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  const seats = !given ? Array<string>(players).fill('random') : given.length === 1 ? Array<string>(players).fill(given[0]) : given;
  if (seats.length !== players) throw Errors.seatCount(seats.length, players);
  // The spec as parsed is the strategy's name in the results, so equal specs share one entry.
  return seats.map((seat) => parseStrategySpec(seat).text);
}

/** The most games a run plays, as the command line's --games and --max-games allow. */
const MAX_GAMES = 1e12;

/**
 * A count of a request made in code, checked as the command line checks its options: 2.5 games
 * would play 3 and NaN fail deep in the planner, where a notebook's author needs the reason.
 */
export function checkCount(what: string, value: number, min = 1, max = MAX_GAMES): void {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw Errors.badNumber(what, String(value), `an integer from ${min} to ${max}`);
}

/** Every rule's value as text, defaults filled in: what job.json records. */
export function fullRules(registry: Registry, gameId: string, pairs: Readonly<Record<string, string>> = {}): Record<string, string> {
  const values = registry.game(gameId).parseRules(pairs);
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}

/**
 * The job `parlor sim` plays, from a request in its options' terms: one match-up, checked against
 * the game (its table sizes, rules and measures) before anything is played. Strategies are checked
 * when `startJob` loads them.
 */
export function planSim(registry: Registry, options: SimRequest): JobPlan {
  const seats = seatSpecs(registry, options);
  checkCount('games', options.games);
  if (options.untilClear !== undefined && !(options.untilClear > 0 && options.untilClear < 1))
    throw Errors.badNumber('untilClear', String(options.untilClear), 'a confidence between 0 and 1, like 0.95');
  const untilClear = options.untilClear !== undefined;
  if (untilClear && new Set(seats).size < 2) throw Errors.badOption('--until-clear needs at least two different strategies at the table');
  const design = options.design ?? (untilClear ? 'duplicate' : 'independent');
  if (options.measure !== undefined && !untilClear)
    throw Errors.badOption('--measure names what --until-clear judges the leader on: give --until-clear too');
  // Checked now, so a measure the game does not declare fails before anything is played.
  const measure = untilClear ? chooseMeasure(registry.game(options.game), options.measure).id : undefined;
  // With every strategy kept in its listed seat, the advantage of a seat would pass for the
  // strength of the strategy sitting there: a stopping rule would then name a leader that is
  // only well seated. The duplicate design plays every deal from every seat.
  if (untilClear && design !== 'duplicate')
    throw Errors.badOption(
      `--until-clear needs --design duplicate (its default): under ${design} every strategy keeps its seat, and the seat's advantage would count as the strategy's`,
    );
  return {
    command: 'sim',
    game: options.game,
    players: seats.length,
    rules: fullRules(registry, options.game, options.rules),
    seed: options.seed,
    design,
    matchupSeats: [seats],
    games: options.games,
    ...(options.untilClear === undefined ? {} : { untilClear: options.untilClear, measure }),
  };
}

/** The request that plans a sim job again. */
export function simRequestOf(job: JobSpec): SimRequest & { batch: number } {
  return {
    game: job.game,
    players: job.players,
    strategies: [...job.matchups[0].seats],
    games: job.games,
    seed: job.seed,
    design: job.design,
    batch: job.batchGames,
    untilClear: job.untilClear,
    measure: job.measure,
  };
}

/**
 * The job `parlor tournament` plays: every table of `players` the field makes, seated as
 * `seatings` says, with `games` spread evenly over the seatings (rounded up to whole deal groups).
 */
export function planTournament(registry: Registry, options: TournamentRequest): JobPlan {
  const game = registry.game(options.game);
  checkCount('games', options.games);
  if (options.players !== undefined) checkCount('players', options.players, 1, 16);
  const field = (options.strategies ?? registry.strategiesOf(game.id).map((definition) => definition.name)).map(
    (spec) => parseStrategySpec(spec).text,
  );
  if (new Set(field).size !== field.length) throw Errors.badOption('--strategies: each strategy once in a tournament');
  if (field.length < 2) throw Errors.badOption('a tournament needs at least two strategies');
  const players = options.players ?? Math.max(game.minPlayers, Math.min(field.length, game.maxPlayers));
  if (players < game.minPlayers || players > game.maxPlayers) throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  const matchupSeats = tournamentTables(field, players).flatMap((table) => seatingsOf(table, options.seatings));
  if (options.seatings === 'rotated' && options.design === 'independent') {
    throw Errors.badOption(
      '--seatings rotated plays each table as one match-up under the duplicate design, its seats moving deal by deal: --design independent does not go with it',
    );
  }
  return {
    command: 'tournament',
    game: game.id,
    players,
    rules: fullRules(registry, game.id, options.rules),
    seed: options.seed,
    design: options.seatings === 'rotated' ? 'duplicate' : (options.design ?? 'independent'),
    seatings: options.seatings,
    matchupSeats,
    games: options.games,
  };
}

/** The request that plans a tournament job again. */
export function tournamentRequestOf(job: JobSpec): TournamentRequest & { batch: number } {
  return {
    game: job.game,
    players: job.players,
    strategies: [...job.strategies],
    games: job.games,
    seed: job.seed,
    design: job.design,
    seatings: (job.seatings ?? 'all') as SeatingName,
    batch: job.batchGames,
  };
}

import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import { parseStrategySpec } from '../../core/strategy-spec.ts';
import type { DesignName } from '../../runner/design.ts';
import type { JobSpec } from '../../runner/job.ts';
import type { CommandContext } from '../command.ts';
import { runJobCommand, type JobPlan, type RunKind, type RunOptions } from './run.ts';

export interface SimOptions extends RunOptions {
  readonly game: string;
  readonly players?: number;
  readonly strategies?: string[];
  readonly seat?: string[];
  readonly games: number;
  readonly seed: string;
  readonly design: DesignName;
  readonly rules?: Record<string, string>;
}

export interface SeatOptions {
  readonly game: string;
  readonly players?: number;
  readonly strategies?: string[];
  readonly seat?: string[];
}

/** The strategy per seat, from --strategies or repeated --seat, checked against --players. */
export function seatSpecs(registry: Registry, options: SeatOptions): string[] {
  if (options.strategies && options.seat) throw Errors.badOption('give --strategies or --seat, not both');
  const given = options.strategies ?? options.seat;
  const game = registry.game(options.game);
  const players = options.players ?? given?.length ?? game.maxPlayers;
  if (players < game.minPlayers || players > game.maxPlayers) throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  const seats = !given ? Array<string>(players).fill('random') : given.length === 1 ? Array<string>(players).fill(given[0]) : given;
  if (seats.length !== players) throw Errors.seatCount(seats.length, players);
  // The spec as parsed is the strategy's name in the results, so equal specs share one entry.
  return seats.map((seat) => parseStrategySpec(seat).text);
}

/** Every rule's value as text, defaults filled in: what job.json records. */
export function fullRules(registry: Registry, gameId: string, pairs: Readonly<Record<string, string>> = {}): Record<string, string> {
  const values = registry.game(gameId).parseRules(pairs);
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}

export const simKind: RunKind<SimOptions> = {
  command: 'sim',
  plan(registry, options): JobPlan {
    const seats = seatSpecs(registry, options);
    return {
      command: 'sim',
      game: options.game,
      players: seats.length,
      rules: fullRules(registry, options.game, options.rules),
      seed: options.seed,
      design: options.design,
      matchupSeats: [seats],
      games: options.games,
    };
  },
  optionsOf: (job: JobSpec) => ({
    game: job.game,
    players: job.players,
    strategies: [...job.matchups[0].seats],
    games: job.games,
    seed: job.seed,
    design: job.design,
    batch: job.batchGames,
  }),
};

export function runSim(context: CommandContext, options: SimOptions, given: ReadonlySet<string>): Promise<number> {
  return runJobCommand(context, simKind, options, given);
}

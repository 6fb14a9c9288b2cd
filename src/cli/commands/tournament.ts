import { Errors } from '../../core/errors.ts';
import { parseStrategySpec } from '../../core/strategy-spec.ts';
import type { DesignName } from '../../runner/design.ts';
import type { JobSpec } from '../../runner/job.ts';
import { seatingsOf, tournamentTables, type SeatingName } from '../../runner/tournament.ts';
import type { CommandContext } from '../command.ts';
import { runJobCommand, type JobPlan, type RunKind, type RunOptions } from './run.ts';
import { fullRules } from './sim.ts';

export interface TournamentOptions extends RunOptions {
  readonly game: string;
  readonly players?: number;
  readonly strategies?: string[];
  readonly games: number;
  readonly seed: string;
  readonly design: DesignName;
  readonly seatings: SeatingName;
  readonly rules?: Record<string, string>;
}

export const tournamentKind: RunKind<TournamentOptions> = {
  command: 'tournament',
  plan(registry, options): JobPlan {
    const game = registry.game(options.game);
    const field = (options.strategies ?? registry.strategiesOf(game.id).map((definition) => definition.name)).map(
      (spec) => parseStrategySpec(spec).text,
    );
    if (new Set(field).size !== field.length) throw Errors.badOption('--strategies: each strategy once in a tournament');
    if (field.length < 2) throw Errors.badOption('a tournament needs at least two strategies');
    const players = options.players ?? Math.max(game.minPlayers, Math.min(field.length, game.maxPlayers));
    if (players < game.minPlayers || players > game.maxPlayers)
      throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
    const matchupSeats = tournamentTables(field, players).flatMap((table) => seatingsOf(table, options.seatings));
    return {
      command: 'tournament',
      game: game.id,
      players,
      rules: fullRules(registry, game.id, options.rules),
      seed: options.seed,
      design: options.design,
      seatings: options.seatings,
      matchupSeats,
      games: options.games,
    };
  },
  optionsOf: (job: JobSpec) => ({
    game: job.game,
    players: job.players,
    strategies: [...job.strategies],
    games: job.games,
    seed: job.seed,
    design: job.design,
    seatings: (job.seatings ?? 'all') as SeatingName,
    batch: job.batchGames,
  }),
};

export function runTournament(context: CommandContext, options: TournamentOptions, given: ReadonlySet<string>): Promise<number> {
  return runJobCommand(context, tournamentKind, options, given);
}

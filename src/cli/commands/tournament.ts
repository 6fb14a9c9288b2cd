import { planTournament, tournamentRequestOf, type TournamentRequest } from '../../runner/job/plan.ts';
import type { CommandContext } from '../command.ts';
import { runJobCommand, type RunKind, type RunOptions } from './run.ts';

export interface TournamentOptions extends RunOptions, TournamentRequest {}

export const tournamentKind: RunKind<TournamentOptions> = { command: 'tournament', plan: planTournament, optionsOf: tournamentRequestOf };

export function runTournament(context: CommandContext, options: TournamentOptions, given: ReadonlySet<string>): Promise<number> {
  return runJobCommand(context, tournamentKind, options, given);
}

import { planSim, simRequestOf, type SimRequest } from '../../runner/job/plan.ts';
import type { CommandContext } from '../command.ts';
import { runJobCommand, type RunKind, type RunOptions } from './run.ts';

export interface SimOptions extends RunOptions, SimRequest {}

export const simKind: RunKind<SimOptions> = { command: 'sim', plan: planSim, optionsOf: simRequestOf };

export function runSim(context: CommandContext, options: SimOptions, given: ReadonlySet<string>): Promise<number> {
  return runJobCommand(context, simKind, options, given);
}

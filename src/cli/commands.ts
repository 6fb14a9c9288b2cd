import type { CommandContext } from './command.ts';
import { runSim, type SimOptions } from './commands/sim.ts';
import type { OptionName } from './options.ts';

/** A command as data: the program, its help and the README are built from this list. */
export interface CommandDef {
  readonly name: string;
  readonly summary: string;
  readonly arguments?: string;
  readonly options: readonly OptionName[];
  /** Resolves to the process exit code. */
  run(context: CommandContext, options: any, args: string[]): Promise<number>;
}

export const Commands: readonly CommandDef[] = [
  {
    name: 'sim',
    summary: 'play one match-up many times and report win rates with 95% intervals',
    options: ['game', 'players', 'strategies', 'seat', 'games', 'seed', 'workers', 'rules', 'json', 'quiet'],
    async run(context, options: SimOptions) {
      await runSim(context, options);
      return 0;
    },
  },
];

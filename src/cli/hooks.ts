import type { ResultHook } from './command.ts';
import { drawResults } from './commands/chart.ts';

/**
 * What runs after every run that writes a results folder, in order (chart and report writers
 * register here). A hook's failure is reported and does not undo the results.
 */
export const resultHooks: ResultHook[] = [drawResults];

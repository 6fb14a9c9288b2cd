import type { ResultHook } from '../runner/job/jobs.ts';

/**
 * What runs after every run that writes a results folder, in order (chart and report writers
 * register here). A hook's failure is reported and does not undo the results. Each hook loads its
 * module when it first runs: commands that write no results (`parlor bot` above all, started
 * once per round) should not pay for the charting code.
 */
export const resultHooks: ResultHook[] = [async (dir, summary) => (await import('./commands/chart.ts')).drawResults(dir, summary)];

/**
 * Loads what the hooks need (about a second of chart libraries) while a run's games play: the main
 * thread waits on the workers then, and the charts are drawn as soon as the games end. A failure
 * here is left to the hook itself, which meets it again and reports it.
 */
export function prepareResultHooks(): void {
  import('./commands/chart.ts').then((chart) => chart.prepareDrawing()).catch(() => {});
}

import type { Registry } from '../core/registry.ts';
import type { ResultHook } from '../runner/job/jobs.ts';

/** What a command needs from its surroundings; tests pass their own to capture output. */
export interface CommandContext {
  readonly registry: Registry;
  /** URL of the module whose builtinRegistry() worker threads load (the same games and strategies as `registry`). */
  readonly registryModule: string;
  readonly resultHooks: readonly ResultHook[];
  /** Loads what `resultHooks` need, called while a run's games play. */
  readonly prepareResultHooks?: () => void;
  print(text: string): void;
  /** Progress and notices; silent under --quiet or when stderr is not a terminal. */
  progress(text: string): void;
  /** Anomalies (forfeits, interrupted runs): always shown, on stderr. */
  warn(text: string): void;
}

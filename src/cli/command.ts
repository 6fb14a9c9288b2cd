import type { Registry } from '../core/registry.ts';

/** What a command needs from its surroundings; tests pass their own to capture output. */
export interface CommandContext {
  readonly registry: Registry;
  print(text: string): void;
  /** Progress and notices; silent under --quiet or when stderr is not a terminal. */
  progress(text: string): void;
}

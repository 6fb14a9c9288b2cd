import type { GameEvent } from './events.ts';

/** What a strategy is shown: maintained only from the events its player receives. */
export interface PlayerView {
  readonly seat: number;
  readonly players: number;
  /** Forget everything: a new round (or game) begins. */
  reset(): void;
  observe(event: GameEvent): void;
}

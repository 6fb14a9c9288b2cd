// A strategy wrapper for the ladders: it adds up the time a strategy's decisions take.
import { performance } from 'node:perf_hooks';
import type { PlayerView } from '../../src/core/game.ts';
import type { Strategy } from '../../src/core/strategy.ts';

/** Passes every call on to `inner`, adding up the time its decisions take. */
export class TimedStrategy<V extends PlayerView> implements Strategy<V> {
  readonly observes: boolean;
  decisions = 0;
  milliseconds = 0;

  constructor(private readonly inner: Strategy<V>) {
    this.observes = inner.observes;
  }

  restart(): void {
    this.inner.restart();
  }

  inform(...event: Parameters<Strategy<V>['inform']>): void {
    this.inner.inform(...event);
  }

  choose(...decision: Parameters<Strategy<V>['choose']>): number {
    const start = performance.now();
    const action = this.inner.choose(...decision);
    this.milliseconds += performance.now() - start;
    this.decisions++;
    return action;
  }
}

/** Mean milliseconds per decision over several wrapped seats. */
export function msPerDecision(timed: readonly TimedStrategy<PlayerView>[]): number {
  const decisions = timed.reduce((sum, strategy) => sum + strategy.decisions, 0);
  const milliseconds = timed.reduce((sum, strategy) => sum + strategy.milliseconds, 0);
  return Number((milliseconds / decisions).toFixed(4));
}

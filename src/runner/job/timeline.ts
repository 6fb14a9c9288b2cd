import { performance } from 'node:perf_hooks';

/** What the worker threads of a run did: how many, when each was ready, how long they played. */
export interface PoolActivity {
  readonly workers: number;
  /** Seconds since the process started at which each worker had loaded its code, in the order they got there. */
  readonly readyAt: readonly number[];
  /** Seconds of tasks played, all workers together. */
  readonly busySeconds: number;
}

/** The phases of a run, in the order they happen; each ends where the next one begins. */
export const PHASES = ['load', 'plan', 'play', 'summary', 'charts'] as const;
/** A phase of a run, for reading a Timeline's spans by name. */
export type Phase = (typeof PHASES)[number];

const PHASE_LABELS: Readonly<Record<Phase, string>> = {
  load: 'start-up',
  plan: 'planning and batch timing',
  play: 'playing',
  summary: 'summary',
  charts: 'charts',
};

/** Seconds since this process started (performance's time origin). */
export function sinceStart(): number {
  return performance.now() / 1000;
}

/**
 * Where a run's wall time went (`PARLOR_PROFILE=1`): the end of each phase, in seconds since the
 * process started (or since `origin`), so the parts add up to the whole time up to the last mark.
 */
export class Timeline {
  private readonly ends = new Map<Phase, number>();
  private pool: PoolActivity | null = null;
  /** Where the first phase begins, in seconds since the process started: its start by default. */
  private readonly origin: number;

  constructor(origin = 0) {
    this.origin = origin;
  }

  /** `phase` ends now (the next one begins). */
  end(phase: Phase): void {
    this.ends.set(phase, sinceStart());
  }

  poolActivity(activity: PoolActivity | null): void {
    this.pool = activity;
  }

  /** What the workers reported last: when they were ready and how long they played. */
  get activity(): PoolActivity | null {
    return this.pool;
  }

  /** Seconds of each phase that was marked, in order. */
  phases(): { phase: Phase; seconds: number }[] {
    let start = this.origin;
    return PHASES.filter((phase) => this.ends.has(phase)).map((phase) => {
      const end = this.ends.get(phase) as number;
      const seconds = end - start;
      start = end;
      return { phase, seconds };
    });
  }

  /** One line: every phase's seconds, the workers' start-up and how busy they kept while playing. */
  format(): string {
    const parts = this.phases().map(({ phase, seconds }) => `${PHASE_LABELS[phase]} ${seconds.toFixed(3)} s`);
    const total = Math.max(this.origin, ...this.ends.values()) - this.origin;
    const pool = this.pool;
    const playing = this.phases().find((entry) => entry.phase === 'play');
    if (pool && pool.readyAt.length > 0) {
      const lastReady = Math.max(...pool.readyAt) - this.origin;
      parts.push(`${pool.readyAt.length} of ${pool.workers} workers ready at ${lastReady.toFixed(3)} s`);
      if (playing && playing.seconds > 0) {
        // Busy share of the workers' capacity over the playing phase: what start-up and the tail left idle.
        parts.push(`workers busy ${((100 * pool.busySeconds) / (pool.workers * playing.seconds)).toFixed(0)}% of playing`);
      }
    }
    return `profile: ${parts.join(', ')}; total ${total.toFixed(3)} s`;
  }
}

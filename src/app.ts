import type { ExternalHost, ExternalSettings } from './runner/external.ts';
import { Runners } from './runner/runners.ts';

/**
 * Where parlor is put together: the runner plays in-process games on its own and is handed the
 * host of external seats from here, so it never imports the protocol code. The host loads on
 * first use, once a run has a bot seat.
 */
export function loadExternalHost(): Promise<ExternalHost> {
  return import('./protocol/index.ts');
}

/** Runners for a command or a notebook: the worker pool, and the protocol host for bot seats. */
export function createRunners(workers: number, externalSettings: ExternalSettings = {}): Runners {
  return new Runners(workers, loadExternalHost, externalSettings);
}

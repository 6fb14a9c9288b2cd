// The composition root: the one module that knows the games, the built-in strategies and the host
// of bot processes together. The runner is handed what it needs from here and imports none of it.
import { moduleUrl } from './compiled.ts';
import { Registry, type GameModule } from './core/registry.ts';
import type { ExternalHost } from './runner/play/external.ts';
import type { JobContext } from './runner/job/jobs.ts';
import { GAME_MODULES, builtinStrategiesOf } from '../strategies/index.ts';

/**
 * The games of `modules`, each with its built-in strategies and its reader of strategies written as
 * data: public so that a script can run a game module of its own (in a JobContext's `registry`).
 */
export function registryOf(modules: readonly GameModule[]): Registry {
  const registry = new Registry();
  for (const module of modules) {
    registry.addGame(module.game);
    for (const definition of builtinStrategiesOf(module)) registry.addStrategy(definition);
    if (module.reader) registry.addStrategyReader(module.game.id, module.reader);
  }
  return registry;
}

/** The games and built-in strategies parlor ships with. */
export function builtinRegistry(): Registry {
  return registryOf(GAME_MODULES);
}

/**
 * This module, which worker threads load to build the same registry as builtinRegistry(). Public
 * because a JobContext put together by hand must name it as its `registryModule`.
 */
export const BUILTIN_REGISTRY_MODULE = moduleUrl('src/app.ts');

/**
 * The protocol module's host of bot processes. Loaded on demand: the protocol code (child
 * processes, transports) is only needed once a run has a bot seat. Public for a JobContext put
 * together by hand whose runs still play bots.
 */
export async function loadExternalHost(): Promise<ExternalHost> {
  return (await import('./protocol/index.ts')) as ExternalHost;
}

/**
 * What a job started from code runs with: the built-in games and strategies, the bot host, no
 * result hooks, no progress, and warnings on stderr; `overrides` replaces any of them.
 */
export function builtinJobContext(overrides: Partial<JobContext> = {}): JobContext {
  return {
    registry: builtinRegistry(),
    registryModule: BUILTIN_REGISTRY_MODULE,
    loadExternalHost,
    // Threads hosting bot tables load this module's host: not a host given in `overrides`.
    hostModule: overrides.loadExternalHost ? undefined : BUILTIN_REGISTRY_MODULE,
    resultHooks: [],
    invocation: 'parlor',
    progress: () => {},
    warn: (text) => process.stderr.write(`parlor: ${text}\n`),
    ...overrides,
  };
}

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Errors } from '../core/errors.ts';
import type { Registry } from '../core/registry.ts';
import type { StrategyDefinition } from '../core/strategy.ts';
import { resolveParams, type StrategySpec } from '../core/strategy-spec.ts';
import type { ParamValue } from '../core/strategy.ts';

/** A strategy ready to create seats: its definition and checked parameters. */
export interface ResolvedStrategy {
  readonly spec: StrategySpec;
  readonly definition: StrategyDefinition<any>;
  readonly params: Readonly<Record<string, ParamValue>>;
}

function looksLikePath(name: string): boolean {
  return name.includes('/') || name.includes('\\') || /\.(c|m)?(t|j)s$/.test(name);
}

/** A built-in by name, or a user's strategy module by file path (TypeScript or JavaScript). */
export async function resolveStrategy(registry: Registry, gameId: string, spec: StrategySpec): Promise<ResolvedStrategy> {
  const builtin = registry.findStrategy(gameId, spec.name);
  const definition = builtin ?? (looksLikePath(spec.name) ? await loadStrategyModule(spec.name, gameId) : undefined);
  if (!definition)
    throw Errors.unknownStrategy(
      spec.name,
      registry.strategiesOf(gameId).map((s) => s.name),
    );
  return { spec, definition, params: resolveParams(spec.name, definition.params, spec.params) };
}

async function loadStrategyModule(path: string, gameId: string): Promise<StrategyDefinition<any>> {
  const absolute = resolve(path);
  if (!existsSync(absolute)) throw Errors.unreadableFile(path, 'no such file');
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  } catch (error) {
    throw Errors.badStrategyModule(path, `failed to load: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const candidates = [module.default, module.strategy, ...Object.values(module)].filter(isStrategyDefinition);
  const definition = candidates[0];
  if (!definition) {
    throw Errors.badStrategyModule(path, 'exports no strategy (export default an object with name, game, summary, params and create())');
  }
  if (definition.game !== gameId) throw Errors.badStrategyModule(path, `plays '${definition.game}', not '${gameId}'`);
  // A user's code is never trusted to return legal actions: it always goes through the checked apply.
  return { ...definition, trusted: false };
}

function isStrategyDefinition(value: unknown): value is StrategyDefinition<any> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<StrategyDefinition<any>>;
  return typeof candidate.name === 'string' && typeof candidate.game === 'string' && typeof candidate.create === 'function';
}

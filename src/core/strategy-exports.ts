import type { StrategyDefinition } from './strategy.ts';

/**
 * The strategies a module exports, preferred ones first. A file compiled as CommonJS arrives as a
 * namespace whose `default` is its `module.exports`, so the exports one level down count too.
 * Pure: confined strategies pick their definition with it inside their compartment.
 */
export function exportedStrategies(module: Record<string, unknown>): StrategyDefinition<any>[] {
  const preferred = (exports: Record<string, unknown>) => [exports.default, exports.strategy, ...Object.values(exports)];
  const inner = typeof module.default === 'object' && module.default !== null ? preferred(module.default as Record<string, unknown>) : [];
  return [...preferred(module), ...inner].filter(isStrategyDefinition);
}

function isStrategyDefinition(value: unknown): value is StrategyDefinition<any> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<StrategyDefinition<any>>;
  return typeof candidate.name === 'string' && typeof candidate.game === 'string' && typeof candidate.create === 'function';
}

/** What loading a file says when it exports no strategy. */
export const NO_STRATEGY_EXPORTED = 'exports no strategy (export default an object with name, game, summary, params and create())';

// Reading vega-lite specs in tests: layers by mark, and the compiled vega scales.
import assert from 'node:assert/strict';
import type { Spec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

export interface LooseLayer {
  mark: string | { type: string; [key: string]: unknown };
  data?: { values: Record<string, unknown>[] };
  encoding?: Record<string, any>;
  transform?: unknown[];
}

export function markType(layer: LooseLayer): string {
  return typeof layer.mark === 'string' ? layer.mark : layer.mark.type;
}

export function layers(spec: TopLevelSpec): LooseLayer[] {
  assert.ok('layer' in spec, 'a layered chart');
  return (spec as unknown as { layer: LooseLayer[] }).layer;
}

/** The one layer drawing `mark`, failing when there is none or several. */
export function layerOf(spec: TopLevelSpec, mark: string): LooseLayer {
  const found = layers(spec).filter((layer) => markType(layer) === mark);
  assert.equal(found.length, 1, `one ${mark} layer`);
  return found[0];
}

export function dataValues(spec: TopLevelSpec): Record<string, unknown>[] {
  return (spec as unknown as { data: { values: Record<string, unknown>[] } }).data.values;
}

/** Compiles with vega-lite, failing on any warning (a dropped encoding would show up here). */
export function compileStrict(spec: TopLevelSpec): Spec {
  const warnings: string[] = [];
  const logger = {
    level: () => logger,
    error: (...args: unknown[]) => {
      throw new Error(args.join(' '));
    },
    warn: (...args: unknown[]) => {
      warnings.push(args.join(' '));
      return logger;
    },
    info: () => logger,
    debug: () => logger,
  };
  const vega = compile(spec, { logger: logger as never }).spec;
  assert.deepEqual(warnings, [], 'vega-lite compiles without warnings');
  return vega;
}

export function compiledScale(spec: TopLevelSpec, name: string): Record<string, any> {
  const scale = compileStrict(spec).scales?.find((candidate) => candidate.name === name) as Record<string, any> | undefined;
  assert.ok(scale, `a compiled ${name} scale`);
  return scale;
}

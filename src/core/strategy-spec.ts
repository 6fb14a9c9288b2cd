import { Errors } from './errors.ts';
import { choicesListed } from './near-miss.ts';
import type { ParamSpec, ParamValue } from './strategy.ts';

/** A strategy as named on the command line: `name` or `name:key=value,key=value`, or a file path. */
export interface StrategySpec {
  /** The text as the user gave it; used as the strategy's display name. */
  readonly text: string;
  readonly name: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Seat specs that start an external bot, `cmd:<program> [args...]`: the rest is a command line, not parameters. */
export const EXTERNAL_SPEC_PREFIX = 'cmd:';

/** True for seat specs of the form `cmd:<program> [args...]`. */
export function isExternalSpec(text: string): boolean {
  return text.trim().startsWith(EXTERNAL_SPEC_PREFIX);
}

export function parseStrategySpec(text: string): StrategySpec {
  const trimmed = text.trim();
  if (trimmed === '') throw Errors.badOption('empty strategy name');
  if (trimmed.startsWith(EXTERNAL_SPEC_PREFIX)) return { text: trimmed, name: trimmed, params: {} };
  const colon = findParamColon(trimmed);
  if (colon < 0) return { text: trimmed, name: trimmed, params: {} };
  const params: Record<string, string> = {};
  for (const pair of trimmed.slice(colon + 1).split(',')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw Errors.badStrategyParam(trimmed.slice(0, colon), `expected key=value, got '${pair}'`);
    const key = pair.slice(0, eq).trim();
    // Taken silently, the last value would win, and the seat would not play what was typed first.
    if (key in params)
      throw Errors.badStrategyParam(trimmed.slice(0, colon), `${key} is given twice (${key}=${params[key]} and ${pair.trim()})`);
    params[key] = pair.slice(eq + 1).trim();
  }
  return { text: trimmed, name: trimmed.slice(0, colon), params };
}

// `C:\bots\x.js` style drive letters are not parameter separators.
function findParamColon(text: string): number {
  const start = /^[A-Za-z]:[\\/]/.test(text) ? 2 : 0;
  return text.indexOf(':', start);
}

/**
 * Splits a comma-separated list of specs (the option `what` gave). A piece that holds `=` but no
 * `:` continues the previous spec's parameters, so `ismcts:iterations=200,c=0.7,random` is two
 * strategies. An empty piece is refused: dropped, it would leave a seat fewer than typed.
 */
export function splitStrategyList(list: string, what: string): string[] {
  const specs: string[] = [];
  const pieces = list.split(',');
  pieces.forEach((piece, index) => {
    if (piece.trim() === '')
      throw Errors.badOption(`${what} '${list}': entry ${index + 1} is empty (give one strategy between each two commas)`);
    const continues = piece.includes('=') && !piece.includes(':') && specs.length > 0;
    if (continues) specs[specs.length - 1] += `,${piece}`;
    else specs.push(piece);
  });
  return specs.map((spec) => spec.trim());
}

/** Checks and converts parameters against their declarations; fills in defaults. */
export function resolveParams(
  strategy: string,
  declared: readonly ParamSpec[],
  given: Readonly<Record<string, string>>,
): Record<string, ParamValue> {
  const values: Record<string, ParamValue> = {};
  for (const spec of declared) values[spec.name] = spec.default;
  for (const [key, raw] of Object.entries(given)) {
    const spec = declared.find((candidate) => candidate.name === key);
    if (!spec) {
      const known =
        declared.length > 0
          ? choicesListed(
              'parameters',
              key,
              declared.map((p) => p.name),
            )
          : 'parameters: none';
      throw Errors.badStrategyParam(strategy, `unknown parameter '${key}' (${known})`);
    }
    values[key] = convertParam(strategy, spec, raw);
  }
  return values;
}

function convertParam(strategy: string, spec: ParamSpec, raw: string): ParamValue {
  if (spec.type === 'string') return raw;
  if (spec.type === 'boolean') {
    if (raw === 'true' || raw === 'false') return raw === 'true';
    throw Errors.badStrategyParam(strategy, `${spec.name} must be true or false, got '${raw}'`);
  }
  const value = Number(raw);
  const wrongKind = raw === '' || !Number.isFinite(value) || (spec.type === 'integer' && !Number.isInteger(value));
  const belowMin = spec.min !== undefined && value < spec.min;
  const aboveMax = spec.max !== undefined && value > spec.max;
  if (wrongKind || belowMin || aboveMax) {
    const range = `${spec.min ?? '-inf'} to ${spec.max ?? 'inf'}`;
    throw Errors.badStrategyParam(
      strategy,
      `${spec.name} must be ${spec.type === 'integer' ? 'an integer' : 'a number'} from ${range}, got '${raw}'`,
    );
  }
  return value;
}

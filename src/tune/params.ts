import { Errors } from '../core/errors.ts';
import { keyValueText } from '../core/key-values.ts';
import type { ParamSpec } from '../core/strategy.ts';
import { isExternalSpec, parseStrategySpec } from '../core/strategy-spec.ts';
import type { TunedParam } from './spsa.ts';

/** `--param name=start:min:max[:step]` as typed, before the strategy's declarations are known. */
export interface ParamRange {
  readonly name: string;
  readonly start: number;
  readonly min: number;
  readonly max: number;
  readonly step?: number;
  /** Every number was written whole: how a bot's parameter (declared nowhere) counts as an integer. */
  readonly whole: boolean;
}

/** The share of a parameter's range its last perturbation spans when --param gives no step. */
const DEFAULT_STEP_SHARE = 1 / 20;

/** A decimal number as a person writes one: 3, -0.5, .25, 1e-3. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** A number written whole: digits alone. `1.0` or `1e1` is written as a real, whatever its value. */
const WHOLE = /^[-+]?\d+$/;

export function parseParamRange(text: string): ParamRange {
  const bad = (why: string) => Errors.badOption(`--param ${text}: ${why} (expected name=start:min:max[:step])`);
  const eq = text.indexOf('=');
  if (eq === 0) throw bad('no name');
  if (eq < 0) throw bad('no =start:min:max after the name');
  const name = text.slice(0, eq).trim();
  if (!/^[A-Za-z_][\w-]*$/.test(name)) throw bad(`'${name}' is not a parameter name`);
  const parts = text.slice(eq + 1).split(':');
  const numbers = parts.map((part) => Number(part));
  // Decimal numbers only: Number() would also take '0x1' or '0b1' for 1.
  if (parts.length < 3 || parts.length > 4 || !parts.every((part) => DECIMAL.test(part.trim())) || !numbers.every(Number.isFinite))
    throw bad('three or four numbers');
  const [start, min, max, step] = numbers;
  if (!(min < max)) throw bad('min must be below max');
  if (start < min || start > max) throw bad('start must lie within min and max');
  if (step !== undefined && !(step > 0)) throw bad('step must be positive');
  // Every perturbation is at least the step: one as wide as the range puts theta+ and theta- on the
  // bounds at every iteration, whatever theta, so the run would only ever compare max with min.
  if (step !== undefined && step >= max - min) throw bad(`step must be below the range's width, ${max - min}`);
  // Read from the text: a bot's `c=1.0:0:2` is a real to its author, though every value is whole.
  return { name, start, min, max, ...(step === undefined ? {} : { step }), whole: parts.every((part) => WHOLE.test(part.trim())) };
}

/**
 * The parameters to tune, checked against what the strategy declares: a declared parameter keeps
 * within its declared bounds and is an integer when declared one; a `cmd:` bot declares nothing,
 * so its parameter is an integer when every number of its --param is whole.
 */
export function tunedParams(strategy: string, ranges: readonly ParamRange[], declared: readonly ParamSpec[] | null): TunedParam[] {
  if (ranges.length === 0) throw Errors.badOption('give at least one --param name=start:min:max[:step]');
  const names = new Set<string>();
  // A value the strategy's spec fixes would be replaced by the tuned one without a word.
  const fixed = isExternalSpec(strategy) ? {} : parseStrategySpec(strategy).params;
  return ranges.map((range) => {
    if (names.has(range.name)) throw Errors.badOption(`--param ${range.name} is given twice`);
    names.add(range.name);
    if (Object.hasOwn(fixed, range.name))
      throw Errors.badOption(
        `--param ${range.name} tunes what --strategy ${strategy} fixes at ${fixed[range.name]}: give its start in --param alone`,
      );
    const spec = declared?.find((candidate) => candidate.name === range.name);
    if (declared && !spec) {
      const known = declared.filter((p) => p.type === 'integer' || p.type === 'number').map((p) => p.name);
      throw Errors.badStrategyParam(strategy, `declares no parameter '${range.name}' (numeric parameters: ${known.join(', ') || 'none'})`);
    }
    if (spec && spec.type !== 'integer' && spec.type !== 'number')
      throw Errors.badStrategyParam(strategy, `parameter '${range.name}' is a ${spec.type}, not a number`);
    if (spec && ((spec.min !== undefined && range.min < spec.min) || (spec.max !== undefined && range.max > spec.max)))
      throw Errors.badStrategyParam(
        strategy,
        `${range.name} may range from ${spec.min ?? '-inf'} to ${spec.max ?? 'inf'}, not ${range.min} to ${range.max}`,
      );
    const integer = spec ? spec.type === 'integer' : range.whole;
    // Rounded values must stay within the bounds typed: 5.6 as an integer's max would let 6 be played and reported.
    if (integer && ![range.start, range.min, range.max].every(Number.isInteger))
      throw Errors.badOption(
        `--param ${range.name}: an integer parameter takes whole start, min and max, not ${range.start}:${range.min}:${range.max}`,
      );
    const share = (range.max - range.min) * DEFAULT_STEP_SHARE;
    // An integer parameter's perturbation of at least half a unit keeps theta+ and theta- apart once rounded.
    const step = Math.max(range.step ?? (integer ? Math.round(share) : share), integer ? 0.5 : 0);
    return { name: range.name, start: range.start, min: range.min, max: range.max, step, integer };
  });
}

/**
 * The strategy spec that plays `values`: a built-in or file gets them as `name:key=value` parameters
 * beside its own fixed ones; a `cmd:` bot gets `--key=value` arguments at the end of its command line.
 */
export function specWithValues(strategy: string, params: readonly TunedParam[], values: readonly number[]): string {
  if (isExternalSpec(strategy)) return [strategy.trim(), ...params.map((param, i) => `--${param.name}=${values[i]}`)].join(' ');
  const spec = parseStrategySpec(strategy);
  const given = { ...spec.params };
  params.forEach((param, i) => (given[param.name] = String(values[i])));
  return `${spec.name}:${keyValueText(given)}`;
}

/**
 * A tuned value as a person would write it: whole for integers, else to about a hundredth of the
 * parameter's step (SPSA cannot place it more finely than its perturbations measure); a bound
 * stays itself, never rounded past it to a value the range refuses.
 */
export function presentable(param: TunedParam, value: number): number {
  if (param.integer) return Math.round(value);
  const digits = Math.max(0, Math.ceil(-Math.log10(param.step / 100)));
  return Math.min(param.max, Math.max(param.min, Number(value.toFixed(Math.min(digits, 12)))));
}

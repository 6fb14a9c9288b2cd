import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';
import type { ParamSpec } from '../../core/strategy.ts';

/**
 * The parameters a strategy file declares, as parlor reads them: each a name that `name=value`
 * can give (a letter first: no `__proto__`), one of the four types, and a default of that type.
 * The names go into every seat's params and the command line; a file declaring anything else is
 * refused with the reason, where reading its declaration would otherwise fail inside parlor.
 */
const DECLARED_PARAMS = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'type', 'default'],
    properties: {
      name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
      type: { enum: ['integer', 'number', 'string', 'boolean'] },
      default: { type: ['integer', 'number', 'string', 'boolean'] },
      min: { type: 'number' },
      max: { type: 'number' },
      help: { type: 'string' },
    },
    allOf: (['integer', 'number', 'string', 'boolean'] as const).map((type) => ({
      if: { properties: { type: { const: type } } },
      then: { properties: { default: { type } } },
    })),
  },
};

let validator: ValidateFunction<ParamSpec[]> | null = null;

/** What is wrong with a strategy's declared `params`, in one line (`params[1].default must be integer`); null when nothing is. */
export function declaredParamsFault(params: unknown): string | null {
  if (validator === null) {
    const Ajv = (createRequire(import.meta.url)('ajv') as { default: typeof AjvClass }).default;
    validator = new Ajv({ allErrors: false, strict: false }).compile<ParamSpec[]>(DECLARED_PARAMS);
  }
  if (!validator(params)) {
    const error = validator.errors?.find((candidate) => candidate.keyword !== 'if');
    const where = (error?.instancePath ?? '').replace(/^\/(\d+)/, '[$1]').replaceAll('/', '.');
    return `params${where} ${error?.message ?? 'is not a list of parameters'}`;
  }
  const names = params.map((param) => param.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  return repeated === undefined ? null : `params declare '${repeated}' twice`;
}

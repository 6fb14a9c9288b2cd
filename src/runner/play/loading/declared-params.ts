import type { ValidateFunction } from 'ajv';
import type { ParamSpec } from '../../../core/strategy.ts';
import validate from './declared-params-validator.js';

// The parameters a strategy file declares, as parlor reads them (declared-params.schema.json):
// each a name that `name=value` can give (a letter first: no `__proto__`), one of the four types,
// and a default of that type. The names go into every seat's params and the command line; a file
// declaring anything else is refused with the reason, where reading its declaration would
// otherwise fail inside parlor.
const validator = validate as ValidateFunction<ParamSpec[]>;

/** What is wrong with a strategy's declared `params`, in one line (`params[1].default must be integer`); null when nothing is. */
export function declaredParamsFault(params: unknown): string | null {
  if (!validator(params)) {
    const error = validator.errors?.find((candidate) => candidate.keyword !== 'if');
    const where = (error?.instancePath ?? '').replace(/^\/(\d+)/, '[$1]').replaceAll('/', '.');
    return `params${where} ${error?.message ?? 'is not a list of parameters'}`;
  }
  // A set, not a search of the list for each name: a file may declare as many as it likes, and the
  // check runs in the command's own thread, which no move limit ends.
  const names = new Set<string>();
  for (const { name } of params) {
    if (names.has(name)) return `params declare '${name}' twice`;
    names.add(name);
  }
  return null;
}

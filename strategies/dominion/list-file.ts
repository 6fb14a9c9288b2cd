// A user's priority-list file, checked against priority-list.schema.json before it is compiled:
// ajv and the schema load here, in the runner's realm, apart from src/strategy/dominion-priority-list.ts, which a
// confined strategy file bundles and which must therefore import nothing of Node.
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from 'ajv';
import { Errors, type StrategyDefinition } from '../../src/strategy-api.ts';
import { CARD_NAMES, type DominionSeatView } from '../../src/games/dominion/index.ts';
import { OPERATORS, priorityList, type PriorityList } from '../../src/strategy/dominion-priority-list.ts';
import PRIORITY_LIST_SCHEMA from './priority-list.schema.json' with { type: 'json' };

/**
 * Reads a priority list from a user's file; throws naming `source` and the entry when the data is
 * malformed. Its seats go through the checked apply.
 */
export function readPriorityList(data: unknown, source: string): StrategyDefinition<DominionSeatView> {
  const fault = schemaFault(data);
  if (fault !== null) throw Errors.badStrategyModule(source, fault);
  return priorityList(data as PriorityList, source, false);
}

type Validator = ValidateFunction<PriorityList>;
let validator: Validator | null = null;

/**
 * What is wrong with `data` as a priority list by its JSON Schema, in one line naming the entry
 * (`buy[2]: unknown key 'iff'`); null when nothing is. The validator (ajv) loads with the first
 * list a user gives: the built-ins need none.
 */
export function schemaFault(data: unknown): string | null {
  if (validator === null) {
    const Ajv = (createRequire(import.meta.url)('ajv') as { default: typeof AjvClass }).default;
    validator = new Ajv({ allErrors: false, strict: true }).compile<PriorityList>(PRIORITY_LIST_SCHEMA);
  }
  const validate = validator;
  if (validate(data)) return null;
  const error = validate.errors?.find((candidate) => candidate.keyword !== 'if');
  return error ? describeFault(error, data) : 'not a priority list';
}

function describeFault(error: ErrorObject, data: unknown): string {
  const where = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  const value = error.instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>((at, part) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), data);
  const shown = typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
  const at = where === '' ? '' : `${where}: `;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${at}unknown key '${String(error.params.additionalProperty)}'`;
    case 'required': {
      const missing = String(error.params.missingProperty);
      return `${at}needs a "${missing}"${missing === 'buy' ? ' list' : ''}`;
    }
    case 'enum': {
      const allowed = (error.params.allowedValues as string[]).join(', ');
      return where.startsWith('play') && CARD_NAMES.includes(value as string)
        ? `${at}${shown} is no action card (actions: ${allowed})`
        : `${at}unknown card ${shown} (cards: ${allowed})`;
    }
    case 'const':
      return where === 'game' ? `plays ${shown}, not 'dominion'` : `${at}${shown}, not ${JSON.stringify(error.params.allowedValue)}`;
    case 'pattern':
      return `${at}condition ${shown} has no comparison (${OPERATORS.join(' ')}, between spaces)`;
    case 'anyOf':
      return `${at}${shown} is neither a condition nor a list of conditions`;
    default:
      return `${at}${shown}: ${error.message ?? 'not allowed'}`;
  }
}

// Types of the validator generated from declared-params.schema.json.
import type { ValidateFunction } from 'ajv';
declare const validate: ValidateFunction<unknown>;
export default validate;

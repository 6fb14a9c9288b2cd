// Strategy files are checked by JSON Schemas, and loading ajv and compiling a schema costs a bot
// started every round tens of milliseconds. So each schema's validator is generated once, as the
// plain JavaScript ajv would compile it to (its standalone code), and committed beside the schema:
// `npm run validators` writes them again after a schema changes, and a test fails while one is
// stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each generated validator: its schema, its module, both from the project root, and ajv's options for it. */
const VALIDATORS = [
  {
    schema: 'src/runner/play/loading/declared-params.schema.json',
    module: 'src/runner/play/loading/declared-params-validator.js',
    options: { allErrors: false, strict: false },
  },
];

/** The text of every generated validator module, by path from the project root. */
export function generatedValidators() {
  const require = createRequire(import.meta.url);
  const Ajv = require('ajv').default;
  const standaloneCode = require('ajv/dist/standalone').default;
  return VALIDATORS.map(({ schema, module, options }) => {
    const ajv = new Ajv({ ...options, code: { source: true, esm: true } });
    const code = standaloneCode(ajv, ajv.compile(JSON.parse(readFileSync(join(ROOT, schema), 'utf8'))));
    // ES modules have no require: a validator that needs ajv's runtime helpers cannot be generated this way.
    if (code.includes('require(')) throw new Error(`${schema}: its validator needs ajv's runtime, which a generated module cannot load`);
    return {
      module,
      text: `// Generated from ${schema.split('/').pop()} by bin/validators.js (npm run validators): do not edit.\n${code}\n`,
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const { module, text } of generatedValidators()) writeFileSync(join(ROOT, module), text);
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedValidators } from '../../../../bin/validators.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

test('every committed validator is what its schema generates now (npm run validators writes them)', () => {
  const validators = generatedValidators();
  assert.ok(validators.length > 0);
  for (const { module, text } of validators) assert.equal(readFileSync(`${ROOT}/${module}`, 'utf8'), text, `${module} is stale`);
});

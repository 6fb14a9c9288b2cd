#!/usr/bin/env node
// parlor runs from its TypeScript sources with no build step: compiled once into a cache (see
// compile.js) and loaded from there, or, where no cache can be made or PARLOR_COMPILE=0 asks, through tsx.
import { join } from 'node:path';
import { compiledModule, ROOT } from './compile.js';

let main = process.env.PARLOR_COMPILE === '0' ? null : await compiledModule(join(ROOT, 'src/cli/main.ts'));
if (!main) {
  const { register } = await import('tsx/esm/api');
  register();
  main = '../src/cli/main.ts';
}
const { run } = await import(main);
process.exitCode = await run(process.argv.slice(2));

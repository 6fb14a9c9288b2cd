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
// A reader that stops early (`parlor compare ... | head -1`) closes the pipe: what is left to print
// goes nowhere, and the command still finishes its run and exits with its own status (compare's
// verdict), where the write's error would otherwise end it with a stack trace and exit 1.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
});
const { run } = await import(main);
process.exitCode = await run(process.argv.slice(2));

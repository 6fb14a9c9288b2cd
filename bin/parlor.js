#!/usr/bin/env node
// parlor runs its TypeScript sources directly through tsx, so a clone needs no build step.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli/main.ts');
process.exitCode = await run(process.argv.slice(2));

import { readFileSync } from 'node:fs';

/**
 * The competition spec's example round (classic numbering) as the manager's log, in the layout
 * parlor's transcripts print: one file, so every test of the example checks the same text.
 */
export const SPEC_EXAMPLE_LOG: string = readFileSync(new URL('../fixtures/spec-example.txt', import.meta.url), 'utf8').trim();

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.ts';
import { HUNG_MS } from '../helpers/patience.ts';
import { scratchDir } from '../helpers/scratch.ts';

/**
 * A process that cleans up with removedOnStop, where a second SIGTERM comes in the middle of the
 * removal (`when`: on the first signal's stop, or at the end of its work): the removal still
 * finishes, leaving its mark, before the signal ends the process.
 */
function removal(when: 'stop' | 'end'): { signal: NodeJS.Signals | null; finished: boolean } {
  const mark = join(scratchDir('stopping'), 'finished');
  const script = `
    import { writeFileSync } from 'node:fs';
    import { removedOnStop } from ${JSON.stringify(join(ROOT, 'src/cli/stopping.ts'))};
    const done = removedOnStop(() => {
      process.kill(process.pid, 'SIGTERM');
      const until = Date.now() + 100;
      while (Date.now() < until);
      writeFileSync(${JSON.stringify(mark)}, '');
    });
    if (${JSON.stringify(when)} === 'stop') {
      process.kill(process.pid, 'SIGTERM');
      setTimeout(() => {}, 5000);
    } else done();
  `;
  // Killed past the allowance for a stuck command, by a signal of its own: the default, SIGTERM,
  // would pass for the second signal's end on a machine slow to compile and start the script.
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    timeout: HUNG_MS,
    killSignal: 'SIGKILL',
  });
  return { signal: run.signal, finished: existsSync(mark) };
}

test('a second signal during the removal on a stop does not end the process part way through it', () => {
  assert.deepEqual(removal('stop'), { signal: 'SIGTERM', finished: true });
});

test('nor one during the removal at the end of the work', () => {
  assert.equal(removal('end').finished, true);
});

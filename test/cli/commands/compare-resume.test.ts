// parlor compare stopped by Ctrl-C and resumed: the same verdict and figures as a run never stopped.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parlor, startParlor } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();
const FIRST_CARD = 'strategies/examples/first-card.ts';
// Near copies: the test decides only after 41,400 games (over 400 looks), about three times as
// long as the first checkpoint with a look takes to be written, so the interrupt lands well before
// it decides. (With guess=clown it decided after 8,900, sometimes before that checkpoint.)
const COMPARE = [
  'compare',
  '--candidate',
  FIRST_CARD,
  '--baseline',
  `${FIRST_CARD}:guess=knight`,
  '--players',
  '2',
  '--max-games',
  '100000',
  '--batch',
  '50',
  '--workers',
  '1',
  // Its own seed: the reference run and the stopped one must play the same games.
  '--seed',
  'resume',
  '--quiet',
];

function mergedLooks(dir: string): number {
  try {
    return JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')).merged;
  } catch {
    return 0;
  }
}

describe('parlor compare --resume', () => {
  test('SIGINT keeps the looks so far and says how to go on; the resumed comparison ends as one never stopped', async () => {
    const straight = join(scratch, 'straight');
    const stopped = join(scratch, 'stopped');
    const reference = parlor([...COMPARE, '--out', straight]);
    const run = startParlor([...COMPARE, '--out', stopped]);
    let exited = false;
    void run.finished.then(() => (exited = true));
    // The checkpoint is rewritten every half second: the first one with a look in it is the cue.
    while (!exited && mergedLooks(stopped) < 1) await sleep(10);
    run.child.kill('SIGINT');
    const first = await run.finished;
    assert.equal(first.code, 130, first.stderr);
    assert.match(first.stderr, /stopped after [\d,]+ of 100,000 games; .*continue with: .*compare --resume /);
    assert.ok(existsSync(join(stopped, 'checkpoint.json')));
    assert.ok(!existsSync(join(stopped, 'summary.json')));

    const changed = await parlor(['compare', '--resume', stopped, '--seed', 'other']);
    assert.equal(changed.code, 3);
    assert.match(changed.stderr, /cannot resume .*: --seed cannot be changed on resume/);

    const resumed = await parlor(['compare', '--resume', stopped, '--quiet']);
    const whole = await reference;
    assert.equal(resumed.code, whole.code, resumed.stderr);
    assert.equal(resumed.code, 0);
    assert.ok(!existsSync(join(stopped, 'checkpoint.json')));
    for (const file of ['summary.json', 'sprt.csv', 'seats.csv']) {
      assert.equal(readFileSync(join(stopped, file), 'utf8'), readFileSync(join(straight, file), 'utf8'), file);
    }
    const verdict = (text: string) => text.slice(text.indexOf('verdict:'), text.indexOf('results:'));
    assert.equal(verdict(resumed.stdout), verdict(whole.stdout));
    assert.ok(!resumed.stderr.includes('finished run'), resumed.stderr);

    // Resumed once more, the finished run plays nothing, says so and shows the same verdict.
    const again = await parlor(['compare', '--resume', stopped]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /note: .* holds a finished run: nothing was left to play/);
    assert.equal(verdict(again.stdout), verdict(whole.stdout));
  });
});

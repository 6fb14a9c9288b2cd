// `parlor sim --until-clear` as a user types it: a lopsided pair stops at an early look, an equal
// pair plays to the cap, and a confidence that means nothing is refused in one line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { formatRunSummary } from '../../../src/cli/format.ts';
import type { RunSummary } from '../../../src/runner/summary/summary-types.ts';
import { parlor, runCaptured } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();

async function sim(name: string, args: readonly string[]) {
  const run = await runCaptured([
    'sim',
    '--game',
    'love-letter',
    '--seed',
    'clear',
    '--workers',
    '2',
    '--out',
    join(scratch, name),
    ...args,
  ]);
  assert.equal(run.code, 0, run.warnings.join('\n'));
  return run;
}

describe('parlor sim --until-clear', () => {
  test('a lopsided pair stops at the first look that makes the leader clear, and says so', async () => {
    const run = await sim('lopsided', ['--strategies', 'counter,random', '--games', '20000', '--until-clear', '--json']);
    const summary = JSON.parse(run.out[0]);
    assert.equal(summary.untilClear.stopped, 'clear');
    assert.equal(summary.untilClear.confidence, 0.95);
    assert.equal(summary.untilClear.leader, 'counter');
    assert.equal(summary.untilClear.cap, 20_000);
    assert.ok(summary.games <= 1000, `played ${summary.games} games`);
    assert.equal(summary.games, summary.untilClear.games);
    assert.equal(summary.complete, true);
    const text = await sim('lopsided-text', ['--strategies', 'counter,random', '--games', '20000', '--until-clear', '0.99']);
    assert.match(text.out[0], /until clear at 99% confidence: CLEAR after [\d,]+ games \(cap 20,000\): counter leads/);
    assert.match(text.out[0], /ahead of random by [\d.]+ points of win rate; lower bound [\d.]+ points/);
  });

  test('two copies of one strategy play to the cap and are reported as not clear', async () => {
    // The same strategy named two ways: two entries of equal strength.
    const run = await sim('equal', [
      '--strategies',
      'random,strategies/love-letter/random.ts',
      '--games',
      '2000',
      '--until-clear',
      '--json',
    ]);
    const summary = JSON.parse(run.out[0]);
    assert.equal(summary.untilClear.stopped, 'cap');
    assert.equal(summary.games, 2000);
    assert.equal(summary.untilClear.games, 2000);
    assert.ok(summary.untilClear.margins[0].lower < 0);
    assert.equal(summary.complete, true);
  });

  test('stopped undecided, it says where its last look was, apart from the games its figures count', async () => {
    const run = await sim('undecided', ['--strategies', 'counter,random', '--games', '20000', '--until-clear', '--json']);
    const finished: RunSummary = JSON.parse(run.out[0]);
    const stopped = (games: number): RunSummary => ({
      ...finished,
      complete: false,
      games,
      untilClear: { ...finished.untilClear!, stopped: null, games: 200 },
    });
    assert.match(formatRunSummary(stopped(200)), /: undecided when stopped, its last look at 200 games; counter leads so far\n/);
    assert.match(
      formatRunSummary(stopped(8600)),
      /: undecided when stopped, its last look at 200 games \(the figures count 8,600, some of them finished past that look\); counter leads/,
    );
  });

  test('a confidence outside (0, 1) is one line on stderr and exit 3', async () => {
    const run = await parlor(['sim', '--strategies', 'counter,random', '--until-clear', '95'], scratch);
    assert.equal(run.code, 3);
    assert.match(run.stderr, /^parlor: .*--until-clear.*a confidence between 0 and 1/);
    assert.equal(run.stderr.trim().split('\n').length, 1);
  });
});

// A strategy file's code runs on worker threads, never in the command's own thread: not to make
// its seats, and not to find out what went wrong in its errors for the summary. Trusted (--trust),
// the witness fixture writes down which thread ran each of its calls.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parlor, startParlor } from '../../cli/cli.ts';
import { FORGED } from '../../fixtures/strategies/forged-lines.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const WITNESS = 'test/fixtures/strategies/thread-witness.js';
const FORGER = 'test/fixtures/strategies/forged-lines.ts';
const scratch = scratchDir();

const COMMANDS: Readonly<Record<string, readonly string[]>> = {
  sim: ['sim', '--strategies', `${WITNESS},random`, '--games', '8'],
  tournament: ['tournament', '--strategies', `${WITNESS},random,cautious`, '--games', '12'],
  compare: ['compare', '--candidate', WITNESS, '--baseline', 'random', '--opponents', 'random', '--batch', '100', '--max-games', '8'],
};

describe("a strategy file's code, in a run", () => {
  for (const [command, args] of Object.entries(COMMANDS)) {
    test(`${command} makes its seats and looks into its errors on worker threads only`, async () => {
      const witness = join(scratch, `${command}.txt`);
      const out = join(scratch, command);
      const run = await startParlor([...args, '--players', '2', '--workers', '2', '--trust', WITNESS, '--out', out], undefined, {
        PARLOR_WITNESS: witness,
      }).finished;
      assert.ok(run.code === 0 || run.code === 2, run.stderr);
      const calls = readFileSync(witness, 'utf8').trim().split('\n');
      assert.ok(calls.includes('create worker') && calls.includes('choose worker'), calls.join('\n'));
      assert.deepEqual(
        calls.filter((call) => call.endsWith(' main')),
        [],
      );
      // The summary still says what went wrong, found by playing the game again on a worker.
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
      const details = summary.forfeitGames.map((note: { detail?: string }) => note.detail);
      assert.ok(details.length > 0);
      for (const detail of details) assert.equal(detail, `witnessed (${WITNESS}:23)`);
    });
  }
});

describe("a strategy's error message with line breaks in it", () => {
  test('shows as one line, its control characters escaped: on stderr, in the results and in the transcript', async () => {
    const out = join(scratch, 'forged');
    const run = await parlor([
      'sim',
      '--strategies',
      `${FORGER},random`,
      '--players',
      '2',
      '--games',
      '2',
      '--workers',
      '1',
      '--seed',
      'forged',
      '--out',
      out,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const shown = `gave up\\n${FORGED}\\r\\u001b[2K (${FORGER}:19)`;
    const lines = run.stderr.split('\n');
    assert.ok(
      lines.some((line) => line.includes(`: seat 0, ${FORGER}, strategy-error: ${shown}; transcript: `)),
      run.stderr,
    );
    assert.deepEqual(
      lines.filter((line) => line.startsWith('parlor: forfeit') && !line.includes(' --seed forged ')),
      [],
    );
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    assert.deepEqual([...new Set(summary.forfeitGames.map((note: { detail?: string }) => note.detail))], [shown]);
    const csv = readFileSync(join(out, 'forfeits.csv'), 'utf8').trim().split('\n');
    assert.deepEqual(csv.slice(1), [`${FORGER},strategy-error,${summary.forfeits[0].count},"${shown}"`]);
    const replay = await parlor(['replay', '--job', out, '--index', '0']);
    assert.equal(replay.code, 0, replay.stderr);
    assert.ok(
      replay.stdout.split('\n').some((line) => line.endsWith(`forfeits: strategy-error (${shown}) }`)),
      replay.stdout,
    );
  });

  test('a seat that cannot start is named on one line too', async () => {
    const run = await parlor([
      'sim',
      '--strategies',
      `${FORGER}:when=create,random`,
      '--games',
      '2',
      '--workers',
      '1',
      '--out',
      join(scratch, 'create'),
    ]);
    assert.equal(run.code, 3, run.stderr);
    assert.deepEqual(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, /^parlor: .*failed to start: .*cannot start\\nparlor: forfeit in game 7 /);
  });
});

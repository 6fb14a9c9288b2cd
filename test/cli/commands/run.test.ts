// A long run stopped by a signal, then resumed: the finished results must equal an uninterrupted run's.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHARTS_FOLDER, REPORT_FILE } from '../../../src/report/files.ts';
import { parlor, runCaptured, startParlor } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

// Long enough that a loaded machine cannot finish either interrupted run before its signal lands.
const GAMES = 240_000;
// cautious rather than random: random plays these games in under a second on two workers, and a
// resumed run could end before the test saw its checkpoint move and stopped it again.
const JOB = [
  'sim',
  '--players',
  '3',
  '--strategies',
  'cautious,cautious,cautious',
  '--games',
  String(GAMES),
  '--seed',
  'resume',
  '--workers',
  '2',
];

function readJson(dir: string, file: string): any {
  return JSON.parse(readFileSync(join(dir, file), 'utf8'));
}

/** Waits until the running job has checkpointed more than `games` finished games. */
async function checkpointedPast(dir: string, games: number, exited: { done: boolean }): Promise<void> {
  // Stops polling once the run has exited, so a run that finishes early cannot keep the test alive.
  while (!exited.done) {
    if (existsSync(join(dir, 'checkpoint.json'))) {
      const checkpoint = readJson(dir, 'checkpoint.json');
      const done = (checkpoint.merged + checkpoint.pending.length) * 1000;
      if (done > games) return;
    }
    await sleep(50);
  }
}

async function interrupt(args: readonly string[], dir: string, signal: NodeJS.Signals, after: number) {
  const { child, finished } = startParlor(args);
  const exited = { done: false };
  void finished.then(() => (exited.done = true));
  await Promise.race([checkpointedPast(dir, after, exited), finished]);
  child.kill(signal);
  return finished;
}

describe('interrupting and resuming a run', () => {
  const scratch = scratchDir();
  const dir = join(scratch, 'stopped');

  test('SIGINT saves the finished batches and exits 130; the resumed run equals one that never stopped', async () => {
    const first = await interrupt([...JOB, '--batch', '1000', '--out', dir], dir, 'SIGINT', 2000);
    assert.equal(first.code, 130, first.stderr);
    assert.match(first.stderr, /stopped after [\d,]+ of 240,000 games; .*continue with: node bin\/parlor\.js sim --resume/);
    const partial = readJson(dir, 'summary.json');
    assert.equal(partial.complete, false);
    assert.ok(partial.games > 2000 && partial.games < GAMES, `${partial.games} games done at the interrupt`);
    assert.ok(existsSync(join(dir, 'checkpoint.json')));
    assert.match(
      first.stdout,
      new RegExp(`^PARTIAL RESULTS: the run stopped after ${partial.games.toLocaleString('en-US')} of 240,000 games\n`),
    );
    assert.match(readFileSync(join(dir, REPORT_FILE), 'utf8'), /<p class="partial"[^>]*>Partial results: the run stopped after/);

    // Stopped a second time, by SIGTERM this time, before it can finish.
    const second = await interrupt(['sim', '--resume', dir], dir, 'SIGTERM', partial.games + 2000);
    assert.equal(second.code, 143, second.stderr);
    assert.ok(readJson(dir, 'summary.json').games > partial.games);

    const last = await parlor(['sim', '--resume', dir, '--json']);
    assert.equal(last.code, 0, last.stderr);
    const resumed = JSON.parse(last.stdout);
    assert.equal(resumed.games, GAMES);
    assert.equal(resumed.complete, true);
    assert.ok(!readFileSync(join(dir, REPORT_FILE), 'utf8').includes('class="partial"'), 'the finished report is whole');
    assert.ok(!existsSync(join(dir, 'checkpoint.json')), 'the checkpoint goes once the run is complete');

    const straight = join(scratch, 'straight');
    const reference = await runCaptured([...JOB, '--batch', '7000', '--out', straight]);
    assert.equal(reference.code, 0);
    for (const file of readdirSync(straight).filter((name) => name !== 'job.json')) {
      assert.equal(readFileSync(join(dir, file), 'utf8'), readFileSync(join(straight, file), 'utf8'), file);
    }
    // The in-process reference run has no result hooks, so it draws no charts or report.
    const results = (folder: string) =>
      readdirSync(folder)
        .filter((name) => name !== CHARTS_FOLDER && name !== REPORT_FILE)
        .sort();
    assert.deepEqual(results(dir), results(straight));
    assert.ok(
      readdirSync(dir).every((name) => !name.includes('partial')),
      'no temporary files left',
    );
  });

  test('a run stopped before its first game resumes from the start', async () => {
    const whole = join(scratch, 'whole');
    const args = ['sim', '--games', '300', '--seed', 'early', '--workers', '1'];
    assert.equal((await runCaptured([...args, '--out', whole])).code, 0);
    const early = join(scratch, 'early');
    mkdirSync(early);
    copyFileSync(join(whole, 'job.json'), join(early, 'job.json'));
    assert.equal((await runCaptured(['sim', '--resume', early])).code, 0);
    assert.equal(readFileSync(join(early, 'summary.json'), 'utf8'), readFileSync(join(whole, 'summary.json'), 'utf8'));
  });

  test('resuming a finished run prints its results again', async () => {
    const again = await runCaptured(['sim', '--resume', dir, '--json']);
    assert.equal(again.code, 0);
    assert.equal(JSON.parse(again.out[0]).games, GAMES);
  });
});

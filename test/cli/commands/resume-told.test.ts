// What a resume is told on its command line: the run's own settings typed again are accepted,
// others refused naming the run's, and a folder of another command is named as such.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parlor, runCaptured } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();

const jobJson = (dir: string) => JSON.parse(readFileSync(join(dir, 'job.json'), 'utf8'));

describe('what a resume is told', () => {
  const args = ['sim', '--strategies', 'random,cautious', '--games', '40', '--workers', '1', '--seed', 'told'];

  test("the run's settings typed again are accepted; others are refused, naming the run's", async () => {
    const dir = join(scratch, 'told');
    assert.equal((await runCaptured([...args, '--move-timeout', '2', '--out', dir])).code, 0);
    assert.equal((await runCaptured(['sim', '--resume', dir, '--move-timeout', '2', '--channel', 'stdio'])).code, 0);
    const refused = await parlor(['sim', '--resume', dir, '--move-timeout', '3']);
    assert.equal(refused.code, 3);
    assert.match(refused.stderr, /^parlor: cannot resume .*: --move-timeout 3 differs from what the run played with \(2\)/);
    const sandboxed = await parlor(['sim', '--resume', dir, '--sandbox']);
    assert.equal(sandboxed.code, 3);
    assert.match(sandboxed.stderr, /--sandbox memory=1024,cpu=600,processes=64 differs from what the run played with \(no sandbox\)/);
  });

  test("--worker-memory is the run's too: recorded, accepted typed again, refused otherwise", async () => {
    const dir = join(scratch, 'memory');
    assert.equal((await runCaptured([...args, '--worker-memory', '128', '--out', dir])).code, 0);
    assert.equal(jobJson(dir).play.workerMemory, 128);
    assert.equal((await runCaptured(['sim', '--resume', dir, '--worker-memory', '128'])).code, 0);
    const refused = await parlor(['sim', '--resume', dir, '--worker-memory', '256']);
    assert.equal(refused.code, 3);
    assert.match(refused.stderr, /: --worker-memory 256 differs from what the run played with \(128\)/);
  });

  test('a folder of an older parlor, which recorded no settings, resumes with those typed', async () => {
    const dir = join(scratch, 'older');
    assert.equal((await runCaptured([...args, '--out', dir])).code, 0);
    const { play, ...older } = jobJson(dir);
    assert.ok(play);
    writeFileSync(join(dir, 'job.json'), JSON.stringify(older, null, 2));
    assert.equal((await runCaptured(['sim', '--resume', dir, '--move-timeout', '3'])).code, 0);
  });

  test('--out naming the folder resumed is accepted; another folder, or --force, is refused saying why', async () => {
    const dir = join(scratch, 'out');
    assert.equal((await runCaptured([...args, '--out', dir])).code, 0);
    const same = await runCaptured(['sim', '--resume', dir, '--out', `${dir}/`]);
    assert.equal(same.code, 0, same.warnings.join('\n'));
    // The run had finished: the resume says so, then shows its results again.
    assert.ok(same.warnings.includes(`note: ${dir} holds a finished run: nothing was left to play`), same.warnings.join('\n'));
    const other = await parlor(['sim', '--resume', dir, '--out', join(scratch, 'other')]);
    assert.equal(other.code, 3);
    assert.match(other.stderr, /--out cannot be changed on resume/);
    assert.ok(!existsSync(join(scratch, 'other')));
    const forced = await parlor(['sim', '--resume', dir, '--force']);
    assert.equal(forced.code, 3);
    assert.match(forced.stderr, /^parlor: cannot resume .*: --force does not apply to a resume, which keeps the games the folder holds/);
  });

  test("a tuning run's folder is named as one, with the command that resumes it", async () => {
    const dir = join(scratch, 'tuned');
    const tune = await runCaptured([
      'tune',
      '--game',
      'love-letter',
      '--strategy',
      'test/fixtures/strategies/peak.js',
      '--param',
      'x=0.8:0:1',
      '--opponents',
      'random',
      '--players',
      '2',
      '--iterations',
      '1',
      '--iteration-games',
      '10',
      '--verify-games',
      '20',
      '--workers',
      '1',
      '--seed',
      'tuned',
      '--quiet',
      '--out',
      dir,
    ]);
    assert.ok(existsSync(join(dir, 'job.json')), tune.warnings.join('\n'));
    const refused = await parlor(['sim', '--resume', dir]);
    assert.equal(refused.code, 3);
    assert.equal(
      refused.stderr,
      `parlor: cannot resume ${dir}: it holds a tune run, not a sim run: continue it with parlor tune --resume ${dir}\n`,
    );
  });
});

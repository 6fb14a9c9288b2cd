// A run's results folder under pressure: another run aiming at it, a huge job stopped by a signal,
// folders that cannot be written, disks that fill, and resumes of folders that changed meanwhile.
import { describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import fs, { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { LOCK_FILE } from '../../../src/runner/job/folder-lock.ts';
import { decodeSums, encodeSums } from '../../../src/runner/job/sparse-sums.ts';
import { checkpointGames } from '../../helpers/checkpoint.ts';
import { Global } from '../../../src/runner/play/counters.ts';
import { eventually, HUNG_MS, PROMPT_MS } from '../../helpers/patience.ts';
import { mountTmpfs } from '../../helpers/tmpfs.ts';
import { parlor, runCaptured, startParlor } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();

function readJson(dir: string, file: string): any {
  return JSON.parse(readFileSync(join(dir, file), 'utf8'));
}

/** Waits until the run's checkpoint holds more than `games` games. */
function untilCheckpointPast(dir: string, games: number): Promise<void> {
  return eventually(`a checkpoint past ${games} games in ${dir}`, () => checkpointGames(dir) > games, 2 * PROMPT_MS);
}

const noTemporaryFiles = (dir: string) =>
  assert.deepEqual(
    readdirSync(dir, { recursive: true }).filter((name) => String(name).includes('partial')),
    [],
  );

describe('a running job and its folder', () => {
  test('a trillion-game job starts at once, holds its folder against --force and --resume, and stops on SIGTERM resumable', async () => {
    const dir = join(scratch, 'huge');
    const huge = ['sim', '--games', '1000000000000', '--seed', 'huge', '--workers', '1', '--out', dir];
    const startedAt = Date.now();
    const run = startParlor(huge);
    await untilCheckpointPast(dir, 0);
    // A stop waits for the task in hand, as long as the first one took to play at most.
    const firstCheckpointMs = Date.now() - startedAt;

    const forced = await parlor(['sim', '--games', '100', '--workers', '1', '--out', dir, '--force']);
    assert.equal(forced.code, 3, forced.stderr);
    assert.match(forced.stderr, /^parlor: results folder .* is in use by parlor process \d+ \(started [^)]+\); wait for it/);
    assert.equal(forced.stderr.trim().split('\n').length, 1);
    const resumed = await parlor(['sim', '--resume', dir]);
    assert.equal(resumed.code, 3, resumed.stderr);
    assert.match(resumed.stderr, /in use by parlor process/);

    const stoppedAt = Date.now();
    run.child.kill('SIGTERM');
    const first = await run.finished;
    assert.equal(first.code, 143, first.stderr);
    const stopMs = Date.now() - stoppedAt;
    assert.ok(stopMs < Math.max(PROMPT_MS, 5 * firstCheckpointMs), `stopped ${stopMs} ms after SIGTERM`);
    assert.match(first.stderr, /of 1,000,000,000,000 games; .*continue with: .*sim --resume/);
    assert.ok(!existsSync(join(dir, LOCK_FILE)), 'the lock goes with the run');
    const done = checkpointGames(dir);
    assert.ok(done > 0);

    const again = startParlor(['sim', '--resume', dir]);
    await untilCheckpointPast(dir, done);
    again.child.kill('SIGTERM');
    const second = await again.finished;
    assert.equal(second.code, 143, second.stderr);
    assert.equal(readJson(dir, 'job.json').games, 1e12);
    assert.ok(readJson(dir, 'summary.json').games > done);
    noTemporaryFiles(dir);
  });

  test('--workers beyond a few per core is capped with a note', async () => {
    const run = await runCaptured(['sim', '--games', '200', '--workers', '256', '--out', join(scratch, 'many-workers')]);
    assert.equal(run.code, 0);
    assert.ok(
      run.warnings.some((line) => /^note: --workers 256 capped at \d+ \(2 per core on \d+ cores\)/.test(line)),
      run.warnings.join('\n'),
    );
  });
});

describe('folders that cannot be written', () => {
  test('a results folder under a regular file: one line naming the path and the reason, exit 5', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    const run = await parlor(['sim', '--games', '10', '--workers', '1', '--out', join(file, 'run')]);
    assert.equal(run.code, 5);
    assert.equal(run.stderr, `parlor: cannot write ${join(file, 'run')}: part of the path is a file, not a folder (ENOTDIR)\n`);
  });

  test('a folder the system refuses though its parent exists (/proc): exit 5 at once, naming both', async (t) => {
    if (!existsSync('/proc/self')) return t.skip('no /proc here');
    for (const out of ['/proc/parlor-run', '/proc/parlor-run/deeper']) {
      const { child, finished } = startParlor(['sim', '--games', '10', '--workers', '1', '--out', out]);
      // A recursive mkdir there spins for ever and ignores SIGTERM: the kill tells that apart.
      const timer = setTimeout(() => child.kill('SIGKILL'), HUNG_MS);
      const run = await finished;
      clearTimeout(timer);
      assert.equal(run.signal, null, `${out}: still running after ${HUNG_MS / 1000} s`);
      assert.equal(run.code, 5, run.stderr);
      assert.equal(run.stderr, `parlor: cannot write ${out}: /proc takes no new folders (ENOENT)\n`);
    }
  });

  test('a read-only disk: exit 5 naming EROFS', async (t) => {
    const disk = mountTmpfs('size=64k,ro');
    if (typeof disk === 'string') return t.skip(disk);
    try {
      const run = await parlor(['sim', '--games', '10', '--workers', '1', '--out', join(disk.dir, 'run')]);
      assert.equal(run.code, 5);
      assert.match(run.stderr, /^parlor: cannot write .*\/run: read-only file system \(EROFS\)\n$/);
    } finally {
      disk.unmount();
    }
  });

  test('a disk that fills while the charts are drawn: exit 5, complete results, no temporary files', async (t) => {
    const disk = mountTmpfs('size=128k');
    if (typeof disk === 'string') return t.skip(disk);
    try {
      const dir = join(disk.dir, 'run');
      const run = await parlor(['sim', '--games', '300', '--workers', '1', '--quiet', '--out', dir]);
      assert.equal(run.code, 5, run.stderr);
      assert.match(
        run.stderr,
        /^parlor: cannot write .*charts.*: no space left on device \(ENOSPC\); the results are complete; draw the charts again with: parlor chart /,
      );
      assert.equal(readJson(dir, 'summary.json').complete, true);
      noTemporaryFiles(dir);
      assert.ok(!existsSync(join(dir, LOCK_FILE)));
    } finally {
      disk.unmount();
    }
  });

  test('a disk full mid-run keeps the last checkpoint and resumes from it; a checkpoint edited meanwhile is refused', async () => {
    const args = ['sim', '--games', '3000', '--batch', '500', '--seed', 'full', '--workers', '1'];
    const dir = join(scratch, 'full');
    const realWrite = fs.writeFileSync;
    let checkpoints = 0;
    // The disk fills at the second checkpoint, the first having recorded the run's start.
    mock.method(fs, 'writeFileSync', (file: string, ...rest: unknown[]) => {
      if (file.includes('checkpoint.json') && ++checkpoints >= 2)
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return (realWrite as (...args: unknown[]) => void)(file, ...rest);
    });
    syncBuiltinESMExports();
    let full;
    try {
      full = await runCaptured([...args, '--out', dir]);
    } finally {
      mock.restoreAll();
      syncBuiltinESMExports();
    }
    assert.equal(full.code, 5);
    assert.ok(existsSync(join(dir, 'checkpoint.json')));
    noTemporaryFiles(dir);

    const checkpoint = readFileSync(join(dir, 'checkpoint.json'), 'utf8');
    const edited = JSON.parse(checkpoint);
    const sums = decodeSums(edited.counters[0], edited.counters[0].size);
    sums[Global.GAMES] += 12_345;
    edited.counters[0] = encodeSums(sums);
    writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify(edited));
    const refused = await runCaptured(['sim', '--resume', dir]);
    assert.equal(refused.code, 3);

    writeFileSync(join(dir, 'checkpoint.json'), checkpoint);
    assert.equal((await runCaptured(['sim', '--resume', dir])).code, 0);
    const straight = join(scratch, 'not-full');
    assert.equal((await runCaptured([...args, '--out', straight])).code, 0);
    assert.equal(readFileSync(join(dir, 'summary.json'), 'utf8'), readFileSync(join(straight, 'summary.json'), 'utf8'));
  });
});

describe('resuming a folder whose strategy changed', () => {
  test('a strategy file, or a file it imports, edited since the run started is named and refused', async () => {
    const bot = join(scratch, 'bot');
    mkdirSync(bot);
    writeFileSync(join(bot, 'pick.js'), 'export function pick(count) { return 0; }\n');
    writeFileSync(
      join(bot, 'first.js'),
      "import { pick } from './pick.js';\n" +
        "export default { name: 'first', game: 'love-letter', summary: 'the first legal action', params: [],\n" +
        '  create: () => ({ restart() {}, inform() {}, choose(view, legal, count) { return legal[pick(count)]; } }) };\n',
    );
    const dir = join(scratch, 'edited');
    const run = await runCaptured([
      'sim',
      '--strategies',
      `${join(bot, 'first.js')},random`,
      '--games',
      '50',
      '--workers',
      '1',
      '--out',
      dir,
    ]);
    assert.equal(run.code, 0, run.warnings.join('\n'));
    assert.deepEqual(Object.keys(readJson(dir, 'job.json').sources).length, 2);
    assert.equal((await runCaptured(['sim', '--resume', dir])).code, 0, 'unchanged files resume');

    writeFileSync(join(bot, 'pick.js'), 'export function pick(count) { return count - 1; }\n');
    const refused = await parlor(['sim', '--resume', dir]);
    assert.equal(refused.code, 3);
    assert.match(refused.stderr, /^parlor: cannot resume .*: strategy file .*pick\.js changed or went missing since the run started/);
  });
});

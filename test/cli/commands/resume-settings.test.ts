// A run of bot processes stopped by Ctrl-C and resumed from another folder with the command it
// printed: the rest plays with the run's own timeouts, channel, sandbox and working folder, and a
// replay of one of its games plays it as the run did.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sandboxProblem } from '../../../src/protocol/transport/sandbox.ts';
import { PYTHON } from '../../protocol/helpers.ts';
import { parlor, ROOT, startParlor, type Finished } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();
/** Where the runs start, their bots' relative paths with them. */
const project = join(scratch, 'project');
/** Where they are resumed and replayed from: none of the bots' paths lead anywhere from here. */
const elsewhere = join(scratch, 'elsewhere');
mkdirSync(join(project, 'bots'), { recursive: true });
mkdirSync(elsewhere);

// A Love Letter bot that answers its first turn of a round at once (its first answer has the start
// timeout on top of the move timeout) and takes 3.5 s over every other: a forfeit under
// --move-timeout 2, none under the default 5 s. Its turns follow from the seed, so every run of
// the job is slow in the same games.
writeFileSync(
  join(project, 'bots', 'slow.py'),
  [
    'import random, sys, time',
    `sys.path.insert(0, ${JSON.stringify(join(ROOT, 'strategies', 'external'))})`,
    'from random_bot import Player, run',
    '',
    'class Slow(Player):',
    '    turns = 0',
    '',
    '    def choose(self):',
    '        self.turns += 1',
    '        if self.turns > 1:',
    '            time.sleep(3.5)',
    '        return super().choose()',
    '',
    'run(Slow(int(sys.argv[1]), random.Random(0)))',
    '',
  ].join('\n'),
);

// A strategy file the runs name by its path from the project folder.
copyFileSync(join(ROOT, 'test', 'fixtures', 'strategies', 'first-legal.js'), join(project, 'bots', 'first-legal.js'));

// The example Hearts bot, which refuses to play outside a sandbox (where nothing limits its memory).
copyFileSync(join(ROOT, 'strategies', 'external', 'hearts_bot.py'), join(project, 'bots', 'hearts_bot.py'));
writeFileSync(
  join(project, 'bots', 'confined.py'),
  [
    'import resource, sys',
    'if resource.getrlimit(resource.RLIMIT_DATA)[0] == resource.RLIM_INFINITY:',
    "    sys.exit('not in a sandbox')",
    'from hearts_bot import Bot',
    'Bot(sys.argv[1:]).run()',
    '',
  ].join('\n'),
);

function readJson(dir: string, file: string): any {
  return JSON.parse(readFileSync(join(dir, file), 'utf8'));
}

/** Starts `args` in the project folder and stops it with SIGINT once its first batch is checkpointed. */
async function interruptedAfterFirstBatch(args: readonly string[], dir: string): Promise<Finished> {
  const { child, finished } = startParlor(args, project);
  let exited = false;
  void finished.then(() => (exited = true));
  const batches = () => {
    try {
      const checkpoint = readJson(dir, 'checkpoint.json');
      return checkpoint.merged + checkpoint.pending.length;
    } catch {
      return 0;
    }
  };
  while (!exited && batches() < 1) await sleep(20);
  child.kill('SIGINT');
  return finished;
}

/** Runs the command the stopped run printed to go on with, from `cwd`. */
function continuation(stopped: Finished, cwd: string): Promise<Finished> {
  const hint = /continue with: (.*)$/m.exec(stopped.stderr);
  assert.ok(hint, stopped.stderr);
  const words = hint[1].split(' ');
  const script = words.findIndex((word) => word.endsWith('bin/parlor.js'));
  assert.ok(script >= 0, hint[1]);
  return parlor(words.slice(script + 1), cwd);
}

describe('a resumed run plays with the settings it started with', () => {
  test('--move-timeout: the rest of the run forfeits on the same turns, and a replay shows the forfeit', async () => {
    const job = [
      'sim',
      '--seat',
      `cmd:${PYTHON} bots/slow.py 2`,
      '--seat',
      'random',
      '--rules',
      'winsNeeded=1',
      '--games',
      '10',
      '--batch',
      '2',
      '--workers',
      '1',
      '--seed',
      'slow',
      '--move-timeout',
      '2',
      '--quiet',
    ];
    const dir = join(scratch, 'slow-stopped');
    const stopped = await interruptedAfterFirstBatch([...job, '--out', dir], dir);
    assert.equal(stopped.code, 130, stopped.stderr);
    const partial = readJson(dir, 'summary.json');
    assert.equal(partial.complete, false);
    assert.deepEqual(readJson(dir, 'job.json').play, { moveTimeout: 2, startTimeout: 10 });

    const resumed = await continuation(stopped, elsewhere);
    assert.equal(resumed.code, 0, resumed.stderr);
    const straight = join(scratch, 'slow-straight');
    const reference = await parlor([...job, '--out', straight], project);
    assert.equal(reference.code, 0, reference.stderr);
    const summary = readJson(dir, 'summary.json');
    const timeouts = summary.forfeitGames.filter((note: { reason: string }) => note.reason === 'timeout');
    assert.ok(
      timeouts.some((note: { game: number }) => !partial.forfeitGames.some((before: { game: number }) => before.game === note.game)),
      `the resumed part has timeouts of its own: ${JSON.stringify(summary.forfeitGames)}`,
    );
    assert.ok(!readFileSync(join(dir, 'forfeits.csv'), 'utf8').includes('crashed'), "the bot starts from the run's folder");
    assert.equal(readFileSync(join(dir, 'summary.json'), 'utf8'), readFileSync(join(straight, 'summary.json'), 'utf8'));
    assert.equal(readFileSync(join(dir, 'forfeits.csv'), 'utf8'), readFileSync(join(straight, 'forfeits.csv'), 'utf8'));

    const game = String(timeouts[0].game);
    const replayed = await parlor(['replay', '--job', dir, '--index', game], elsewhere);
    assert.equal(replayed.code, 0, replayed.stderr);
    assert.match(replayed.stdout, /^\{ player 1 forfeits: timeout \(no reply within 2000 ms\) \}$/m);
    const patient = await parlor(['replay', '--job', dir, '--index', game, '--move-timeout', '30'], elsewhere);
    assert.equal(patient.code, 0, patient.stderr);
    assert.doesNotMatch(patient.stdout, /forfeits/, "a timeout typed with the replay replaces the run's");
  });

  test('compare --move-timeout: the rest of the comparison forfeits on its slow turns too', async () => {
    const dir = join(scratch, 'compare-stopped');
    const stopped = await interruptedAfterFirstBatch(
      [
        'compare',
        '--candidate',
        `cmd:${PYTHON} bots/slow.py 2`,
        '--baseline',
        'random',
        '--players',
        '2',
        '--rules',
        'winsNeeded=1',
        // Three looks of one block each: the stop lands after the first, with two to play.
        '--max-games',
        '12',
        '--batch',
        '2',
        '--workers',
        '1',
        '--seed',
        'slow',
        '--move-timeout',
        '2',
        '--quiet',
        '--out',
        dir,
      ],
      dir,
    );
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.deepEqual(readJson(dir, 'job.json').play, { moveTimeout: 2, startTimeout: 10 });
    const played = /stopped after (\d+) of/.exec(stopped.stderr);
    assert.ok(played, stopped.stderr);

    const resumed = await continuation(stopped, elsewhere);
    assert.equal(resumed.code, 2, resumed.stderr);
    const { forfeitGames } = readJson(dir, 'summary.json');
    // Both arms count in the games played; the candidate's are numbered from 0 in its arm alone.
    const armGames = Number(played[1]) / 2;
    assert.ok(
      forfeitGames.some((note: { game: number; reason: string }) => note.reason === 'timeout' && note.game >= armGames),
      `the resumed part has timeouts of its own: ${JSON.stringify(forfeitGames)}`,
    );
    assert.ok(!readFileSync(join(dir, 'forfeits.csv'), 'utf8').includes('crashed'), "the bot starts from the comparison's folder");
  });

  test('--channel stdio and --sandbox: the rest of the run talks to its bots on stdio, in their sandbox', async (t) => {
    const problem = sandboxProblem();
    if (problem !== null) return t.skip(problem);
    const bot = `cmd:${PYTHON} bots/confined.py --stdio`;
    const job = ['sim', '--game', 'hearts', '--seat', bot, '--seat', bot, '--seat', 'ducking', '--seat', 'random'];
    const settings = ['--channel', 'stdio', '--sandbox', 'memory=700', '--games', '100', '--batch', '10', '--workers', '1'];
    const dir = join(scratch, 'hearts-stopped');
    const stopped = await interruptedAfterFirstBatch([...job, ...settings, '--seed', 'stdio', '--quiet', '--out', dir], dir);
    assert.equal(stopped.code, 130, stopped.stderr);
    const recorded = readJson(dir, 'job.json');
    assert.equal(recorded.play.channel, 'stdio');
    assert.equal(recorded.sandbox.memory, 700);

    const resumed = await continuation(stopped, elsewhere);
    assert.equal(resumed.code, 0, resumed.stderr);
    const summary = readJson(dir, 'summary.json');
    assert.equal(summary.complete, true);
    assert.equal(summary.games, 100);
    assert.deepEqual(summary.forfeitGames, []);
    assert.equal(readFileSync(join(dir, 'forfeits.csv'), 'utf8').trim(), 'strategy,reason,count,first');
  });
});

describe('a resumed run loads what its start loaded and keeps what its start kept', () => {
  test('a strategy file named by a relative path, and --transcripts: every game has its log, as an uninterrupted run', async () => {
    const job = ['sim', '--seat', 'bots/first-legal.js', '--seat', 'ismcts:iterations=200', '--games', '600', '--batch', '20'];
    const settings = ['--workers', '1', '--seed', 'kept', '--transcripts', '--quiet'];
    const dir = join(scratch, 'kept-stopped');
    const stopped = await interruptedAfterFirstBatch([...job, ...settings, '--out', dir], dir);
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.equal(readJson(dir, 'job.json').transcripts, true);
    // The logs kept at the stop are those of the games its results count.
    const counted = readJson(dir, 'summary.json').games;
    assert.equal(readdirSync(join(dir, 'transcripts')).length, counted);

    // The command printed, from a folder where bots/first-legal.js leads nowhere.
    const resumed = await continuation(stopped, elsewhere);
    assert.equal(resumed.code, 0, resumed.stderr);
    const straight = join(scratch, 'kept-straight');
    const reference = await parlor([...job, ...settings, '--out', straight], project);
    assert.equal(reference.code, 0, reference.stderr);
    assert.equal(readFileSync(join(dir, 'summary.json'), 'utf8'), readFileSync(join(straight, 'summary.json'), 'utf8'));
    const logs = readdirSync(join(straight, 'transcripts')).sort();
    assert.equal(logs.length, 600);
    assert.deepEqual(readdirSync(join(dir, 'transcripts')).sort(), logs);
    for (const log of logs)
      assert.equal(readFileSync(join(dir, 'transcripts', log), 'utf8'), readFileSync(join(straight, 'transcripts', log), 'utf8'), log);
  });
});

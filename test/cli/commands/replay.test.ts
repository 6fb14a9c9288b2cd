import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { ROOT, parlor, runCaptured, startParlor } from '../cli.ts';
import { PYTHON } from '../../protocol/helpers.ts';
import { scratchDir } from '../../helpers/scratch.ts';
import { eventually } from '../../helpers/patience.ts';

const scratch = scratchDir();
const MATCHUP = ['--game', 'love-letter', '--players', '3', '--strategies', 'random,cautious,counter', '--seed', 'replay'];

async function replay(args: readonly string[]): Promise<string[]> {
  const run = await runCaptured(['replay', ...args]);
  assert.equal(run.code, 0);
  return run.out.join('\n').split('\n');
}

describe('parlor replay', () => {
  test('plays the game a run played: the winner is the seat the one-game run credited', async () => {
    const dir = join(scratch, 'single');
    assert.equal((await runCaptured(['sim', ...MATCHUP, '--games', '1', '--workers', '1', '--out', dir])).code, 0);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    const winners = summary.seats.filter((seat: { wins: number }) => seat.wins > 0).map((seat: { seat: number }) => seat.seat + 1);
    const lines = await replay(['--job', dir, '--index', '0']);
    assert.equal(lines[lines.length - 1], `{ game over: ${winners.length > 1 ? 'winners' : 'winner'} ${winners.join(' ')} }`);
  });

  test('prints the protocol messages of every round, the same from a job or from the options', async () => {
    const dir = join(scratch, 'job');
    assert.equal((await runCaptured(['sim', ...MATCHUP, '--games', '30', '--workers', '1', '--out', dir])).code, 0);
    const fromJob = await replay(['--job', dir, '--index', '17']);
    assert.deepEqual(await replay([...MATCHUP, '--index', '17']), fromJob);
    assert.match(fromJob[0], /^\{ game 17, seed replay, deal 17: 1 random, 2 cautious, 3 counter \}$/);
    assert.equal(fromJob[1], '{ round 1 }');
    assert.ok(fromJob.includes('[manager -> all] player 1'));
    assert.ok(
      fromJob.some((line) => /^\[[123] -> manager\] \w+/.test(line)),
      'the players answer in protocol syntax',
    );
    assert.ok(fromJob.some((line) => /^\{ round over: winners? [123]/.test(line)));
    assert.notDeepEqual(await replay([...MATCHUP, '--index', '18']), fromJob);
  });

  test('shows the rotated seating of a duplicate-design game and the deal it shares with its block', async () => {
    const lines = await replay([...MATCHUP, '--design', 'duplicate', '--index', '7']);
    assert.match(lines[0], /^\{ game 7, seed replay, deal 2: 1 cautious, 2 counter, 3 random \}$/);
    const rotations = await Promise.all([6, 8].map((game) => replay([...MATCHUP, '--design', 'duplicate', '--index', String(game)])));
    const firstDraws = (transcript: string[]) => transcript.filter((line) => /^\[manager -> \d\] draw/.test(line)).slice(0, 3);
    for (const other of rotations) assert.deepEqual(firstDraws(other), firstDraws(lines), 'each position is dealt the same first card');
  });

  test('prints the whole log of a game with a bot process, as the run kept it', async () => {
    const dir = join(scratch, 'bot');
    const bot = `cmd:${PYTHON} strategies/external/random_bot.py 2 7`;
    const seats = ['--seat', bot, '--seat', 'counter', '--seed', 'bot'];
    const run = await runCaptured(['sim', ...seats, '--games', '1', '--transcripts', '--out', dir]);
    assert.equal(run.code, 0, run.warnings.join('\n'));
    const lines = await replay(['--job', dir, '--index', '0']);
    assert.equal(lines[0], `{ game 0, seed bot, deal 0: 1 ${bot}, 2 counter }`);
    assert.ok(
      lines.some((line) => /^\[1 -> manager\] \w+/.test(line)),
      'the bot answers in the log',
    );
    assert.match(lines[lines.length - 1], /^\{ game over: winners? [12]/);
    const kept = readFileSync(join(dir, 'transcripts', 'game-0.txt'), 'utf8')
      .trimEnd()
      .split('\n');
    assert.deepEqual(lines.slice(1, -1), kept.slice(1), 'the messages the run kept, between heading and result');
  });

  test('writes transcripts of in-process games on request, without changing the results', async () => {
    const kept = join(scratch, 'kept');
    const plain = join(scratch, 'plain');
    const sim = ['sim', ...MATCHUP, '--design', 'duplicate', '--games', '6', '--workers', '1'];
    assert.equal((await runCaptured([...sim, '--transcripts', '--out', kept])).code, 0);
    assert.equal((await runCaptured([...sim, '--out', plain])).code, 0);
    assert.equal(readFileSync(join(kept, 'summary.json'), 'utf8'), readFileSync(join(plain, 'summary.json'), 'utf8'));
    assert.deepEqual(
      readdirSync(join(kept, 'transcripts')).sort(),
      [0, 1, 2, 3, 4, 5].map((game) => `game-${game}.txt`),
    );
    assert.ok(!existsSync(join(plain, 'transcripts')), 'nothing written unless asked');
    for (const game of [0, 4]) {
      const lines = await replay(['--job', kept, '--index', String(game)]);
      assert.equal(readFileSync(join(kept, 'transcripts', `game-${game}.txt`), 'utf8'), `${lines.join('\n')}\n`, `game ${game}`);
    }
  });

  test('shows a forfeit with its reason, where the run pointed to it', async () => {
    const dir = join(scratch, 'forfeits');
    const run = await runCaptured([
      'sim',
      '--strategies',
      'test/runner/fixtures/throws.ts,random',
      '--games',
      '3',
      '--workers',
      '1',
      '--seed',
      'f',
      '--out',
      dir,
    ]);
    assert.equal(run.code, 0);
    assert.equal(run.warnings.length, 3, 'one note a game: the strategy forfeits every game');
    assert.match(
      run.warnings[1],
      new RegExp(
        `forfeit in game 1 \\(--game love-letter --seed f --index 1\\): seat 0, test/runner/fixtures/throws\\.ts, strategy-error: ` +
          `no idea what to play \\(test/runner/fixtures/throws\\.ts:12\\); transcript: parlor replay --job ${dir} --index 1`,
      ),
    );
    const [header, row] = readFileSync(join(dir, 'forfeits.csv'), 'utf8').trim().split('\n');
    assert.equal(header, 'strategy,reason,count,first');
    assert.match(
      row,
      /^test\/runner\/fixtures\/throws\.ts,strategy-error,\d+,no idea what to play \(test\/runner\/fixtures\/throws\.ts:12\)$/,
    );
    const lines = await replay(['--job', dir, '--index', '1']);
    assert.ok(lines.includes('{ player 1 forfeits: strategy-error (no idea what to play (test/runner/fixtures/throws.ts:12)) }'));
    // The strategy's relative path is found from the folder the run was started in.
    const elsewhere = await parlor(['replay', '--job', dir, '--index', '1'], scratch);
    assert.equal(elsewhere.code, 0, elsewhere.stderr);
    assert.match(elsewhere.stdout, /no idea what to play/);
  });

  test("plays either arm of a comparison, each numbering its games from 0, where its summary's forfeits point", async () => {
    const dir = join(scratch, 'compare');
    const args = ['--candidate', 'counter', '--baseline', 'test/runner/fixtures/throws.ts', '--opponents', 'random'];
    const run = await runCaptured([
      'compare',
      ...args,
      '--max-games',
      '8',
      '--batch',
      '4',
      '--workers',
      '1',
      '--seed',
      'arms',
      '--out',
      dir,
    ]);
    assert.ok(run.code === 0 || run.code === 2, run.warnings.join('\n'));
    const { forfeitGames } = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    assert.ok(forfeitGames.length > 0);
    for (const note of forfeitGames) {
      assert.equal(note.arm, 'baseline', JSON.stringify(note));
      const baseline = await replay(['--job', dir, '--arm', 'baseline', '--index', String(note.game)]);
      assert.ok(
        baseline.some((line) => /^\{ player \d forfeits: strategy-error \(no idea what to play/.test(line)),
        `game ${note.game} of the baseline's arm`,
      );
      const candidate = await replay(['--job', dir, '--index', String(note.game)]);
      assert.ok(!candidate.some((line) => /forfeits/.test(line)), "the candidate's game of that number has no forfeit");
    }
    const beyond = await parlor(['replay', '--job', dir, '--arm', 'baseline', '--index', '4']);
    assert.equal(beyond.code, 3);
    assert.match(beyond.stderr, /--index 4: each arm of the comparison in .* has games 0 to 3/);
    const notCompare = await parlor(['replay', '--job', join(scratch, 'single'), '--arm', 'baseline', '--index', '0']);
    assert.equal(notCompare.code, 3);
    assert.match(notCompare.stderr, /--arm applies to a compare run's folder/);
  });

  test('stopped by a signal while its bots play, leaves no scratch folder behind', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      // The replay's own temporary folders go to a folder of the test's, to be found there.
      const tmp = join(scratch, `replay-tmp-${signal}`);
      mkdirSync(tmp);
      const pondering = join(tmp, 'pondering');
      const bot = `cmd:${PYTHON} ${join(ROOT, 'test/fixtures/bots/speedclue/timeout.py')}`;
      const seats = ['--game', 'speedclue', '--seat', bot, '--seat', 'simple', '--seat', 'simple', '--seed', 'stopped', '--index', '0'];
      const { child, finished } = startParlor(['replay', ...seats, '--move-timeout', '600'], ROOT, { TMPDIR: tmp, PONDERING: pondering });
      await eventually('the bot thinks over its accusation', () => existsSync(pondering));
      child.kill(signal);
      const run = await finished;
      assert.ok(run.signal === signal || run.code === 128 + constants.signals[signal], `ended by ${run.signal ?? run.code}: ${run.stderr}`);
      assert.deepEqual(
        readdirSync(tmp).filter((name) => name.startsWith('parlor-')),
        [],
        'no scratch folder is left',
      );
    }
  });
});

// parlor tune with bots as users run it: a child process of bin/parlor.js whose bots get their
// values on their command lines, play in a sandbox, or forfeit, with the compare that replays them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { sandboxProblem } from '../../../src/protocol/transport/sandbox.ts';
import { PYTHON } from '../../protocol/helpers.ts';
import { parlor, ROOT } from '../cli.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const scratch = scratchDir();

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

describe('parlor tune with bots', () => {
  test("a bot's parameters reach it as --name=value at the end of its command line", async () => {
    const notes = join(scratch, 'bot-notes');
    mkdirSync(notes);
    const bot = `cmd:${PYTHON} ${join(ROOT, 'test/fixtures/bots/param_bot.py')} ${notes} 2`;
    const dir = join(scratch, 'bot');
    const args = ['tune', '--game', 'love-letter', '--players', '2', '--strategy', bot, '--opponents', 'random'];
    const run = await parlor([
      ...args,
      '--param',
      'depth=3:1:8:1',
      '--iterations',
      '1',
      '--iteration-games',
      '2',
      '--verify-games',
      '4',
      '--out',
      dir,
    ]);
    assert.ok([0, 1, 2].includes(run.code ?? -1), run.stderr);
    assert.equal(run.stderr, '');
    const [, , , , plus, minus] = read(dir, 'trajectory.csv').trim().split('\n')[1].split(',');
    const started = new Set(read(notes, 'arguments.txt').trim().split('\n'));
    assert.ok(started.has(`--depth=${plus}`) && started.has(`--depth=${minus}`), [...started].join('; '));
    assert.ok(
      [...started].every((line) => /^--depth=\d$/.test(line)),
      [...started].join('; '),
    );
    // Each value's bot has its log in the run's folder, as a compare's bots do.
    const logs = readdirSync(join(dir, 'bots')).map((name) => read(join(dir, 'bots'), name));
    assert.ok(
      [...started].every((line) => logs.some((log) => log.includes(`started with ${line}`))),
      logs.join('\n'),
    );
  });

  test('--sandbox runs its bots in their sandbox, records the limits, and the replay of an iteration plays in it too', async (t) => {
    const problem = sandboxProblem();
    if (problem !== null) return t.skip(problem);
    const bots = join(scratch, 'sandbox-bots');
    mkdirSync(bots);
    // The sandbox shows a bot its own folder, not the project's.
    cpSync(join(ROOT, 'strategies/external/random_bot.py'), join(bots, 'random_bot.py'));
    // Plays only where its memory is limited, as in the sandbox (elsewhere it fails at its start),
    // and gives up at its third message, a forfeit for the replay to play again.
    writeFileSync(
      join(bots, 'confined.py'),
      [
        'import random, resource, sys',
        'if resource.getrlimit(resource.RLIMIT_DATA)[0] == resource.RLIM_INFINITY:',
        "    sys.exit('not in a sandbox')",
        'from random_bot import Player',
        'player = Player(2, random.Random(0))',
        "for count, line in enumerate(iter(sys.stdin.readline, '')):",
        '    if count == 2:',
        "        sys.exit('gives up')",
        '    reply = player.handle(line)',
        '    if reply is not None:',
        '        print(reply, flush=True)',
        '',
      ].join('\n'),
    );
    const dir = join(scratch, 'sandboxed');
    const run = await parlor([
      ...['tune', '--game', 'love-letter', '--players', '2', '--strategy', `cmd:${PYTHON} ${join(bots, 'confined.py')}`],
      ...['--opponents', 'random', '--param', 'depth=3:1:8:1', '--iterations', '1', '--iteration-games', '2', '--verify-games', '4'],
      ...['--sandbox', 'memory=700', '--seed', 'sandboxed', '--out', dir],
    ]);
    assert.ok([0, 1, 2].includes(run.code ?? -1), run.stderr);
    assert.equal(JSON.parse(read(dir, 'job.json')).sandbox.memory, 700);
    const hint = /^parlor: iteration 1: (\d+) forfeits; its games replay with node \S*bin\/parlor\.js (compare .*)$/m.exec(run.stderr);
    assert.ok(hint, run.stderr);
    assert.match(hint[2], / --sandbox memory=700,/);
    const replay = await parlor([...(parse(hint[2]) as string[]), '--json', '--out', join(scratch, 'sandboxed-replayed')]);
    const replayed = JSON.parse(replay.stdout) as { forfeits: { count: number; reason: string }[] };
    assert.equal(
      replayed.forfeits.reduce((sum, row) => sum + row.count, 0),
      Number(hint[1]),
    );
  });

  test('an iteration with forfeits prints the compare that plays its games again; kept values exit 2; a resume takes the same settings', async () => {
    const dir = join(scratch, 'forfeits');
    // Both arms idle far past the move timeout on every decision: each game ends in a timeout.
    const run = await parlor([
      'tune',
      '--strategy',
      'test/fixtures/strategies/unhurried.ts',
      '--param',
      'ms=300:200:400',
      '--opponents',
      'random',
      '--players',
      '2',
      '--rules',
      // Two rounds a game: a seat that times out in both forfeits twice in one game.
      'winsNeeded=2',
      '--iterations',
      '1',
      '--iteration-games',
      '2',
      '--verify-games',
      '4',
      '--move-timeout',
      '0.05',
      '--workers',
      '1',
      '--seed',
      'forfeits',
      '--out',
      dir,
    ]);
    // Timeouts on both sides score nothing, so the values stay where they started and nothing is verified.
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /the tuned values are the starting ones: nothing to verify \(exit 2\)/);
    const hint = /^parlor: iteration 1: (\d+) forfeits; its games replay with node \S*bin\/parlor\.js (compare .*)$/m.exec(run.stderr);
    assert.ok(hint, run.stderr);
    const replay = await parlor([...(parse(hint[2]) as string[]), '--json', '--out', join(scratch, 'forfeits-replayed')]);
    const replayed = JSON.parse(replay.stdout) as { games: number; forfeits: { count: number }[] };
    assert.equal(replayed.games, 4, 'both arms of the iteration, and no more');
    assert.equal(
      replayed.forfeits.reduce((sum, row) => sum + row.count, 0),
      Number(hint[1]),
    );
    // The run's start timeout (recorded as the default) typed again is accepted; another is refused.
    const again = await parlor(['tune', '--resume', dir, '--start-timeout', '10']);
    assert.notEqual(again.code, 3, again.stderr);
    // Its one iteration was played: nothing goes on.
    assert.match(again.stdout, /seed '[^']*'; all 1 done\n/);
    const other = await parlor(['tune', '--resume', dir, '--start-timeout', '20']);
    assert.equal(other.code, 3);
    assert.match(other.stderr, /--start-timeout 20 differs from what the run played with \(10\)/);
  });
});

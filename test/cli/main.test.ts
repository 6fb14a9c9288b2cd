// Bad input, as a user meets it: one line on stderr, exit status 3, nothing on stdout, no stack trace.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, showsProgress } from '../../src/cli/main.ts';
import { BUILTIN_REGISTRY_MODULE, builtinRegistry } from '../../src/app.ts';
import type { Registry } from '../../src/core/registry.ts';
import { StoppedError } from '../../src/core/errors.ts';
import { parlor, runCaptured } from './cli.ts';
import { scratchDir } from '../helpers/scratch.ts';

const scratch = scratchDir();
const sim = ['sim', '--players', '3', '--strategies', 'random,random,cautious', '--seed', 'bad', '--workers', '1'];

/** Results folders to resume: one finished sim, one finished tournament. */
const folders = (async () => {
  const done = join(scratch, 'done');
  const tournament = join(scratch, 'tournament');
  assert.equal((await runCaptured([...sim, '--games', '30', '--out', done])).code, 0);
  assert.equal(
    (
      await runCaptured([
        'tournament',
        '--strategies',
        'random,cautious',
        '--players',
        '2',
        '--games',
        '20',
        '--workers',
        '1',
        '--out',
        tournament,
      ])
    ).code,
    0,
  );
  const foreign = join(scratch, 'foreign');
  cpSync(done, foreign, { recursive: true });
  writeFileSync(join(foreign, 'checkpoint.json'), JSON.stringify({ job: '0123456789abcdef', merged: 0, counters: [[]], pending: [] }));
  const damaged = join(scratch, 'damaged');
  mkdirSync(damaged);
  writeFileSync(join(damaged, 'job.json'), '{"id": "x", "game": ');
  // A tuning run's folder, as far as a command reads it to tell what it holds.
  const tuning = join(scratch, 'tuning');
  mkdirSync(tuning);
  writeFileSync(join(tuning, 'job.json'), JSON.stringify({ command: 'tune', game: 'love-letter', params: [] }));
  const occupied = join(scratch, 'occupied');
  mkdirSync(occupied);
  writeFileSync(join(occupied, 'notes.txt'), 'mine');
  return { done, tournament, foreign, damaged, occupied, tuning };
})();

type Folders = Awaited<typeof folders>;

const CASES: readonly (readonly [string, (f: Folders) => string[], RegExp])[] = [
  ['an unknown strategy', () => ['sim', '--strategies', 'random,nonesuch'], /unknown strategy 'nonesuch'/],
  ['an unknown game', () => ['sim', '--game', 'chess'], /unknown game 'chess'/],
  [
    'too few strategies for the players',
    () => ['sim', '--players', '3', '--strategies', 'random,cautious'],
    /2 strategies given for 3 players/,
  ],
  ['five players', () => ['tournament', '--players', '5'], /2 to 4 players, got 5/],
  ['one player', () => ['sim', '--players', '1'], /2 to 4 players, got 1/],
  ['no games', () => ['sim', '--games', '0'], /--games must be an integer from 1/],
  ['workers that are not a number', () => ['sim', '--workers', 'two'], /--workers must be an integer/],
  ['an unknown design', () => ['sim', '--design', 'triplicate'], /--design must be one of independent, duplicate/],
  ['an unknown rule', () => ['sim', '--rules', 'jokers=2'], /unknown rule 'jokers'/],
  ['a strategy file that is not there', () => ['sim', '--strategies', './nowhere/bot.ts,random'], /cannot read \.\/nowhere\/bot\.ts/],
  ['a strategy twice in a tournament', () => ['tournament', '--strategies', 'random,random'], /each strategy once/],
  ['an existing results folder', (f) => [...sim, '--games', '30', '--out', f.done], /already exists \(use --force/],
  ['--force on a folder that holds something else', (f) => [...sim, '--out', f.occupied, '--force'], /not a parlor results folder/],
  // Not "use --force", which the folder would refuse next.
  ['a folder that holds something else', (f) => [...sim, '--out', f.occupied], /not a parlor results folder/],
  ['a resume folder that is not there', (f) => ['sim', '--resume', join(f.done, 'missing')], /cannot read .*missing/],
  ['a damaged resume folder', (f) => ['sim', '--resume', f.damaged], /damaged: job\.json is not valid JSON/],
  [
    "a resume folder holding another job's checkpoint",
    (f) => ['sim', '--resume', f.foreign],
    /cannot resume .*belongs to job 0123456789abcdef/,
  ],
  ['options that describe another job', (f) => ['sim', '--resume', f.done, '--seed', 'other'], /describe another job \(seed differ\)/],
  ['a tournament folder resumed as a sim', (f) => ['sim', '--resume', f.tournament], /holds a tournament run, not a sim run/],
  ['a replay of a game the job does not have', (f) => ['replay', '--job', f.done, '--index', '30'], /has games 0 to 29/],
  [
    'a replay that names no game',
    () => ['replay', '--index', '0'],
    /--game <id> is required without --job \(games: love-letter, hearts, dominion, speedclue\)/,
  ],
  [
    'compare given --games',
    () => ['compare', '--candidate', 'counter', '--baseline', 'random', '--games', '100'],
    /did you mean --max-games/,
  ],
  // Commander puts its suggestion on a line of its own.
  ['a misspelled option', () => ['sim', '--gmes', '5'], /unknown option '--gmes' \(did you mean --games\?\)/],
  ['a misspelled command', () => ['tournment'], /unknown command 'tournment' \(did you mean tournament\?\)/],
  // An empty value is an unset shell variable: a resume would have started a new run, --out read as a file.
  ['an empty --resume', () => ['sim', '--resume', ''], /--resume needs a value \(<dir>\), got ''/],
  ['an empty --out', () => [...sim, '--out', ''], /--out needs a value \(<dir>\), got ''/],
  ['an empty --seed', () => ['sim', '--seed', ''], /--seed needs a value \(<text>\), got ''/],
  ['an empty --launch', () => ['contest', '--launch', ''], /--launch needs a value \(<file>\), got ''/],
  // A near miss of a known name is answered with the name meant, beside the list.
  ['a misspelled game', () => ['sim', '--game', 'love-leter'], /unknown game 'love-leter' \(did you mean love-letter\? known: /],
  [
    'a misspelled strategy',
    () => ['sim', '--strategies', 'random,cautios'],
    /unknown strategy 'cautios' \(did you mean cautious\? built-in: /,
  ],
  ['a misspelled design', () => ['sim', '--design', 'duplicat'], /got 'duplicat' \(did you mean duplicate\?\)$/],
  ['a misspelled channel', () => ['sim', '--channel', 'tpc'], /got 'tpc' \(did you mean tcp\?\)$/],
  ['a misspelled rule', () => ['sim', '--rules', 'winsNeded=2'], /unknown rule 'winsNeded' \(did you mean winsNeeded\? known: /],
  [
    'a misspelled rule value',
    () => ['sim', '--game', 'hearts', '--rules', 'moon=all-point'],
    /moon must be one of .*, got 'all-point' \(did you mean all-points\?\)$/,
  ],
  [
    "a misspelled strategy's parameter",
    () => ['sim', '--strategies', 'ismcts:itrations=5,random'],
    /unknown parameter 'itrations' \(did you mean iterations\? parameters: /,
  ],
  ['an empty --seat', () => ['sim', '--seat', '', '--seat', 'random'], /--seat needs a strategy/],
  [
    'a rule given twice',
    () => ['sim', '--rules', 'winsNeeded=2,winsNeeded=3'],
    /--rules: winsNeeded is given twice \(winsNeeded=2 and winsNeeded=3\)/,
  ],
  [
    'a rule given again in a second --rules',
    () => ['sim', '--rules', 'winsNeeded=2', '--rules', 'roundTie=lowest-seat,winsNeeded=2'],
    /--rules: winsNeeded is given twice/,
  ],
  [
    'an empty entry among the strategies',
    () => ['sim', '--strategies', 'random,,random'],
    /--strategies 'random,,random': entry 2 is empty/,
  ],
  [
    'an empty entry at the end of the opponents',
    () => ['compare', '--candidate', 'counter', '--baseline', 'random', '--opponents', 'random,'],
    /--opponents 'random,': entry 2 is empty/,
  ],
  [
    'a contest of a game that is not played as one',
    () => ['contest', '--game', 'hearts', '--strategies', 'random,random,random'],
    /give --game speedclue/,
  ],
  [
    'a built-in whose parameter cannot start it',
    () => ['sim', '--game', 'hearts', '--seat', 'mcts:rollout=nosuch', '--seat', 'random', '--seat', 'random', '--games', '4'],
    // Named alone: not the whole match-up, whose other seats start.
    /strategy module mcts:rollout=nosuch: failed to start: .*no built-in rollout strategy 'nosuch'/,
  ],
  ["a compare resume of a tuning run's folder", (f) => ['compare', '--resume', f.tuning], /holds a tune run, not a compare run/],
  ["a replay from a tuning run's folder", (f) => ['replay', '--job', f.tuning, '--index', '1'], /holds a tune run.*--job .*tuning\/verify/],
  [
    'a replay from a file given as the folder',
    (f) => ['replay', '--job', join(f.done, 'summary.json'), '--index', '1'],
    /summary\.json: not a folder/,
  ],
  ['a chart of a file given as the folder', (f) => ['chart', join(f.done, 'summary.json')], /summary\.json: not a folder/],
  ['a resume from a file given as the folder', (f) => ['sim', '--resume', join(f.done, 'job.json')], /job\.json: not a folder/],
  ['a replay from a job that is not there', (f) => ['replay', '--job', join(f.done, 'nope'), '--index', '1'], /cannot read/],
];

/** Runs jobs at most `size` at a time: every case is a process, and the machine has two cores. */
function limiter(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    while (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await job();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

describe('bad input', () => {
  const slot = limiter(2);
  const runs = CASES.map(([, args]) => folders.then((f) => slot(() => parlor(args(f)))));
  CASES.forEach(([name, , mentions], index) => {
    test(`${name}: one clear line and exit status 3`, async () => {
      const run = await runs[index];
      assert.equal(run.code, 3, run.stderr);
      assert.equal(run.stdout, '');
      const lines = run.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, `stderr was:\n${run.stderr}`);
      assert.match(lines[0], /^parlor/);
      assert.match(lines[0], mentions);
      assert.doesNotMatch(run.stderr, /\n\s+at |Error:/);
    });
  });
});

describe('progress', () => {
  test('shows on a terminal only, and never under --quiet', () => {
    assert.equal(showsProgress({ isTTY: true }, false), true);
    assert.equal(showsProgress({ isTTY: true }, true), false);
    assert.equal(showsProgress({ isTTY: false }, false), false);
    assert.equal(showsProgress({}, false), false);
  });

  test('a run whose stderr is a pipe writes nothing there, and its workers start from any folder', async () => {
    const elsewhere = scratchDir();
    const run = await parlor([...sim, '--games', '3000', '--workers', '2', '--batch', '100', '--out', 'piped'], elsewhere);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    assert.match(run.stdout, /3,000 games of love-letter/);
    assert.match(run.stdout, /results: piped\n$/);
    assert.ok(existsSync(join(elsewhere, 'piped', 'summary.json')));
  });
});

describe('a step that a signal stopped', () => {
  test("exits with the signal's status and its one line, as a run stopped by it does", async () => {
    // As the Dominion engine's first compile, which blocks parlor, ends when Ctrl-C reaches its compiler.
    const registry = Object.create(builtinRegistry(), {
      game: {
        value: () => {
          throw new StoppedError('SIGTERM', 'compiling the dominion engine');
        },
      },
    }) as Registry;
    const written: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((text: string) => written.push(text) > 0) as typeof process.stderr.write;
    try {
      const context = {
        registry,
        registryModule: BUILTIN_REGISTRY_MODULE,
        resultHooks: [],
        print: () => {},
        progress: () => {},
        warn: () => {},
      };
      assert.equal(await run(['sim', '--game', 'dominion', '--out', join(scratch, 'stopped')], context), 143);
    } finally {
      process.stderr.write = write;
    }
    assert.deepEqual(written, [
      'parlor: stopped by SIGTERM while compiling the dominion engine; nothing was written (the next start does it again)\n',
    ]);
    assert.equal(existsSync(join(scratch, 'stopped')), false);
  });
});

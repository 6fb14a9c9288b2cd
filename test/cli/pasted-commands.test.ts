// The commands parlor prints for pasting (resume a run, replay a forfeit) must read back, word for
// word, as the shell splits them: a results folder or a seed with a space in it is one word.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { resumeCommand } from '../../src/cli/invocation.ts';
import { shellWord } from '../../src/core/shell-word.ts';
import { ROOT, runCaptured } from './cli.ts';
import { scratchDir } from '../helpers/scratch.ts';

/** The words the shell would pass for `line`. */
function words(line: string): string[] {
  return parse(line).map((word) => {
    assert.equal(typeof word, 'string', `${line} holds shell syntax: ${JSON.stringify(word)}`);
    return word as string;
  });
}

/** The word after `flag` in `command`, as the shell splits it. */
function after(command: string, flag: string): string {
  const split = words(command);
  return split[split.indexOf(flag) + 1];
}

describe('commands printed for pasting', () => {
  test('a word the shell would split or expand is quoted, one it reads as it stands is left alone', () => {
    for (const word of ['results/run 1', "it's", '$HOME', 'a;b', '', 'x*'])
      assert.deepEqual(words(`echo ${shellWord(word)}`), ['echo', word]);
    assert.equal(shellWord('results/2026-11-27-sim'), 'results/2026-11-27-sim');
  });

  test('the resume hint keeps a folder with spaces, and a Redis URL, one word each, its password masked', () => {
    const hint = resumeCommand('sim', '/tmp/my runs/r 3', 'redis://h o:6379/1', 'node bin/parlor.js');
    assert.deepEqual(words(hint), ['node', 'bin/parlor.js', 'sim', '--resume', '/tmp/my runs/r 3', '--redis', 'redis://h o:6379/1']);
    const secret = resumeCommand('sim', 'results/r1', 'redis://:pa ss@host:6379', 'parlor');
    assert.equal(secret, "parlor sim --resume results/r1 --redis 'redis://:***@host:6379' (the queue's password in place of ***)");
    assert.equal(resumeCommand('tune', 'results/t1', undefined, 'parlor'), 'parlor tune --resume results/t1');
  });

  test("a forfeit's replay and transcript commands keep a seed and a folder with spaces one word each", async () => {
    const scratch = scratchDir();
    try {
      const file = join(scratch, 'self soldier.ts');
      copyFileSync(join(ROOT, 'test/fixtures/strategies/self-soldier.ts'), file);
      const out = join(scratch, 'my results');
      const run = await runCaptured([
        'sim',
        '--strategies',
        `${file},random`,
        '--games',
        '1',
        '--seed',
        'two words',
        '--workers',
        '1',
        '--out',
        out,
      ]);
      assert.equal(run.code, 0, run.warnings.join('\n'));
      const forfeit = run.warnings.find((line) => line.startsWith('forfeit in game 0'));
      assert.ok(forfeit, run.warnings.join('\n'));
      const flags = /\((--game .*?)\): seat/.exec(forfeit)![1];
      assert.equal(after(flags, '--seed'), 'two words');
      const transcript = /transcript: (.*)$/.exec(forfeit)![1];
      assert.equal(after(transcript, '--job'), out);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

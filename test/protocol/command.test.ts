import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCodes, ParlorError } from '../../src/core/errors.ts';
import { parseStrategySpec } from '../../src/core/strategy-spec.ts';
import { checkProgram, isExternalSpec, parseBotCommand } from '../../src/protocol/command.ts';

function badCommand(fn: () => unknown, pattern: RegExp): void {
  assert.throws(
    fn,
    (error: unknown) => error instanceof ParlorError && error.code === ErrorCodes.BAD_BOT_COMMAND && pattern.test(error.message),
  );
}

describe('cmd: seat specs', () => {
  test('are told apart from strategies, file paths and parameters', () => {
    assert.equal(isExternalSpec('cmd:python3 bot.py'), true);
    assert.equal(isExternalSpec('  cmd:./bot'), true);
    assert.equal(isExternalSpec('random'), false);
    assert.equal(isExternalSpec('ismcts:iterations=100'), false);
    assert.equal(isExternalSpec('bots/cmd:x.ts'), false);
  });

  test('keep their whole command line as the spec text, not as parameters', () => {
    const spec = parseStrategySpec(' cmd:python3 bot.py --level=2 ');
    assert.deepEqual(spec, { text: 'cmd:python3 bot.py --level=2', name: 'cmd:python3 bot.py --level=2', params: {} });
  });

  test('split like a shell: quotes, backslashes and set variables', () => {
    process.env.PARLOR_TEST_DIR = '/opt/my bots';
    try {
      assert.deepEqual(parseBotCommand(`cmd:python3 "my bot.py" 'a b' c\\ d --x=1`), {
        program: 'python3',
        args: ['my bot.py', 'a b', 'c d', '--x=1'],
      });
      assert.deepEqual(parseBotCommand('cmd:$PARLOR_TEST_DIR/bot "$PARLOR_TEST_DIR"'), {
        program: '/opt/my bots/bot',
        args: ['/opt/my bots'],
      });
      assert.deepEqual(parseBotCommand("cmd:echo '$PARLOR_TEST_DIR'"), { program: 'echo', args: ['$PARLOR_TEST_DIR'] });
    } finally {
      delete process.env.PARLOR_TEST_DIR;
    }
  });

  test('refuse what would need a shell, with one clear line', () => {
    badCommand(() => parseBotCommand('cmd:bot | tee log'), /operator '\|'/);
    badCommand(() => parseBotCommand('cmd:bot > out.txt'), /operator '>'/);
    badCommand(() => parseBotCommand('cmd:make && ./bot'), /operator '&&'/);
    badCommand(() => parseBotCommand('cmd:bot; rm x'), /operator ';'/);
    badCommand(() => parseBotCommand('cmd:bot $(cat args)'), /'\$\(\.\.\.\)' would need a shell/);
    badCommand(() => parseBotCommand('cmd:python3 *.py'), /'\*\.py' would need a shell/);
    badCommand(() => parseBotCommand('cmd:$PARLOR_SURELY_UNSET_VARIABLE/bot'), /\$PARLOR_SURELY_UNSET_VARIABLE is not set/);
    badCommand(() => parseBotCommand('cmd:'), /no program/);
    badCommand(() => parseBotCommand('cmd:  # only a comment'), /no program/);
  });

  test('name a program that can be started, on PATH or by path', () => {
    checkProgram({ program: 'sh', args: [] }, process.cwd());
    checkProgram({ program: '/bin/sh', args: [] }, '/');
    badCommand(() => checkProgram({ program: 'parlor-no-such-bot', args: [] }, process.cwd()), /not found on PATH/);
    badCommand(() => checkProgram({ program: './no/such/bot', args: [] }, process.cwd()), /is not an executable file/);
    badCommand(() => checkProgram({ program: './strategies/external/random_bot.c', args: [] }, process.cwd()), /is not an executable file/);
  });
});

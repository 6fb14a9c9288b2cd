import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, lstatSync, watch } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { CommandContext } from '../../../src/cli/command.ts';
import { runBot } from '../../../src/cli/commands/bot.ts';
import { ErrorCodes, ParlorError } from '../../../src/core/errors.ts';
import { fifoPaths, openFifoEnd } from '../../../src/protocol/transport/fifo.ts';
import { createFramer } from '../../../src/protocol/transport/framing.ts';
import { builtinRegistry } from '../../../src/app.ts';
import { eventually, PROMPT_MS } from '../../helpers/patience.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;

function context(): CommandContext {
  return {
    registry: builtinRegistry(),
    registryModule: new URL('../../../src/app.ts', import.meta.url).href,
    resultHooks: [],
    print: () => {},
    progress: () => {},
    warn: () => {},
  };
}

describe('parlor bot --game hearts', () => {
  test("makes its FIFOs as the C template does, plays the server's session on them, and removes them at the end", async () => {
    const name = `pb${process.pid.toString(36)}`;
    const paths = fifoPaths(name);
    const args = [join(ROOT, 'bin/parlor.js'), 'bot', '--game', 'hearts', 'first-legal', name, '--rules', 'profile=zadikian-server'];
    const bot = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    await eventually('the bot made its FIFOs', () => existsSync(paths.botOut) && lstatSync(paths.botIn).isFIFO());
    const deadline = performance.now() + PROMPT_MS;
    const toBot = (await openFifoEnd(paths.botIn, true, () => performance.now() > deadline))!;
    const fromBot = (await openFifoEnd(paths.botOut, false, () => performance.now() > deadline))!;
    const framer = createFramer('vlq-nul', 100);
    const replies: string[] = [];
    let heard: () => void = () => {};
    fromBot.on('data', (chunk: Buffer) => {
      const pushed = framer.push(chunk, Infinity);
      assert.ok('messages' in pushed);
      replies.push(...pushed.messages);
      heard();
    });
    const ask = async (text: string) => {
      const before = replies.length;
      const answered = new Promise<void>((resolve) => (heard = () => replies.length > before && resolve()));
      toBot.write(createFramer('vlq-nul', 100).encode(text));
      await answered;
      return replies.at(-1);
    };
    assert.equal(await ask('@'), name);
    // The spec's example deal: player 1 of 4 holds the 7 to 3 of clubs and eight hearts, player 2 leads.
    for (const notice of [':4,1,2,34,33,32,31,30,17,18,19,20,21,22,23,24', ']2,29', ']3,35', ']0,36']) {
      toBot.write(createFramer('vlq-nul', 100).encode(notice, 61));
    }
    assert.equal(await ask('['), '0', 'the first club in the order dealt');
    const exited = once(bot, 'exit');
    toBot.end(createFramer('vlq-nul', 100).encode(';'));
    assert.deepEqual(await exited, [0, null]);
    fromBot.destroy();
    assert.ok(!existsSync(paths.botIn) && !existsSync(paths.botOut), 'its FIFOs are gone');
  });

  test('removes its FIFOs when a signal stops it, and ends as that signal ends a process', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const name = `ps${process.pid.toString(36)}${signal.slice(3, 5).toLowerCase()}`;
      const paths = fifoPaths(name);
      const bot = spawn(process.execPath, [join(ROOT, 'bin/parlor.js'), 'bot', '--game', 'hearts', 'first-legal', name], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await eventually('the bot made its FIFOs', () => existsSync(paths.botIn) && existsSync(paths.botOut));
      const exited = once(bot, 'exit');
      bot.kill(signal);
      assert.deepEqual(await exited, [null, signal]);
      assert.ok(!existsSync(paths.botIn) && !existsSync(paths.botOut), `its FIFOs are gone after ${signal}`);
    }
  });

  test('removes its FIFOs when signals come the moment the first of them appears, twice over', async () => {
    const name = `pf${process.pid.toString(36)}`;
    const paths = fifoPaths(name);
    // Watching the folder, not polling it, so the signals land while the second FIFO is being made.
    const watcher = watch(dirname(paths.botIn));
    const bot = spawn(process.execPath, [join(ROOT, 'bin/parlor.js'), 'bot', '--game', 'hearts', 'first-legal', name], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = once(bot, 'exit');
    watcher.once('change', function signalTwice(_, file) {
      if (file !== basename(paths.botIn)) return void watcher.once('change', signalTwice);
      bot.kill('SIGTERM');
      bot.kill('SIGTERM');
    });
    assert.deepEqual(await exited, [null, 'SIGTERM']);
    watcher.close();
    assert.ok(!existsSync(paths.botIn) && !existsSync(paths.botOut), 'its FIFOs are gone');
  });

  test("a server that hangs up before its ';' cut the session short: one line, and status 3", async () => {
    const name = `pe${process.pid.toString(36)}`;
    const paths = fifoPaths(name);
    const bot = spawn(process.execPath, [join(ROOT, 'bin/parlor.js'), 'bot', '--game', 'hearts', 'first-legal', name], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    bot.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await eventually('the bot made its FIFOs', () => existsSync(paths.botOut) && lstatSync(paths.botIn).isFIFO());
    const deadline = performance.now() + PROMPT_MS;
    const toBot = (await openFifoEnd(paths.botIn, true, () => performance.now() > deadline))!;
    const fromBot = (await openFifoEnd(paths.botOut, false, () => performance.now() > deadline))!;
    fromBot.resume();
    const exited = once(bot, 'exit');
    toBot.end(createFramer('vlq-nul', 100).encode('@'));
    assert.deepEqual(await exited, [3, null]);
    fromBot.destroy();
    assert.equal(stderr, 'parlor: the session was cut short: the server closed its stream before it ended the session\n');
    assert.ok(!existsSync(paths.botIn) && !existsSync(paths.botOut), 'its FIFOs are gone');
  });

  test('without a name, makes one up as the template does and says it, so that its pipes can be found', async () => {
    const bot = spawn(process.execPath, [join(ROOT, 'bin/parlor.js'), 'bot', '--game', 'hearts', 'first-legal'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    bot.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await eventually('the bot said its name', () => /\n/.test(stderr));
    const said = /^parlor: parlor bot: named ([a-z]{15}): reading (\S+), writing (\S+)\n$/.exec(stderr);
    assert.ok(said, stderr);
    const paths = fifoPaths(said[1]);
    assert.deepEqual([said[2], said[3]], [paths.botIn, paths.botOut]);
    assert.ok(lstatSync(paths.botIn).isFIFO() && lstatSync(paths.botOut).isFIFO());
    const exited = once(bot, 'exit');
    bot.kill('SIGTERM');
    await exited;
    assert.ok(!existsSync(paths.botIn) && !existsSync(paths.botOut));
  });

  test('refuses a channel the game does not have', async () => {
    await assert.rejects(
      runBot(context(), { game: 'love-letter', channel: 'fifo' }, 'random', Readable.from([])),
      (error: unknown) =>
        error instanceof ParlorError && error.code === ErrorCodes.BAD_OPTION && /love-letter bots talk over stdio/.test(error.message),
    );
  });
});

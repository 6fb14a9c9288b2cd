// Bots run with --sandbox, each doing what a bot of another club must not: reading another bot's
// files, opening a socket, starting processes without end, asking for 10 GB. Each ends with its
// reason in the log, and nothing of it is left running. Small limits keep the machine unharmed.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BotProcess, DEFAULT_LIMITS, type ReadResult } from '../../../src/protocol/transport/process.ts';
import { sandboxProblem } from '../../../src/protocol/transport/sandbox.ts';
import type { SandboxLimits } from '../../../src/runner/play/external.ts';
import { PYTHON } from '../helpers.ts';

const problem = sandboxProblem();
const LIMITS: SandboxLimits = { memory: 256, cpu: 20, processes: 16 };
const root = mkdtempSync(join(tmpdir(), 'parlor-sandbox-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A Python bot in a folder of its own that runs `body`, then answers one line. */
async function runBot(name: string, body: string): Promise<{ result: ReadResult; log: string[]; folder: string }> {
  const folder = mkdtempSync(join(root, `${name}-`));
  writeFileSync(join(folder, 'bot.py'), `import os, socket, sys, time\n${body}\nprint("done", flush=True)\n`);
  const log: string[] = [];
  const bot = new BotProcess(
    { program: PYTHON, args: [join(folder, 'bot.py')] },
    { cwd: root, env: process.env, limits: { ...DEFAULT_LIMITS, graceMs: 200 }, log: (line) => log.push(line), sandbox: LIMITS },
  );
  const result = await bot.readLine(30_000);
  await bot.stop();
  return { result, log, folder };
}

describe('sandboxed bots', { skip: problem ?? false }, () => {
  test("a bot writes its own folder, and sees neither another bot's files nor the host's", async () => {
    const other = mkdtempSync(join(root, 'other-'));
    writeFileSync(join(other, 'secret.txt'), "the other bot's book");
    const { result, log, folder } = await runBot(
      'reader',
      `open("own.txt", "w").write("mine")\nprint(open(${JSON.stringify(join(other, 'secret.txt'))}).read())`,
    );
    assert.ok('failure' in result, JSON.stringify(result));
    assert.ok(existsSync(join(folder, 'own.txt')));
    assert.ok(
      log.some((line) => line.includes('FileNotFoundError')),
      log.join('\n'),
    );
  });

  test('a bot cannot open a socket to this machine', async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    const { result, log } = await runBot('socket', `socket.create_connection(("127.0.0.1", ${port}), timeout=5)`);
    server.close();
    assert.equal(connections, 0);
    assert.ok('failure' in result, JSON.stringify(result));
    assert.ok(
      log.some((line) => /Network is unreachable|Connection refused/.test(line)),
      log.join('\n'),
    );
  });

  test('a fork bomb stops at the process limit', async () => {
    const { result, log } = await runBot(
      'bomb',
      [
        'started = 0',
        'try:',
        '    while started < 500:',
        '        if os.fork() == 0:',
        '            time.sleep(30)',
        '            os._exit(0)',
        '        started += 1',
        'except OSError as error:',
        '    sys.exit(f"stopped after {started} processes: {error}")',
      ].join('\n'),
    );
    assert.ok('failure' in result, JSON.stringify(result));
    const stopped = log.map((line) => /stopped after (\d+) processes/.exec(line)).find((match) => match !== null);
    assert.ok(stopped, log.join('\n'));
    assert.ok(Number(stopped[1]) < LIMITS.processes, stopped[0]);
  });

  test('a bot that asks for 10 GB is refused', async () => {
    const { result, log } = await runBot('memory', 'block = bytearray(10 * 1024 ** 3)');
    assert.ok('failure' in result, JSON.stringify(result));
    assert.ok(
      log.some((line) => line.includes('MemoryError')),
      log.join('\n'),
    );
  });
});

test('without the sandbox tool, one clear line', { skip: problem === null ? 'bubblewrap works here' : false }, () => {
  assert.match(problem!, /^(bubblewrap|prlimit)/);
});

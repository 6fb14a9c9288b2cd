import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { launchBots, parseLaunchFile } from '../../../src/protocol/launch-file.ts';
import { createFramer } from '../../../src/protocol/transport/framing.ts';
import { BotProcess, DEFAULT_LIMITS, type ReadResult } from '../../../src/protocol/transport/process.ts';
import { freshIdentifier, sharedBotPort, substituteLaunch, TcpChannel } from '../../../src/protocol/transport/tcp.ts';
import type { FramingKind } from '../../../src/core/wire.ts';
import { liveHandles, processesMarked, PYTHON, ROOT } from '../helpers.ts';
import { ANSWERING_MS, PROMPT_MS, eventually, holdThread } from '../../helpers/patience.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const env = { ...process.env, PARLOR_TCP_TEST: String(process.pid) };
const marker = `PARLOR_TCP_TEST=${process.pid}`;
const BOT = join(ROOT, 'test/fixtures/bots/tcp/tcp_bot.py');
const limits = { ...DEFAULT_LIMITS, maxLineLength: 512, graceMs: 200 };

/** The fixture bot in `mode`, on a TCP channel with a fresh identifier (appended with the port). */
async function start(mode: string, framing: FramingKind = 'raw', openTimeoutMs = ANSWERING_MS, extraEnv: NodeJS.ProcessEnv = {}) {
  const log: string[] = [];
  const identifier = freshIdentifier();
  const channel = new TcpChannel(await sharedBotPort(framing), identifier, openTimeoutMs);
  const bot = new BotProcess(
    { program: PYTHON, args: [BOT, mode] },
    {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
      limits,
      log: (line) => log.push(line),
      framer: createFramer(framing, limits.maxLineLength),
      channel,
    },
  );
  return { bot, log, identifier };
}

function failure(result: ReadResult | null): { failure: number; detail: string } {
  assert.ok(result !== null, 'expected a failure, got an open channel');
  assert.ok('failure' in result, `expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

/** Connects to a unix socket's path or a port and sends `greeting`; resolves to the socket, or to the error's code. */
const greetOn = (where: string | number, greeting: string) =>
  new Promise<Socket | string>((resolve) => {
    const socket = connect(typeof where === 'number' ? { host: '127.0.0.1', port: where } : { path: where }, () => {
      socket.write(greeting);
      resolve(socket);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

/** Resolves once parlor has closed `socket`, with what it sent first. */
const closing = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let sent = '';
    socket.on('data', (chunk: Buffer) => (sent += chunk.toString()));
    socket.once('close', () => resolve(sent));
  });

let scratch: string;
before(() => {
  scratch = scratchDir('tcp');
});
after(async () => {
  rmSync(scratch, { recursive: true, force: true });
  assert.deepEqual(processesMarked(marker), []);
  // The port closes once its last bot is gone, a moment after (its close is asynchronous).
  for (let waited = 0; liveHandles().TCPServerWrap !== undefined && waited < 1000; waited += 20) await sleep(20);
  const handles = liveHandles();
  assert.equal(handles.TCPServerWrap, undefined, 'no port left listening');
  assert.equal(handles.TCPSocketWrap, undefined, 'no connection left open');
});

describe('raw framing', () => {
  const framer = () => createFramer('raw', 16);

  test('takes one read as one message, trailing NULs stripped, and sends text as it is', () => {
    assert.deepEqual(framer().push(Buffer.from('suggest Pl Kn Li'), 1), { messages: ['suggest Pl Kn Li'], rest: '' });
    assert.deepEqual(framer().push(Buffer.from('ok\0\0'), 1), { messages: ['ok'], rest: '' });
    assert.equal(framer().encode('reset 3 0 Gr Ca Ba'), 'reset 3 0 Gr Ca Ba');
  });

  test('ends a message at a NUL, so two replies in one read are an answer and more', () => {
    assert.deepEqual(framer().push(Buffer.from('ok\0ok'), 1), { messages: ['ok'], rest: 'ok' });
    assert.deepEqual(framer().push(Buffer.from('ok\0ok\0'), 5), { messages: ['ok', 'ok'], rest: '' });
  });

  test('keeps a newline, which the contest server refuses, and holds nothing between reads', () => {
    const raw = framer();
    assert.deepEqual(raw.push(Buffer.from('ok\n'), 1), { messages: ['ok\n'], rest: '' });
    assert.deepEqual(raw.push(Buffer.from('sugg'), 1), { messages: ['sugg'], rest: '' });
    assert.equal(raw.held(), '');
  });

  test('refuses a read longer than the cap as a flood', () => {
    const pushed = framer().push(Buffer.alloc(17, 120), 1);
    assert.ok('failure' in pushed && pushed.failure === Forfeit.FLOODED, JSON.stringify(pushed));
  });
});

describe('launch commands', () => {
  test('take the identifier where the braces stand and the port for %%, or both at the end', () => {
    const marked = { program: 'java', args: ['-jar', 'randomAI.jar', '{gamecoder-RandomPlayer}', '%%'] };
    assert.deepEqual(substituteLaunch(marked, 'gamecoder-RandomPlayer', 4000), {
      program: 'java',
      args: ['-jar', 'randomAI.jar', 'gamecoder-RandomPlayer', '4000'],
    });
    assert.deepEqual(substituteLaunch({ program: './bot', args: ['--port=%%'] }, 'x', 7), { program: './bot', args: ['--port=7'] });
    assert.deepEqual(substituteLaunch({ program: './bot', args: [] }, 'x', 7), { program: './bot', args: ['x', '7'] });
  });

  test('are read from a launch file line by line, split on single spaces', () => {
    const path = join(scratch, 'entries.txt');
    writeFileSync(path, 'java -jar randomAI.jar {gamecoder-RandomPlayer} %%\r\n\npython3 ai01.py {ray} %%\n');
    assert.deepEqual(parseLaunchFile(path), [
      {
        identifier: 'gamecoder-RandomPlayer',
        command: { program: 'java', args: ['-jar', 'randomAI.jar', '{gamecoder-RandomPlayer}', '%%'] },
      },
      { identifier: 'ray', command: { program: 'python3', args: ['ai01.py', '{ray}', '%%'] } },
    ]);
  });

  test('refuse a launch file with a line without an identifier or the port, or one identifier twice', () => {
    const path = join(scratch, 'bad.txt');
    writeFileSync(path, 'python3 a.py {Ray} %%\npython3 b.py %%\n');
    assert.throws(() => parseLaunchFile(path), {
      code: 'PARLOR_BAD_LAUNCH_FILE',
      message: new RegExp(`${path} line 2: no \\{identifier\\}`),
    });
    writeFileSync(path, 'python3 a.py {Ray} %%\npython3 b.py {Bob} 8000\n');
    assert.throws(() => parseLaunchFile(path), { code: 'PARLOR_BAD_LAUNCH_FILE', message: /line 2: no %% in the command/ });
    writeFileSync(path, 'python3 a.py {Ray} %%\npython3 b.py {ray} %%\n');
    assert.throws(() => parseLaunchFile(path), { code: 'PARLOR_BAD_LAUNCH_FILE', message: /line 2: the identifier ray is used twice/ });
  });
});

describe('a bot on TCP', () => {
  test('connects, greets in any case, and exchanges raw messages on one connection', async () => {
    const { bot } = await start('shouts');
    assert.equal(await bot.opened(), null);
    bot.send('reset 3 0 Gr Ca Ba');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got reset 3 0 Gr Ca Ba' });
    bot.send('suggest');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got suggest' });
    bot.send('done');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'dead' });
    await bot.stop();
  });

  test('may end its replies with NULs', async () => {
    const { bot } = await start('nul');
    bot.send('accuse');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got accuse' });
    await bot.stop();
  });

  test('written for the line-framed port talks in lines', async () => {
    const { bot } = await start('lines', 'lines');
    bot.send('reset 3 1 Pl Kn Li');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got reset 3 1 Pl Kn Li' });
    await bot.stop();
  });

  test('that never connects times out, and says what it did not do', async () => {
    const { bot, identifier } = await start('never-connects', 'raw', 300);
    const result = failure(await bot.readLine(300));
    assert.equal(result.failure, Forfeit.TIMEOUT);
    assert.match(result.detail, new RegExp(`^did not connect to port \\d+ and say '${identifier} alive' within 300 ms$`));
    await bot.stop();
  });

  test('that connects and greets while the thread is held past its start time is taken, not timed out', async () => {
    const greeted = join(scratch, 'greeted');
    const { bot } = await start('greets-then-marks', 'raw', 300, { TCP_BOT_GREETED: greeted });
    // Held as another table's in-process seats hold it: past the bot's start time, and on until it has greeted.
    holdThread(() => existsSync(greeted), 600);
    assert.equal(await bot.opened(), null);
    bot.send('suggest');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got suggest' });
    await bot.stop();
  });

  test('that connects and never greets times out too', async () => {
    const { bot } = await start('silent', 'raw', 300);
    assert.equal(failure(await bot.opened()).failure, Forfeit.TIMEOUT);
    await bot.stop();
  });

  test('that greets as itself with a newline the contest refuses fails to start', async () => {
    const newline = await start('newline-greeting');
    assert.deepEqual(await newline.bot.opened(), {
      failure: Forfeit.MALFORMED,
      detail: `greeted with "${newline.identifier} alive\\n", not '${newline.identifier} alive'`,
    });
    await newline.bot.stop();
  });

  test('that greets with another name is not taken for it, and times out', async () => {
    const wrong = await start('wrong-name', 'raw', 300);
    const result = failure(await wrong.bot.opened());
    assert.equal(result.failure, Forfeit.TIMEOUT);
    assert.match(result.detail, new RegExp(`^did not connect to port \\d+ and say '${wrong.identifier} alive'`));
    await wrong.bot.stop();
  });

  test('that hangs up while still running is disconnected, not waited for', async () => {
    const { bot } = await start('disconnects');
    bot.send('suggest');
    const started = performance.now();
    assert.deepEqual(await bot.readLine(2 * PROMPT_MS), { failure: Forfeit.CRASHED, detail: 'closed its connection while still running' });
    assert.ok(performance.now() - started < PROMPT_MS);
    await bot.stop();
  });

  test('that exits mid-run crashes with its exit', async () => {
    const { bot } = await start('crashes');
    bot.send('suggest');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { failure: Forfeit.CRASHED, detail: 'exited with code 3' });
    await bot.stop();
  });

  test('that hangs up on its way out crashes with its exit, however long the way out takes', async () => {
    const { bot } = await start('exits-slowly');
    bot.send('suggest');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { failure: Forfeit.CRASHED, detail: 'exited with code 3' });
    await bot.stop();
  });

  test('that hangs up and keeps working is disconnected once it has worked past any way out', async () => {
    const { bot } = await start('hangs-up-busy');
    bot.send('suggest');
    const started = performance.now();
    assert.deepEqual(await bot.readLine(2 * PROMPT_MS), { failure: Forfeit.CRASHED, detail: 'closed its connection while still running' });
    assert.ok(performance.now() - started < PROMPT_MS);
    await bot.stop();
  });

  test('that floods is stopped at the cap', async () => {
    const { bot } = await start('floods');
    bot.send('suggest');
    assert.equal(failure(await bot.readLine(ANSWERING_MS)).failure, Forfeit.FLOODED);
    await bot.stop();
  });

  test('that writes two replies in one read floods, and its answer is not played', async () => {
    const { bot } = await start('coalesced');
    bot.send('ok');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { failure: Forfeit.FLOODED, detail: 'wrote "got more" after its answer' });
    await bot.stop();
  });

  test('that splits a reply over two writes is judged on the first, then floods with the rest', async () => {
    const read = join(scratch, 'split-read');
    const { bot, log } = await start('split', 'raw', ANSWERING_MS, { TCP_BOT_READ: read });
    bot.send('ok');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got ' });
    // The rest is written only now, and comes unasked: read before the next question, however late.
    writeFileSync(read, '');
    const expected = { failure: Forfeit.FLOODED, detail: 'wrote "ok" before it was asked' };
    await eventually('the rest of the reply', () => log.includes(expected.detail), ANSWERING_MS);
    assert.deepEqual(await bot.readLine(ANSWERING_MS), expected);
    await bot.stop();
  });
});

describe('the port', () => {
  test('closes a second connection of a bot connected, and a greeting naming no bot awaited, and charges them to nobody', async () => {
    const port = await sharedBotPort('raw');
    const awaited = new TcpChannel(port, freshIdentifier(), ANSWERING_MS);
    const opening = awaited.open(() => false);
    const connected = new TcpChannel(await sharedBotPort('raw'), freshIdentifier(), ANSWERING_MS);
    const first = (await greetOn(port.port, `${connected.identifier} alive`)) as Socket;
    const ends = await connected.open(() => false);
    assert.ok(ends !== null && 'sink' in ends, JSON.stringify(ends));

    const again = (await greetOn(port.port, `${connected.identifier} alive`)) as Socket;
    assert.equal(await closing(again), '', 'the second connection is closed unanswered');
    const stranger = (await greetOn(port.port, 'somebody-else alive')) as Socket;
    await closing(stranger);
    // A refusal would have settled it already; the next turn of the event loop comes after that.
    const pending = new Promise<string>((resolve) => setImmediate(() => resolve('still awaited')));
    assert.equal(await Promise.race([opening, pending]), 'still awaited', 'the bot awaited was not blamed');
    assert.equal(
      awaited.awaiting,
      `connect to port ${port.port} and say '${awaited.identifier} alive' (a connection that greeted with "somebody-else alive" was turned away meanwhile)`,
    );

    // It still arrives as itself, and the connected bot keeps its first connection.
    const arriving = (await greetOn(port.port, `${awaited.identifier} alive`)) as Socket;
    const arrived = await opening;
    assert.ok(arrived !== null && 'sink' in arrived, JSON.stringify(arrived));
    assert.equal(awaited.awaiting, null);
    const heard = new Promise<string>((resolve) => first.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    ends.sink.write('reset 3 0 Gr Ca Ba');
    assert.equal(await heard, 'reset 3 0 Gr Ca Ba');
    for (const socket of [first, arriving]) socket.destroy();
    for (const channel of [awaited, connected]) channel.dispose();
  });
});

describe("a sandboxed bot's own socket", () => {
  test('takes only that bot, and only its first connection, and is removed with it', async () => {
    const [owner, other] = [freshIdentifier(), freshIdentifier()];
    const port = await sharedBotPort('raw');
    const confined = new TcpChannel(port, owner, ANSWERING_MS);
    const bystander = new TcpChannel(await sharedBotPort('raw'), other, ANSWERING_MS);
    const { forward } = confined.confine();
    assert.ok(forward);
    const impostor = await greetOn(forward.socket, `${other} alive`);
    assert.deepEqual(await confined.open(() => false), {
      failure: Forfeit.MALFORMED,
      detail: `greeted with "${other} alive", not '${owner} alive'`,
    });
    confined.dispose();
    assert.equal(existsSync(dirname(forward.socket)), false, 'its folder is removed');
    (impostor as Socket).destroy();

    // The bystander was not taken: it still arrives on the port.
    const arriving = greetOn(port.port, `${other} alive`);
    const arrived = await bystander.open(() => false);
    assert.ok(arrived !== null && 'sink' in arrived, JSON.stringify(arrived));
    ((await arriving) as Socket).destroy();
    // A bot greeting as itself on its own socket is taken, once.
    const honest = new TcpChannel(await sharedBotPort('raw'), freshIdentifier(), ANSWERING_MS);
    const own = honest.confine().forward!;
    const first = await greetOn(own.socket, `${honest.identifier} alive`);
    const ends = await honest.open(() => false);
    assert.ok(ends !== null && 'sink' in ends, JSON.stringify(ends));
    assert.match(String(await greetOn(own.socket, `${honest.identifier} alive`)), /ENOENT|ECONNREFUSED/);
    (first as Socket).destroy();
    for (const channel of [honest, bystander]) channel.dispose();
  });
});

describe('a launch file', () => {
  test('starts its bots one at a time, keeps those that greet, and stops those that do not', async () => {
    const path = join(scratch, 'launch.txt');
    writeFileSync(
      path,
      [
        `${PYTHON} ${BOT} echo {Echo} %%`,
        `${PYTHON} ${BOT} newline-greeting {Newline} %%`,
        `${PYTHON} ${BOT} shouts {Loud} %%`,
        `/nonexistent/bot {Gone} %%`,
      ].join('\n'),
    );
    const logs: string[] = [];
    const launched = await launchBots(parseLaunchFile(path), {
      framing: 'raw',
      cwd: ROOT,
      env,
      limits,
      timeoutMs: ANSWERING_MS,
      log: (identifier, line) => logs.push(`${identifier}: ${line}`),
    });
    assert.deepEqual(
      launched.map((entry) => ('bot' in entry ? `${entry.entry.identifier} up` : `${entry.entry.identifier}: ${entry.failure.detail}`)),
      [
        'Echo up',
        `Newline: greeted with "Newline alive\\n", not 'Newline alive'`,
        'Loud up',
        'Gone: could not start: spawn /nonexistent/bot ENOENT',
      ],
    );
    for (const entry of launched) {
      if (!('bot' in entry)) continue;
      entry.bot.send('disprove 1 Sc Re Lo');
      assert.deepEqual(await entry.bot.readLine(ANSWERING_MS), { line: 'got disprove 1 Sc Re Lo' });
    }
    await Promise.all(launched.map((entry) => ('bot' in entry ? entry.bot.stop() : undefined)));
  });
});

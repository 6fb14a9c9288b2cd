// Bots run with --sandbox, each doing what a bot of another club must not: reading another bot's
// files, opening a socket, starting processes without end, asking for 10 GB. Each ends with its
// reason in the log, and nothing of it is left running. Small limits keep the machine unharmed.
// Bots on FIFOs and on TCP reach parlor through their channel, and nothing else.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { quote } from 'shell-quote';
import { Forfeit } from '../../../src/core/forfeits.ts';
import type { ReadFailure } from '../../../src/protocol/index.ts';
import type { Channel } from '../../../src/protocol/transport/channel.ts';
import { FifoChannel, freshFifoName } from '../../../src/protocol/transport/fifo.ts';
import { createFramer } from '../../../src/protocol/transport/framing.ts';
import { BotProcess, DEFAULT_LIMITS, type ReadResult } from '../../../src/protocol/transport/process.ts';
import { sandboxProblem } from '../../../src/protocol/transport/sandbox.ts';
import { freshIdentifier, sharedBotPort, TcpChannel } from '../../../src/protocol/transport/tcp.ts';
import type { SandboxLimits } from '../../../src/runner/play/external.ts';
import { ANSWERING_MS } from '../../helpers/patience.ts';
import { assertSameGames, forfeitsOf, playExternal, playHosted, processesMarked, PYTHON, ROOT, botZombies } from '../helpers.ts';

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

const marker = `PARLOR_SANDBOX_TEST=${process.pid}`;
const env = { ...process.env, PARLOR_SANDBOX_TEST: String(process.pid) };
const cmd = (...words: string[]) => `cmd:${quote(words)}`;
/** What sandboxed channels leave in the temporary folder: none once their bots are gone. */
const channelFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('parlor-bot-'));

/**
 * Other test files run sandboxed bots at the same time, their channels' folders in the machine's
 * temporary folder: while a suite runs, this process makes its own in a folder of its own, so a
 * check of what is left counts only what its bots left.
 */
function ownTemporaryFolder(): void {
  const machine = process.env.TMPDIR;
  before(() => {
    process.env.TMPDIR = mkdtempSync(join(root, 'tmp-'));
  });
  after(() => {
    if (machine === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = machine;
  });
}

/** A server on this machine's loopback that counts who reaches it. */
async function countingServer(): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as { port: number }).port, connections: () => connections };
}

/** A Python bot in a folder of its own, from its source. */
function botFile(name: string, source: string): string {
  const folder = mkdtempSync(join(root, `${name}-`));
  writeFileSync(join(folder, 'bot.py'), source);
  return join(folder, 'bot.py');
}

/** A sandboxed Python bot on `channel` (raw framing on TCP), run with `args`. */
function startSandboxed(args: readonly string[], channel: Channel, log: string[]): BotProcess {
  return new BotProcess(
    { program: PYTHON, args: [...args] },
    {
      cwd: root,
      env,
      limits: { ...DEFAULT_LIMITS, graceMs: 200 },
      log: (line) => log.push(line),
      ...(channel instanceof TcpChannel ? { framer: createFramer('raw', 512) } : {}),
      channel,
      sandbox: LIMITS,
    },
  );
}

/** A sandboxed Python bot on a TCP channel, given its identifier and the port. */
async function startOnTcp(bot: string, openTimeoutMs: number): Promise<{ process: BotProcess; log: string[] }> {
  const log: string[] = [];
  const channel = new TcpChannel(await sharedBotPort('raw'), freshIdentifier(), openTimeoutMs);
  return { process: startSandboxed([bot], channel, log), log };
}

describe('sandboxed bots on FIFOs and TCP', { skip: problem ?? false }, () => {
  ownTemporaryFolder();

  test('the example SpeedClue bot plays whole games on TCP, through its sandbox', async () => {
    const failures: ReadFailure[] = [];
    const { counters, stats } = await playExternal(
      [cmd(PYTHON, join(ROOT, 'strategies/external/speedclue_bot.py')), 'simple', 'inference'],
      3,
      {
        game: 'speedclue',
        seed: 'sandboxed speedclue',
        env,
        limits: { graceMs: 200 },
        sandbox: LIMITS,
        resultsDir: join(root, 'speedclue'),
        onFailure: (_label, failure) => failures.push(failure),
      },
    );
    assert.deepEqual(failures, []);
    assert.equal(forfeitsOf(counters, 0).size, 0);
    assert.equal(stats.games, 3);
    assert.equal(stats.botsStarted, 1);
  });

  test('the example Hearts bot plays on FIFOs sandboxed the games it plays unconfined', async () => {
    const seats = [cmd(PYTHON, join(ROOT, 'strategies/external/hearts_bot.py')), 'first-legal', 'ducking', 'random'];
    const options = { game: 'hearts', channel: 'fifo', rules: { profile: 'zadikian-server', hands: '2' }, env, limits: { graceMs: 200 } };
    const sandboxed = await playHosted(seats, 2, { ...options, sandbox: LIMITS, resultsDir: join(root, 'hearts-sandboxed') });
    const unconfined = await playHosted(seats, 2, { ...options, resultsDir: join(root, 'hearts-unconfined') });
    assertSameGames(sandboxed, unconfined);
  });

  test("a bot on TCP reaches parlor's port and nothing else of the machine", async () => {
    const host = await countingServer();
    const bot = botFile(
      'tcp',
      [
        'import socket, sys',
        'identifier, port = sys.argv[1], int(sys.argv[2])',
        'def attempt(port, greeting=None):',
        '    try:',
        '        connection = socket.create_connection(("127.0.0.1", port), timeout=10)',
        '        if greeting is None: return "reached"',
        '        connection.sendall(greeting)',
        '        return "answered" if connection.recv(100) else "closed"',
        '    except OSError as error:',
        '        return type(error).__name__',
        `print("other port:", attempt(${host.port}), file=sys.stderr, flush=True)`,
        'parlor = socket.create_connection(("127.0.0.1", port))',
        'parlor.sendall(f"{identifier} alive".encode())',
        'parlor.recv(100)',
        'print("second connection:", attempt(port, f"{identifier} alive".encode()), file=sys.stderr, flush=True)',
        'parlor.sendall(b"done")',
        'parlor.recv(100)',
      ].join('\n'),
    );
    const { process, log } = await startOnTcp(bot, ANSWERING_MS);
    assert.equal(await process.opened(), null, log.join('\n'));
    process.send('go');
    const result = await process.readLine(ANSWERING_MS);
    await process.stop();
    host.server.close();
    assert.deepEqual(result, { line: 'done' }, log.join('\n'));
    assert.equal(host.connections(), 0);
    assert.ok(log.includes('other port: ConnectionRefusedError'), log.join('\n'));
    assert.ok(
      log.some((line) => /^second connection: (closed|ConnectionResetError|BrokenPipeError)$/.test(line)),
      log.join('\n'),
    );
  });

  test('a bot on TCP that never connects times out, and one that exits after greeting crashes, as unconfined', async () => {
    const silent = await startOnTcp(botFile('silent', 'import time\ntime.sleep(60)'), 1000);
    const quitter = await startOnTcp(
      botFile(
        'quitter',
        'import socket, sys\nsocket.create_connection(("127.0.0.1", int(sys.argv[2]))).sendall(f"{sys.argv[1]} alive".encode())\nsys.exit(3)',
      ),
      ANSWERING_MS,
    );
    const [never, opened] = await Promise.all([silent.process.opened(), quitter.process.opened()]);
    const crashed = opened ?? (await quitter.process.readLine(ANSWERING_MS));
    await Promise.all([silent.process.stop(), quitter.process.stop()]);
    assert.equal(never?.failure, Forfeit.TIMEOUT, JSON.stringify(never));
    assert.match(never!.detail, /did not connect to port \d+ and say '\S+ alive' within 1000 ms/);
    assert.ok('failure' in crashed && crashed.failure === Forfeit.CRASHED, JSON.stringify(crashed));
    assert.match(crashed.detail, /exited with code 3|closed/);
  });

  test("a bot on FIFOs sees neither another bot's FIFOs nor its folder", async () => {
    // Makes its FIFOs as the Hearts template does, tries the paths it is given, and answers one line.
    const bot = botFile(
      'fifo',
      [
        'import os, sys',
        '*targets, name = sys.argv[1:]',
        'for target in targets:',
        '    try:',
        '        print(target, "read:", os.listdir(target) if os.path.isdir(target) else open(target, "rb").read(0), file=sys.stderr, flush=True)',
        '    except OSError as error:',
        '        print(target, type(error).__name__, file=sys.stderr, flush=True)',
        'print("tmp holds", sorted(os.listdir("/tmp")), file=sys.stderr, flush=True)',
        'os.mkfifo(f"/tmp/{name}In")',
        'os.mkfifo(f"/tmp/{name}Out")',
        'into, out = open(f"/tmp/{name}In"), open(f"/tmp/{name}Out", "w")',
        'into.readline()',
        'out.write("done\\n")',
        'out.flush()',
        'into.readline()',
      ].join('\n'),
    );
    const first = new FifoChannel(freshFifoName(), ANSWERING_MS);
    const firstLog: string[] = [];
    const victim = startSandboxed([bot], first, firstLog);
    assert.equal(await victim.opened(), null, firstLog.join('\n'));
    const second = new FifoChannel(freshFifoName(), ANSWERING_MS);
    const targets = [first.paths.botIn, `/tmp/${first.name}Out`, dirname(first.paths.botIn)];
    const spyLog: string[] = [];
    const spy = startSandboxed([bot, ...targets], second, spyLog);
    assert.equal(await spy.opened(), null, spyLog.join('\n'));
    // One at a time: a reply that comes while its bot is not being read counts as unasked.
    const results = [];
    for (const bot of [victim, spy]) {
      bot.send('go');
      results.push(await bot.readLine(ANSWERING_MS));
    }
    await Promise.all([victim.stop(), spy.stop()]);
    assert.deepEqual(results, [{ line: 'done' }, { line: 'done' }], [...firstLog, ...spyLog].join('\n'));
    for (const target of targets) assert.ok(spyLog.includes(`${target} FileNotFoundError`), spyLog.join('\n'));
    const tmp = spyLog.find((line) => line.startsWith('tmp holds'));
    assert.ok(tmp !== undefined && !tmp.includes(first.name), spyLog.join('\n'));
    for (const channel of [first, second]) assert.equal(existsSync(dirname(channel.paths.botIn)), false, 'its folder is removed');
  });

  test('a bot on FIFOs that never makes them times out, told of the path it would make', async () => {
    const channel = new FifoChannel(freshFifoName(), 1000);
    const log: string[] = [];
    const bot = startSandboxed([botFile('idle', 'import time\ntime.sleep(60)')], channel, log);
    const failure = await bot.opened();
    await bot.stop();
    assert.deepEqual(failure, { failure: Forfeit.TIMEOUT, detail: `did not open /tmp/${channel.name}In within 1000 ms` });
    assert.equal(existsSync(dirname(channel.paths.botIn)), false, 'its folder is removed');
  });

  test('nothing is left: no process, no socket, no folder', async () => {
    assert.deepEqual(processesMarked(marker), [], 'no bot process or forwarder is left running');
    assert.deepEqual(await botZombies(), [], 'every bot process was reaped');
    assert.deepEqual(channelFolders(), [], "no sandboxed channel's folder is left");
  });
});

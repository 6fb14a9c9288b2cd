// When parlor stops every bot itself (Ctrl-C), the main thread kills the bots of every thread at
// once, and the threads hosting them hear of it later than of their bots' deaths: a flag in shared
// memory tells them first, so that no bot's log blames it for dying. A file of its own: the flag,
// once set, stays set for the process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { once } from 'node:events';
import { botsStoppedFlag, markBotsStopped } from '../../src/core/bots-stopped.ts';
import { BotProcess, DEFAULT_LIMITS } from '../../src/protocol/transport/process.ts';
import { Forfeit } from '../../src/core/forfeits.ts';
import { ANSWERING_MS } from '../helpers/patience.ts';

test('a bot killed once parlor has stopped every bot fails its read, and its log does not blame it; another thread sees the flag', async () => {
  // A thread hosting bots reads the memory the main thread hands it (bot-threads.ts) as botsStopped() does.
  const thread = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const flag = new Int32Array(workerData.flag);
     parentPort.postMessage(Atomics.load(flag, 0) === 1);
     parentPort.once('message', () => parentPort.postMessage(Atomics.load(flag, 0) === 1));`,
    { eval: true, workerData: { flag: botsStoppedFlag() } },
  );
  assert.deepEqual(await once(thread, 'message'), [false]);

  const log: string[] = [];
  const bot = new BotProcess(
    { program: 'sh', args: ['-c', `echo ready; exec sleep 120`] },
    { cwd: process.cwd(), env: process.env, limits: { ...DEFAULT_LIMITS, graceMs: 200 }, log: (line) => log.push(line) },
  );
  assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'ready' });
  markBotsStopped();
  thread.postMessage('again');
  assert.deepEqual(await once(thread, 'message'), [true]);
  await thread.terminate();

  // Killed from outside this thread's own stop, as the main thread kills another thread's bots.
  const reply = bot.readLine(ANSWERING_MS);
  process.kill(-bot.pid, 'SIGKILL');
  assert.equal(((await reply) as { failure: number }).failure, Forfeit.CRASHED);
  await bot.stop();
  assert.deepEqual(log, []);
});

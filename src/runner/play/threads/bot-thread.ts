// One thread hosting tables of bot processes (see bot-threads.ts): it runs the tasks it is sent on
// an ExternalRunner of its own, so that starting bots and exchanging their messages is spread over
// as many threads as the run has workers instead of all landing on the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { adoptBotsStoppedFlag } from '../../../core/bots-stopped.ts';
import { failureOf } from './thread-failure.ts';
import { ExternalRunner, type ExternalHostLoader } from '../external.ts';
import { trustStrategyFiles } from '../loading/trust.ts';
import { askMainThreadForEsbuild } from '../loading/main-thread-esbuild.ts';
import type { BotThreadMessage, BotThreadReply, BotThreadSetup } from '../../job/bot-threads.ts';

const setup = workerData as BotThreadSetup;
trustStrategyFiles(setup.trusted ?? []);
askMainThreadForEsbuild(setup.esbuild);
if (setup.botsStopped) adoptBotsStoppedFlag(setup.botsStopped);
const port = parentPort!;
let host: ReturnType<ExternalHostLoader> | null = null;
const loadHost: ExternalHostLoader = () =>
  (host ??= import(setup.hostModule).then((module: { loadExternalHost?: ExternalHostLoader }) => {
    if (!module.loadExternalHost) throw new Error(`${setup.hostModule} exports no loadExternalHost`);
    return module.loadExternalHost();
  }));
const runner = new ExternalRunner(loadHost, setup.settings);
const running = new Map<number, AbortController>();

port.on('message', (message: BotThreadMessage) => {
  if (message.kind === 'abort') running.get(message.id)?.abort();
  // Ends the thread once its bots are stopped, whatever handles a bot's transport may have left behind.
  else if (message.kind === 'close') void runner.close().finally(() => process.exit(0));
  else void play(message.id, message.task);
});

async function play(id: number, task: Extract<BotThreadMessage, { kind: 'run' }>['task']): Promise<void> {
  const stop = new AbortController();
  running.set(id, stop);
  let reply: BotThreadReply;
  try {
    const data = await runner.run(task, stop.signal);
    reply = { id, data };
  } catch (error) {
    reply = { id, ...failureOf(error) };
  } finally {
    running.delete(id);
  }
  port.postMessage(reply, 'data' in reply ? [reply.data.buffer as ArrayBuffer] : []);
}

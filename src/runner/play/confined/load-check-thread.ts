// The thread of a load check (load-check.ts): it loads one bundled strategy file as a worker
// thread would, and posts back what the file says of itself, or why it did not load.
import { parentPort, workerData } from 'node:worker_threads';
import { failureOf } from '../threads/thread-failure.ts';
import type { LoadCheckReply, LoadCheckRequest } from './load-check.ts';
import { describeBundle } from './strategy.ts';

const { path, code } = workerData as LoadCheckRequest;
let reply: LoadCheckReply;
try {
  reply = { description: describeBundle(path, code) };
} catch (error) {
  reply = failureOf(error);
}
parentPort!.postMessage(reply);

// A thread of parlor's own (a bot-hosting thread, a strategy file's load check) starts here when
// parlor runs from its sources: threads do not inherit the main thread's module hooks, so it
// registers tsx, like worker-entry.js, then loads the TypeScript module its workerData names.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.threadModule);

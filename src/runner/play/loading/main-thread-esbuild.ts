// esbuild runs as a child process of the thread that first calls it, and Node reaps a child only
// through the event loop of the thread that started it: one started by a worker thread is left a
// zombie once that thread ends (every move timeout ends one), and a long run would pile them up.
// So esbuild runs on the main thread alone, which lives as long as the process, and the threads
// that load strategy files ask it for bundles and import checks here. In the common case the main
// thread has done that work already, preparing the match-ups: the answer comes from its cache.
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';
import { Errors } from '../../../core/errors.ts';
import { cachedUnlessFailed } from '../../../core/cached-promise.ts';
import { bundleFailure, bundleStrategy, type BundledStrategy, type EngineBinaries } from '../confined/bundle.ts';
import { trustedImportFault } from './missing-export.ts';
import { errorOf, failureOf, type ThreadFailure } from '../threads/thread-failure.ts';

/** The channel the main thread hears requests on; a thread hears its replies on its own (replyChannel). */
const REQUESTS = 'parlor-esbuild';

type Work =
  | { readonly kind: 'bundle'; readonly path: string; readonly absolute: string; readonly engines: ReadonlyMap<string, Uint8Array> }
  | { readonly kind: 'imports'; readonly absolute: string };

interface Request {
  readonly thread: number;
  readonly id: number;
  readonly work: Work;
}

type Reply = { readonly id: number } & ({ readonly value: unknown } | ThreadFailure);

const replyChannel = (thread: number) => `${REQUESTS}:${thread}`;

// The main thread's bundles, for its own match-ups and every thread's: each file is bundled once.
const bundles = new Map<string, Promise<BundledStrategy>>();

function bundleOnce(path: string, absolute: string, engines: EngineBinaries): Promise<BundledStrategy> {
  return cachedUnlessFailed(bundles, absolute, () => bundleStrategy(absolute, engines)).catch((error: unknown) => {
    throw Errors.badStrategyModule(path, bundleFailure(error, absolute));
  });
}

function onMainThread(work: Work): Promise<unknown> {
  if (work.kind === 'imports') return trustedImportFault(work.absolute);
  const engines = new Map([...work.engines].map(([game, bytes]) => [game, () => bytes]));
  return bundleOnce(work.path, work.absolute, engines);
}

let serving = false;

/**
 * Has the main thread answer the esbuild requests of the threads it starts from now on, for the
 * life of the process; returns the channel to hand them (askMainThreadForEsbuild). The channel
 * never keeps the process alive.
 */
export function serveEsbuildToThreads(): string | undefined {
  // Deno (the notebooks' kernel) runs strategy files itself, unconfined (see confines), with no
  // esbuild work to serve, and keeps BroadcastChannel behind a flag.
  if ('Deno' in globalThis) return undefined;
  if (!isMainThread) throw Errors.internal('only the main thread runs esbuild');
  if (serving) return REQUESTS;
  const requests = new BroadcastChannel(REQUESTS);
  requests.unref();
  requests.onmessage = (event) => {
    const { thread, id, work } = (event as { data: Request }).data;
    void onMainThread(work)
      .then(
        (value): Reply => ({ id, value }),
        (error: unknown): Reply => ({ id, ...failureOf(error) }),
      )
      .then((reply) => {
        const replies = new BroadcastChannel(replyChannel(thread));
        replies.postMessage(reply);
        replies.close();
      });
  };
  serving = true;
  return REQUESTS;
}

/**
 * The environment of a thread that loads strategy files. tsx compiles a trusted file outside an ES
 * module package (and, under `node --import tsx`, parlor's own modules too) with esbuild's
 * synchronous API, which on a worker thread runs esbuild on a thread of its own, its child then
 * left unreaped as that thread ends: told this, esbuild runs each such compile as a process it
 * waits for. (tsx's module hooks compile an ES module with esbuild's service on a thread Node
 * starts for each worker, whose child is left the same way, but only a module tsx finds in its
 * cache of compiled files by no thread before: a run's main thread has compiled each trusted file
 * as it loaded it.)
 */
export function threadEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, ESBUILD_WORKER_THREADS: '0' };
}

/** Set in a thread whose starter serves its esbuild requests (serveEsbuildToThreads). */
let askOn: string | null = null;

/** This thread has its esbuild work done by the main thread, which hears it on `channel`. */
export function askMainThreadForEsbuild(channel: string | undefined): void {
  if (channel !== undefined) askOn = channel;
}

const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
let replies: BroadcastChannel | null = null;
let nextId = 0;

function askMainThread(work: Work): Promise<unknown> {
  // A thread started by no one who serves it would wait for ever: it is refused at once instead.
  if (askOn === null) return Promise.reject(Errors.internal('a thread was started without the main thread serving its esbuild work'));
  if (replies === null) {
    replies = new BroadcastChannel(replyChannel(threadId));
    replies.onmessage = (event) => {
      const reply = (event as { data: Reply }).data;
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      // Held open only while a reply is awaited: the thread may end whenever it has none.
      if (pending.size === 0) replies?.unref();
      if ('value' in reply) waiting?.resolve(reply.value);
      else waiting?.reject(errorOf(reply));
    };
  }
  const id = nextId++;
  const answer = new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  replies.ref();
  const requests = new BroadcastChannel(askOn);
  requests.postMessage({ thread: threadId, id, work } satisfies Request);
  requests.close();
  return answer;
}

/**
 * The strategy file bundled (bundleStrategy), by the main thread. `path` is the file as the user
 * named it, which a failure names.
 */
export function bundledStrategy(path: string, absolute: string, engines: EngineBinaries): Promise<BundledStrategy> {
  if (isMainThread) return bundleOnce(path, absolute, engines);
  const bytes = new Map([...engines].map(([game, read]) => [game, read()]));
  return askMainThread({ kind: 'bundle', path, absolute, engines: bytes }) as Promise<BundledStrategy>;
}

/** A trusted file's import of a name its module lacks (trustedImportFault), found by the main thread. */
export function importFault(absolute: string): Promise<string | null> {
  if (isMainThread) return trustedImportFault(absolute);
  return askMainThread({ kind: 'imports', absolute }) as Promise<string | null>;
}

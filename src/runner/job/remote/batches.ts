import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importsOf, reachedModules } from '../../../core/module-graph.ts';
import type { Registry } from '../../../core/registry.ts';
import { parseStrategySpec } from '../../../core/strategy-spec.ts';
import type { GamesTask, PairedTask, Task } from '../../play/tasks.ts';
import { version } from '../version.ts';
import type { StrategyBundle } from './bundles.ts';

/**
 * A task as it crosses machines: without the coordinator's registry module (a path there), a
 * worker-thread time limit (shared memory) or a results folder, which are each machine's own.
 */
export type RemoteTask =
  Omit<GamesTask, 'registry' | 'watch' | 'transcripts' | 'trusted'> | Omit<PairedTask, 'registry' | 'watch' | 'trusted'>;

/** One batch on the queue: the task and everything a worker checks or needs to play exactly it. */
export interface RemoteBatch {
  /** The coordinator's parlor version: a worker of another version refuses the batch. */
  readonly parlor: string;
  /** What plays the game on the coordinator: its rules and code (see playingFingerprint). */
  readonly fingerprint: string;
  /** Seconds a strategy file may take per decision; null: not timed. */
  readonly moveTimeout: number | null;
  /** The strategy files of the task's specs, by the name the specs give them. */
  readonly strategies: Readonly<Record<string, StrategyBundle>>;
  /** Those of `strategies` the coordinator's user trusts (--trust): the worker runs them unconfined too. */
  readonly trusted: readonly string[];
  readonly task: RemoteTask;
}

/** What a worker hands back: the batch's counters (base64 of the Float64Array), or why it failed. */
export type RemoteResult = { readonly counters: string } | { readonly failure: { readonly code: string; readonly message: string } };

export function encodeCounters(data: Float64Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}

export function decodeCounters(text: string): Float64Array {
  const bytes = Buffer.from(text, 'base64');
  // Copied into an array of its own: the decoded bytes need not be aligned for a Float64Array view.
  const data = new Float64Array(bytes.length / Float64Array.BYTES_PER_ELEMENT);
  new Uint8Array(data.buffer).set(bytes);
  return data;
}

/** A batch's queue id: the hash of everything it carries, so a batch queued again is the same job. */
export function batchId(batch: RemoteBatch): string {
  // BullMQ refuses ids that read as integers, which a hash in hex could.
  return `batch-${createHash('sha256').update(JSON.stringify(batch)).digest('hex').slice(0, 32)}`;
}

export function taskGame(task: RemoteTask | Task): string {
  return task.kind === 'games' ? task.match.game : task.paired.game;
}

/** Every strategy spec a task names. */
export function taskSpecs(task: RemoteTask | Task): string[] {
  return task.kind === 'games' ? [...task.match.seats] : [task.paired.candidate, task.paired.baseline, ...task.paired.opponents];
}

/** The task with each strategy name that `rename` knows replaced (its parameters kept). */
export function renameStrategies<T extends RemoteTask>(task: T, rename: ReadonlyMap<string, string>): T {
  const renamed = (text: string) => {
    const spec = parseStrategySpec(text);
    const name = rename.get(spec.name);
    return name === undefined ? text : name + spec.text.slice(spec.name.length);
  };
  if (task.kind === 'games') return { ...task, match: { ...task.match, seats: task.match.seats.map(renamed) } };
  const { paired } = task;
  return {
    ...task,
    paired: {
      ...paired,
      candidate: renamed(paired.candidate),
      baseline: renamed(paired.baseline),
      opponents: paired.opponents.map(renamed),
    },
  };
}

// The threads' entries and the registry module they load: the code of a batch starts here.
const PLAYING_ENTRIES = ['src/runner/play/threads/worker.ts', 'src/runner/play/threads/bot-thread.ts', 'src/app.ts'];
// Strategy files load the strategy API (`parlor/strategy`, `parlor/strategy/<game>`: a confined
// file's bundle is built from them on the machine that plays it), and a trusted file may import
// the whole API (`parlor`).
const STRATEGY_API = 'src/strategy-api.ts';
const STRATEGY_API_FOLDER = 'src/strategy';
const WHOLE_API = 'src/index.ts';
const PROJECT_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
/** This process's code digests, without and with the whole API (see ownCode). */
const ownDigests = new Map<boolean, string>();

/**
 * What decides the results of a batch of `gameId` on this machine: the game's rule options in the
 * registry, and the sources of every module the batch's threads may run (the task player, the
 * engines, the built-in strategies, the bot host, the strategy API, and all they import), found
 * by following the imports from the threads' entries, the registry module and the API; with
 * `trusting` (a batch that trusts a strategy file), the whole API a trusted file may import. The
 * command line, statistics and reports otherwise only read results, and are not among them. Two
 * machines with the same fingerprint play a batch the same way; a worker whose fingerprint
 * differs from the job's refuses it rather than mix two versions of the code.
 */
export function playingFingerprint(registry: Registry, gameId: string, trusting: boolean): string {
  const options = JSON.stringify(registry.game(gameId).ruleOptions);
  return createHash('sha256').update(options).update(ownCode(trusting)).digest('hex').slice(0, 16);
}

/**
 * The digest of this process's playing code, read from the sources once per process: a worker
 * reads it as it starts (readPlayingCode), when its threads load that same code, so that sources
 * changed on disk later do not pass for the code it plays.
 */
function ownCode(trusting: boolean): string {
  let digest = ownDigests.get(trusting);
  if (digest === undefined) ownDigests.set(trusting, (digest = codeDigest(PROJECT_ROOT, trusting)));
  return digest;
}

/** Reads the playing code's digests now (see ownCode). */
export function readPlayingCode(): void {
  ownCode(false);
  ownCode(true);
}

/** The modules a batch's threads may run, by path from the project at `root` (see playingFingerprint). */
export function playingModules(root: string, trusting = false): string[] {
  const api = readdirSync(join(root, STRATEGY_API_FOLDER))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(STRATEGY_API_FOLDER, name));
  const entries = [...PLAYING_ENTRIES, STRATEGY_API, ...api, ...(trusting ? [WHOLE_API] : [])];
  const reached = reachedModules(root, entries, 'run');
  return [...reached, ...[...reached].flatMap((module) => assemblyProgram(root, module))].sort();
}

const ASSEMBLY_COMPILER = 'src/core/assembly.ts';
const URL_OF_SOURCE = /new URL\(\s*'(\.[^']+\.ts)'\s*,\s*import\.meta\.url\s*\)/g;

/**
 * The AssemblyScript sources `module` compiles at run time (a game's WebAssembly engine, through
 * core/assembly.ts), by path from `root`: it names its program's entry by URL, not by an import,
 * and every .ts file in the entry's folder is part of the program.
 */
function assemblyProgram(root: string, module: string): string[] {
  if (!importsOf(root, module, 'loaded').includes(ASSEMBLY_COMPILER)) return [];
  const source = readFileSync(join(root, module), 'utf8');
  return [...source.matchAll(URL_OF_SOURCE)].flatMap((match) => {
    const folder = dirname(join(dirname(module), match[1]));
    return readdirSync(join(root, folder))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(folder, name));
  });
}

/** The digest of the playing modules' paths and sources in the project at `root`. */
export function codeDigest(root: string, trusting = false): string {
  const hash = createHash('sha256');
  for (const file of playingModules(root, trusting)) hash.update(`\0${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest('hex');
}

/**
 * Why this machine must not play `batch` (another parlor, other rules or code, or a trusted file
 * where the worker runs every file confined), or null when it may.
 */
export function refusal(registry: Registry, batch: RemoteBatch, refusesTrust = false): string | null {
  if (batch.parlor !== version) return `it runs parlor ${version}, the job parlor ${batch.parlor}`;
  const game = taskGame(batch.task);
  if (!registry.gameIds().includes(game)) return `it has no game '${game}'`;
  const here = playingFingerprint(registry, game, batch.trusted.length > 0);
  if (batch.fingerprint !== here) {
    return `its ${game} rules or code differ from the job's (fingerprint ${here} here, ${batch.fingerprint} in the job)`;
  }
  if (refusesTrust && batch.trusted.length > 0)
    return `it runs every strategy file confined (--refuse-trust), and the job trusts ${batch.trusted.join(', ')}`;
  return null;
}

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Registry } from '../../core/registry.ts';
import { parseStrategySpec } from '../../core/strategy-spec.ts';
import type { GamesTask, PairedTask, Task } from '../tasks.ts';
import { version } from '../version.ts';
import type { StrategyBundle } from './bundles.ts';

/**
 * A task as it crosses machines: without the coordinator's registry module (a path there), a
 * worker-thread time limit (shared memory) or a results folder, which are each machine's own.
 */
export type RemoteTask = Omit<GamesTask, 'registry' | 'watch' | 'transcripts'> | Omit<PairedTask, 'registry' | 'watch'>;

/** One batch on the queue: the task and everything a worker checks or needs to play exactly it. */
export interface RemoteBatch {
  /** The coordinator's parlor version: a worker of another version refuses the batch. */
  readonly parlor: string;
  /** The fingerprint of the game's rules on the coordinator (see rulesFingerprint). */
  readonly rules: string;
  /** Seconds a strategy file may take per decision; null: not timed. */
  readonly moveTimeout: number | null;
  /** The strategy files of the task's specs, by the name the specs give them. */
  readonly strategies: Readonly<Record<string, StrategyBundle>>;
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

// The source files of a game's engine are read once per process.
const engineDigests = new Map<string, string>();

function engineDigest(gameId: string): string {
  let digest = engineDigests.get(gameId);
  if (digest === undefined) {
    const hash = createHash('sha256');
    const folder = fileURLToPath(new URL(`../../games/${gameId}/`, import.meta.url));
    if (existsSync(folder)) {
      const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((name) => statSync(join(folder, name)).isFile())
        .sort();
      for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(folder, file)));
    }
    digest = hash.digest('hex');
    engineDigests.set(gameId, digest);
  }
  return digest;
}

/**
 * What the game's rules are on this machine: its rule options and the source files of its engine
 * folder (src/games/<id>/). Two machines with the same fingerprint play the same rules the same
 * way; a worker whose fingerprint differs from the job's refuses it rather than mix two engines.
 */
export function rulesFingerprint(registry: Registry, gameId: string): string {
  const options = JSON.stringify(registry.game(gameId).ruleOptions);
  return createHash('sha256').update(options).update(engineDigest(gameId)).digest('hex').slice(0, 16);
}

/** Why this machine must not play `batch` (another parlor, other rules), or null when it may. */
export function refusal(registry: Registry, batch: RemoteBatch): string | null {
  if (batch.parlor !== version) return `it runs parlor ${version}, the job parlor ${batch.parlor}`;
  const game = taskGame(batch.task);
  if (!registry.gameIds().includes(game)) return `it has no game '${game}'`;
  const here = rulesFingerprint(registry, game);
  if (batch.rules !== here) return `its ${game} rules differ from the job's (rules fingerprint ${here} here, ${batch.rules} in the job)`;
  return null;
}

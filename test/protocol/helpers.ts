import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MatchPlayer } from '../../src/runner/play/batch.ts';
import type { Counters } from '../../src/runner/play/counters.ts';
import { newCounters, prepareMatch, type PreparedMatch, type StrategyResolver } from '../../src/runner/play/match.ts';
import { parseStrategySpec } from '../../src/core/strategy-spec.ts';
import {
  loopbackDefinition,
  newHostStats,
  playExternalRange,
  resolveStrategy,
  type ExternalOptions,
  type HostStats,
} from '../../src/protocol/index.ts';
import { resolveStrategy as resolveInProcess } from '../../src/runner/play/loading/strategies.ts';
import { TranscriptRecorder } from '../../src/runner/play/transcript.ts';
import { builtinRegistry } from '../../src/app.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { ANSWERING_SECONDS, PROMPT_MS } from '../helpers/patience.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The interpreter itself: a version manager's `python3` shim costs a quarter second per start. */
export const PYTHON = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();

/** Builds the example C bot with the system compiler; returns the executable's path. */
export function compileCBot(dir: string): string {
  const output = join(dir, 'random_bot');
  execFileSync('cc', ['-O2', '-o', output, join(ROOT, 'strategies/external/random_bot.c')]);
  return output;
}

function procEntries(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return null;
  }
}

/** [state, parent pid] from /proc/<pid>/stat (the command name may hold spaces and parentheses). */
function statOf(pid: number): [string, number] | null {
  const stat = readProc(pid, 'stat');
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [fields[0], Number(fields[1])];
}

/**
 * Whether the process has SIGKILL pending: the kernel has it marked to die and only has yet to run
 * it to its exit, which on a loaded machine can come after the kill() that sent it has returned.
 */
function killPending(pid: number): boolean {
  const status = readProc(pid, 'status') ?? '';
  const SIGKILL_BIT = 1n << 8n;
  return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some(([, mask]) => (BigInt(`0x${mask}`) & SIGKILL_BIT) !== 0n);
}

/**
 * Processes still alive whose environment holds `marker`: every bot and whatever it started.
 * Zombies are left out, and so are processes already sent SIGKILL, which nothing can stop dying.
 */
export function processesMarked(marker: string): number[] {
  return procEntries().filter((pid) => {
    const stat = statOf(pid);
    return stat !== null && stat[0] !== 'Z' && (readProc(pid, 'environ') ?? '').includes(marker) && !killPending(pid);
  });
}

/**
 * The FIFOs in /tmp that process `pid` made for its bots, in any of its threads: the whole shape
 * freshFifoName gives them, so an unrelated file that only starts alike is not counted.
 */
export function fifosLeftBy(pid: number): string[] {
  const named = new RegExp(`^p${pid.toString(36)}t[0-9a-z]+x[0-9a-z]+(In|Out)$`);
  return readdirSync('/tmp').filter((file) => named.test(file));
}

/** Children of this process that exited and were not reaped, each as its pid and command name. */
export function zombiesNow(): string[] {
  return procEntries()
    .filter((pid) => {
      const stat = statOf(pid);
      return stat !== null && stat[0] === 'Z' && stat[1] === process.pid;
    })
    .map((pid) => `${pid} ${(readProc(pid, 'comm') ?? '').trim()}`);
}

/**
 * Children of this process that exited and were never reaped, `besides` those found earlier. A
 * child's exit reaches the event loop a moment after it happens, later still on a loaded machine:
 * one reaped within that time is no leftover.
 */
export async function zombieChildren(besides: readonly string[] = [], counts: (zombie: string) => boolean = () => true): Promise<string[]> {
  const left = () => zombiesNow().filter((zombie) => !besides.includes(zombie) && counts(zombie));
  const deadline = performance.now() + PROMPT_MS;
  while (left().length > 0 && performance.now() < deadline) await sleep(20);
  return left();
}

/**
 * The zombie children that were bots: all but esbuild's. Run from its sources, as the tests run
 * it, parlor has tsx compile them in each worker thread it starts, on a thread Node starts for
 * that worker; where tsx's cache of compiled files is cold (a fresh machine), the esbuild child
 * that thread started is left unreaped when the worker ends. No bot is one, and a run from the
 * compiled bundle, as users run it, starts none (child-processes.test.ts in test/runner/job
 * checks parlor's own esbuild work).
 */
export function botZombies(): Promise<string[]> {
  return zombieChildren([], (zombie) => !zombie.endsWith(' esbuild'));
}

export interface PlayedMatch {
  readonly match: PreparedMatch;
  readonly player: MatchPlayer;
  readonly counters: Counters;
  readonly stats: HostStats;
}

export interface MatchOptions {
  /** Love Letter unless said. */
  readonly game?: string;
  readonly rules?: Record<string, string>;
  readonly seed?: string;
  /** Loads the seat specs; the protocol host's resolver (cmd: seats) by default. */
  readonly resolve?: StrategyResolver;
}

export async function prepareExternal(seats: readonly string[], options: MatchOptions = {}): Promise<MatchPlayer> {
  const spec = { game: options.game ?? 'love-letter', seats, rules: options.rules ?? {}, seed: options.seed ?? 'protocol tests' };
  const match = await prepareMatch(builtinRegistry(), spec, options.resolve ?? resolveStrategy);
  return new MatchPlayer(match, 'independent');
}

/**
 * Plays games [0, games) of a match-up through the host, as the runner does. Bots get the move
 * timeout of a loaded machine unless the test sets a shorter one to see a bot run out of time.
 */
export async function playExternal(
  seats: readonly string[],
  games: number,
  options: ExternalOptions & MatchOptions = {},
): Promise<PlayedMatch> {
  const player = await prepareExternal(seats, options);
  const counters = newCounters(player.match);
  const stats = options.stats ?? newHostStats();
  await playExternalRange(player, { offset: 0, from: 0, to: games }, counters, {
    ...options,
    moveTimeout: options.moveTimeout ?? ANSWERING_SECONDS,
    stats,
  });
  return { match: player.match, player, counters, stats };
}

/** Each game's transcript, and the counters, of a run: what a parity test compares. */
export interface Played {
  readonly transcripts: string[];
  readonly counters: Float64Array;
}

/** Plays games [0, games) of a match-up in-process, keeping each game's transcript. */
export async function playInProcess(
  game: string,
  seats: readonly string[],
  games: number,
  rules: Record<string, string>,
  seed: string,
): Promise<Played> {
  const match = await prepareMatch(builtinRegistry(), { game, seats, rules, seed });
  const player = new MatchPlayer(match, 'independent');
  const counters = newCounters(match);
  const table = player.tables[0];
  const transcripts: string[] = [];
  for (let index = 0; index < games; index++) {
    const recorder = new TranscriptRecorder(match.game, match.rules);
    recorder.beginGame(`game ${index}`);
    table.observer = recorder;
    player.play({ offset: 0, from: index, to: index + 1 }, counters);
    transcripts.push(`${recorder.lines.join('\n')}\n`);
  }
  table.observer = null;
  return { transcripts, counters: counters.data };
}

/** Loads seat specs as usual, except `name`, which plays the strategy file `path` through the protocol in this thread. */
export function loopbackResolver(name: string, path: string): StrategyResolver {
  return async (registry, gameId, spec) => {
    if (spec.text !== name) return resolveInProcess(registry, gameId, spec);
    const inner = await resolveInProcess(registry, gameId, parseStrategySpec(path));
    return { spec, definition: loopbackDefinition(gameId, inner), params: {} };
  };
}

/** Plays games [0, games) through the host with transcripts kept, and checks that no seat forfeited. */
export async function playHosted(
  seats: readonly string[],
  games: number,
  options: ExternalOptions & MatchOptions & { readonly resultsDir: string },
): Promise<Played & { readonly stats: HostStats }> {
  const { counters, stats } = await playExternal(seats, games, { ...options, transcripts: true });
  for (let slot = 0; slot < counters.layout.slots; slot++) assert.equal(forfeitsOf(counters, slot).size, 0, `slot ${slot} forfeited`);
  const transcripts = Array.from({ length: games }, (_, game) =>
    readFileSync(join(options.resultsDir, 'transcripts', `game-${game}.txt`), 'utf8'),
  );
  return { transcripts, counters: counters.data, stats };
}

/** A hosted transcript without the messages as they went over the wire, which a game played in-process has none of. */
export function withoutWire(transcript: string): string {
  return transcript.replace(/^\[wire [^\]]*\] .*\n/gm, '');
}

/** The same games: transcripts line for line (the wire's messages aside), and the same counts. */
export function assertSameGames(actual: Played, expected: Played): void {
  assert.equal(actual.transcripts.length, expected.transcripts.length);
  actual.transcripts.forEach((transcript, game) =>
    assert.equal(withoutWire(transcript), withoutWire(expected.transcripts[game]), `game ${game}`),
  );
  assert.deepEqual(Array.from(actual.counters), Array.from(expected.counters));
}

/** Forfeits of strategy slot `slot`, by reason code. */
export function forfeitsOf(counters: Counters, slot: number): Map<number, number> {
  const layout = counters.layout;
  const at = layout.forfeits(layout.slot(slot));
  const counts = new Map<number, number>();
  for (let reason = 0; reason < layout.forfeitReasons; reason++) {
    if (counters.data[at + reason] > 0) counts.set(reason, counters.data[at + reason]);
  }
  return counts;
}

/** Resources that keep Node's event loop alive, by type: what a finished run must not leave behind. */
export function liveHandles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

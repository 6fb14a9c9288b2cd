// Speed of hosting external bots: games per second against the example C bot (one process per
// seat and round, so process start-up dominates) on one and two concurrent ranges, and the cost
// per protocol message of the host itself. Run alone: node --import tsx test/bench/protocol.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loopbackDefinition, newHostStats, playExternalRange, resolveStrategy, type HostStats } from '../../src/protocol/index.ts';
import { MatchPlayer } from '../../src/runner/play/batch.ts';
import { Counters } from '../../src/runner/play/counters.ts';
import { prepareMatch, type PreparedMatch, type StrategyResolver } from '../../src/runner/play/match.ts';
import { builtinRegistry } from '../../src/app.ts';
import type { BenchLine } from './engine.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ProtocolBenchOptions {
  /** Short counts for a first look. */
  readonly quick?: boolean;
}

async function prepare(seats: readonly string[], resolve: StrategyResolver = resolveStrategy): Promise<PreparedMatch> {
  return prepareMatch(builtinRegistry(), { game: 'love-letter', seats, rules: {}, seed: 'bench' }, resolve);
}

/** Plays games [0, games) split over `workers` ranges in flight at once, as the runner's lanes do. */
async function playSplit(match: PreparedMatch, games: number, workers: number, stats: HostStats): Promise<void> {
  const share = Math.ceil(games / workers);
  await Promise.all(
    Array.from({ length: workers }, async (_, lane) => {
      const from = Math.min(games, lane * share);
      const to = Math.min(games, from + share);
      const counters = new Counters(match.layout);
      await playExternalRange(new MatchPlayer(match, 'independent'), { offset: 0, from, to }, counters, { stats });
    }),
  );
}

function messages(stats: HostStats): number {
  return stats.linesSent + stats.linesReceived;
}

async function benchCBot(bot: string, games: number, workers: number): Promise<BenchLine> {
  const match = await prepare([`cmd:${bot} 2`, `cmd:${bot} 2`]);
  const stats = newHostStats();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await playSplit(match, games, workers, stats);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    bench: 'protocol',
    bot: 'c',
    workers,
    games,
    gamesPerSecond: round(games / seconds),
    botsPerSecond: round(stats.botsStarted / seconds),
    messagesPerGame: round(messages(stats) / games),
    // This process's CPU (spawning included) per message exchanged with the bots.
    hostCpuMicrosPerMessage: round((used.user + used.system) / messages(stats)),
  };
}

/**
 * The protocol layer's cost per message without processes: the same games played by a strategy
 * in-process and through the loopback (host formatting and parsing, the bot's reading and
 * answering), the difference divided by the messages exchanged.
 */
async function benchLoopback(games: number): Promise<BenchLine> {
  const inner = await resolveStrategy(builtinRegistry(), 'love-letter', { text: 'random', name: 'random', params: {} });
  const throughProtocol: StrategyResolver = async (registry, gameId, spec) =>
    spec.text === 'looped' ? { spec, definition: loopbackDefinition(gameId, inner), params: {} } : resolveStrategy(registry, gameId, spec);
  const direct = await prepare(['random', 'random']);
  const looped = await prepare(['looped', 'looped'], throughProtocol);
  const baseline = await timed(() => playSplit(direct, games, 1, newHostStats()));
  const stats = newHostStats();
  const hosted = await timed(() => playSplit(looped, games, 1, stats));
  return {
    bench: 'protocol',
    bot: 'loopback',
    workers: 1,
    games,
    gamesPerSecond: round(games / hosted),
    messagesPerGame: round(messages(stats) / games),
    microsPerMessage: round(((hosted - baseline) * 1e6) / messages(stats)),
  };
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Reports one line per measurement: the C bot on one and two ranges, then the loopback. */
export async function benchProtocol(options: ProtocolBenchOptions, report: (line: BenchLine) => void): Promise<void> {
  const games = options.quick ? 16 : 60;
  const scratch = mkdtempSync(join(tmpdir(), 'parlor-bench-'));
  try {
    const bot = join(scratch, 'random_bot');
    execFileSync('cc', ['-O2', '-o', bot, join(ROOT, 'strategies/external/random_bot.c')]);
    report(await benchCBot(bot, games, 1));
    report(await benchCBot(bot, games, 2));
    report(await benchLoopback(options.quick ? 300 : 2000));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchProtocol({ quick: process.argv.includes('--quick') }, (line) => process.stdout.write(`${JSON.stringify(line)}\n`));
}

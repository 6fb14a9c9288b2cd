import type { Registry } from '../../core/registry.ts';
import { MatchPlayer, type GameRange } from './batch.ts';
import { BotTableGuard, SharedChoiceGuard, timedGuard, type ChoiceGuard } from './choice-guard.ts';
import { Counters } from './counters.ts';
import { blockGames } from './design.ts';
import { prepareMatch, type MatchSpec, type StrategyResolver } from './match.ts';
import { PairedCounters, PairedLayout, pairedArms, pairedMeasure } from '../compare/paired.ts';
import { resolveStrategy } from './loading/strategies.ts';
import type { DetailTask, StartTask, Task, TimingTask } from './tasks.ts';
import { chooseBatchGames } from './calibrate.ts';
import { playTranscribed } from './transcript.ts';
import { replayedDetail } from './forfeit-replay.ts';

/** How a task's games get played: in this thread, or through a host of external seats. */
export type RangePlay = (player: MatchPlayer, range: GameRange, counters: Counters, signal?: AbortSignal) => Promise<void>;

// Enough for every seating of a tournament among a handful of strategies; older entries go first.
const CACHE_LIMIT = 256;

/**
 * Plays tasks, keeping what is costly to build: registries, loaded strategies and each match-up's
 * tables. A worker thread keeps one for its life; the main thread keeps one per external host.
 * Players are lent out per task, so concurrent asynchronous tasks never share a table.
 */
export class TaskPlayer {
  private readonly registries = new Map<string, Promise<Registry>>();
  private readonly idle = new Map<string, MatchPlayer[]>();
  private readonly playRange: RangePlay | null;
  private readonly resolve: StrategyResolver;
  /** The limit on choices of games played in this thread, when the tasks do not bring their own. */
  private readonly ownGuard: ChoiceGuard | null;

  /**
   * Without `playRange`, games are played synchronously in this thread. `moveTimeout` (seconds)
   * limits the in-process choices of games played here; a worker's tasks bring their limit along.
   */
  constructor(playRange: RangePlay | null = null, resolve: StrategyResolver = resolveStrategy, moveTimeout?: number) {
    this.playRange = playRange;
    this.resolve = resolve;
    this.ownGuard = timedGuard(moveTimeout);
  }

  async run(task: Task, signal?: AbortSignal): Promise<Float64Array> {
    // A task whose games await bots shares its thread with others: no watchdog may end it for one call.
    const guard = task.watch ? (this.playRange ? new BotTableGuard(task.watch) : new SharedChoiceGuard(task.watch)) : this.ownGuard;
    if (task.kind === 'games') {
      const player = await this.borrow(task.registry, task.match, task.design, guard);
      try {
        const counters = new Counters(player.match.layout);
        const range = { offset: task.offset, from: task.from, to: task.to };
        if (this.playRange) await this.playRange(player, range, counters, signal);
        else if (task.transcripts !== undefined) await playTranscribed(player, range, counters, task.transcripts);
        else player.play(range, counters);
        return counters.data;
      } finally {
        this.giveBack(task.registry, player);
      }
    }
    const arms = pairedArms(task.paired);
    const candidate = await this.borrow(task.registry, arms.candidate, task.paired.design, guard);
    const baseline = await this.borrow(task.registry, arms.baseline, task.paired.design, guard);
    try {
      const players = arms.candidate.seats.length;
      const layout = new PairedLayout(
        candidate.match.layout,
        baseline.match.layout,
        blockGames(task.paired.design, players),
        pairedMeasure(candidate.match.game, task.paired),
      );
      const counters = new PairedCounters(layout);
      const playRange = this.playRange;
      if (playRange) {
        const play = (arm: MatchPlayer, range: GameRange, armCounters: Counters) => playRange(arm, range, armCounters, signal);
        await counters.playAsync(play, candidate, baseline, 0, task.fromBlock, task.toBlock);
      } else counters.play(candidate, baseline, 0, task.fromBlock, task.toBlock);
      return counters.data;
    } finally {
      this.giveBack(task.registry, candidate);
      this.giveBack(task.registry, baseline);
    }
  }

  /**
   * Games per task for the job (chooseBatchGames), timed on tables of their own: what the timed
   * games teach a strategy stays out of the tables that play the job.
   */
  async timeBatches(task: TimingTask): Promise<number> {
    const registry = await this.loadRegistry(task.registry);
    // Their creation is timed as the job's own tables time it.
    const guard = timedGuard(task.moveTimeout);
    const players: MatchPlayer[] = [];
    for (const spec of task.matches) players.push(new MatchPlayer(await prepareMatch(registry, spec, this.resolve), task.design, guard));
    return chooseBatchGames(players, task.games, task.workers, task.moveTimeout);
  }

  /** Creates the match-up's seats (see StartTask), keeping its tables for the games. */
  async checkStart(task: StartTask): Promise<void> {
    if (this.idle.get(playerKey(task.registry, task.match, task.design))?.length) return;
    const match = await prepareMatch(await this.loadRegistry(task.registry), task.match, this.resolve);
    const guard = timedGuard(task.moveTimeout);
    this.giveBack(task.registry, new MatchPlayer(match, task.design, guard));
  }

  /**
   * What went wrong in a forfeit's game (see DetailTask), played again on tables made for it:
   * the cached ones have played other games, which a strategy may have learnt from.
   */
  async replayDetail(task: DetailTask): Promise<string | undefined> {
    const match = await prepareMatch(await this.loadRegistry(task.registry), task.match, this.resolve);
    return replayedDetail(new MatchPlayer(match, task.design, timedGuard(task.moveTimeout)), task.offset, task.note);
  }

  /** The registry of the module at `url`, loaded once per thread. */
  loadRegistry(url: string): Promise<Registry> {
    let registry = this.registries.get(url);
    if (!registry) {
      registry = import(url).then((module: { builtinRegistry(): Registry }) => module.builtinRegistry());
      this.registries.set(url, registry);
    }
    return registry;
  }

  private async borrow(
    registryUrl: string,
    spec: MatchSpec,
    design: MatchPlayer['design'],
    guard: ChoiceGuard | null,
  ): Promise<MatchPlayer> {
    const key = playerKey(registryUrl, spec, design);
    const ready = this.idle.get(key)?.pop();
    if (!ready) return new MatchPlayer(await prepareMatch(await this.loadRegistry(registryUrl), spec, this.resolve), design, guard);
    ready.guardChoices(guard);
    return ready;
  }

  private giveBack(registryUrl: string, player: MatchPlayer): void {
    const key = playerKey(registryUrl, player.match.spec, player.design);
    const list = this.idle.get(key) ?? [];
    list.push(player);
    this.idle.delete(key);
    this.idle.set(key, list);
    if (this.idle.size > CACHE_LIMIT) this.idle.delete(this.idle.keys().next().value as string);
  }
}

function playerKey(registryUrl: string, spec: MatchSpec, design: string): string {
  return JSON.stringify([registryUrl, spec.game, spec.seats, spec.rules, spec.seed, spec.dealGroups, design]);
}
